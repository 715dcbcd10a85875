import Foundation

/// What the microphone's channel passes, told from its audio: the whole 16 kHz band, or a
/// narrowband link (a Bluetooth hands-free headset, a phone line) sampled at 8 kHz and brought
/// back to 16 kHz by the capture, with nothing above 4 kHz.
public enum Channel: String, Sendable, Codable, Equatable {
    case wideband, narrowband
}

/// Tells the channel from 16 kHz audio as it arrives: the power at 4.7–7.3 kHz against the
/// power at 2–3.1 kHz, over Hann-windowed 32 ms blocks. Any microphone's own noise floor fills
/// the high band (measured: -30 to 0 dB against the lower band on clean, echoing, fan-noisy and
/// quiet-laptop takes, speech or room tone alone); a link sampled at 8 kHz leaves it empty
/// (-45 to -70 dB). Digital silence tells nothing and decides nothing.
public struct ChannelDetector: Sendable {
    /// Below this high-to-reference power ratio the channel is narrowband.
    static let thresholdDB = -40.0
    /// Blocks with a reference band above the floor that a decision needs (0.25 s).
    static let blocksNeeded = 8
    static let size = 512
    /// DFT bins (31.25 Hz each): above a telephone band's edge, and inside it.
    static let highBins = [150, 165, 180, 195, 210, 225, 235]
    static let referenceBins = [64, 76, 88, 100]
    /// Hann-windowed cosine and sine rows, one pair per bin (high bins first).
    private static let basis: [(cos: [Float], sin: [Float])] = (highBins + referenceBins).map { bin in
        let rows = (0..<size).map { n -> (Float, Float) in
            let window = 0.5 - 0.5 * cos(2 * Double.pi * Double(n) / Double(size - 1))
            let phase = 2 * Double.pi * Double(bin * n) / Double(size)
            return (Float(window * cos(phase)), Float(window * sin(phase)))
        }
        return (rows.map(\.0), rows.map(\.1))
    }

    private var pending: [Float] = []
    private var high = 0.0
    private var reference = 0.0
    private var blocks = 0

    public init() {}

    /// The channel once enough sound has been heard; nil before (or for digital silence).
    public var channel: Channel? {
        guard blocks >= Self.blocksNeeded else { return nil }
        return ratioDB < Self.thresholdDB ? .narrowband : .wideband
    }

    /// The high band's mean power against the reference band's, in dB.
    var ratioDB: Double {
        let perHigh = high / Double(Self.highBins.count)
        let perReference = reference / Double(Self.referenceBins.count)
        return 10 * log10(max(perHigh, 1e-12) / max(perReference, 1e-12))
    }

    public mutating func add(_ samples: [Int16]) {
        pending += samples.map(Float.init)
        while pending.count >= Self.size {
            measure(pending.prefix(Self.size))
            pending.removeFirst(Self.size)
        }
    }

    private mutating func measure(_ block: ArraySlice<Float>) {
        let start = block.startIndex
        let powers = Self.basis.map { row -> Double in
            var re: Float = 0
            var im: Float = 0
            for n in 0..<Self.size {
                re += block[start + n] * row.cos[n]
                im += block[start + n] * row.sin[n]
            }
            return Double(re * re + im * im)
        }
        let lower = powers.suffix(Self.referenceBins.count).reduce(0, +)
        // A block of digital silence or a sample's dither says nothing about the channel.
        guard lower > Double(Self.size) * 4 else { return }
        high += powers.prefix(Self.highBins.count).reduce(0, +)
        reference += lower
        blocks += 1
    }

    /// The channel of a whole recording (nil: too little sound to tell).
    public static func channel(of samples: [Int16]) -> Channel? {
        var detector = ChannelDetector()
        detector.add(samples)
        return detector.channel
    }
}
