import Foundation

/// A windowed-sinc resampler (Kaiser window, β = 8.6, 32 zero crossings): band-limits to
/// 0.95 × the lower Nyquist frequency before changing the rate, so downsampling does not
/// alias. Exact for any pair of rates; one pass over the input.
public struct Resampler: Sendable {
    public let inputRate: Int
    public let outputRate: Int
    private let zeroCrossings = 32
    private let beta = 8.6

    public init(from inputRate: Int, to outputRate: Int) {
        self.inputRate = inputRate
        self.outputRate = outputRate
    }

    public func process(_ input: [Float]) -> [Float] {
        guard inputRate != outputRate, !input.isEmpty, inputRate > 0, outputRate > 0 else { return input }
        let ratio = Double(outputRate) / Double(inputRate)
        // Cut-off relative to the input rate: the lower of the two Nyquist frequencies, with a margin.
        let cutoff = 0.95 * min(1.0, ratio)
        let halfWidth = Double(zeroCrossings) / cutoff  // in input samples
        let kernel = Kernel(cutoff: cutoff, halfWidth: halfWidth, beta: beta, steps: zeroCrossings * 512)
        let outputCount = Int((Double(input.count) * ratio).rounded(.down))
        var output = [Float](repeating: 0, count: outputCount)
        for n in 0..<outputCount {
            let center = Double(n) / ratio
            let first = max(0, Int((center - halfWidth).rounded(.up)))
            let last = min(input.count - 1, Int((center + halfWidth).rounded(.down)))
            guard first <= last else { continue }
            var sum: Float = 0
            for k in first...last { sum += input[k] * kernel.value(at: abs(Double(k) - center)) }
            output[n] = sum
        }
        return output
    }

    /// The windowed sinc, tabulated once per conversion and read with linear interpolation.
    private struct Kernel {
        let table: [Float]
        let scale: Double

        init(cutoff: Double, halfWidth: Double, beta: Double, steps: Int) {
            let i0 = Resampler.besselI0(beta)
            table = (0...steps + 1).map { i in
                let x = min(halfWidth, Double(i) * halfWidth / Double(steps))
                let t = x / halfWidth
                let window = Resampler.besselI0(beta * max(0, 1 - t * t).squareRoot()) / i0
                let sinc = x == 0 ? 1 : sin(Double.pi * cutoff * x) / (Double.pi * cutoff * x)
                return Float(cutoff * sinc * window)
            }
            scale = Double(steps) / halfWidth
        }

        func value(at distance: Double) -> Float {
            let position = distance * scale
            let i = Int(position)
            guard i + 1 < table.count else { return 0 }
            let fraction = Float(position - Double(i))
            return table[i] + (table[i + 1] - table[i]) * fraction
        }
    }

    /// The zeroth-order modified Bessel function of the first kind, by its power series.
    static func besselI0(_ x: Double) -> Double {
        var sum = 1.0, term = 1.0
        let half = x / 2
        for k in 1..<32 {
            term *= (half / Double(k)) * (half / Double(k))
            sum += term
            if term < 1e-12 * sum { break }
        }
        return sum
    }
}
