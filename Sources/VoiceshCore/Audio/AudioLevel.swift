import Foundation

/// How loud a stretch of PCM16 audio is, in dB relative to full scale (0 dBFS is the loudest
/// a sample can be): what `voicesh doctor` says of a short reading from the microphone.
public struct AudioLevel: Equatable, Sendable {
    /// The loudest sample, 0…1 of full scale.
    public var peak: Double
    /// The root mean square, 0…1 of full scale.
    public var rms: Double
    public var samples: Int

    public init(_ samples: [Int16]) {
        self.samples = samples.count
        var loudest = 0
        var sum = 0.0
        for sample in samples {
            let value = Int(sample)
            loudest = max(loudest, abs(value))
            sum += Double(value) * Double(value)
        }
        peak = Double(loudest) / 32768
        rms = samples.isEmpty ? 0 : (sum / Double(samples.count)).squareRoot() / 32768
    }

    /// Every sample zero: a muted or absent input (ALSA's `null` device gives exactly this).
    public var isSilent: Bool { peak == 0 }

    /// `value` (0…1 of full scale) in dBFS, or nil for silence.
    public static func decibels(_ value: Double) -> Double? {
        value > 0 ? 20 * log10(value) : nil
    }

    /// "peak -12 dBFS, RMS -30 dBFS", or "silent (every sample zero)".
    public var description: String {
        guard let peakDB = Self.decibels(peak), let rmsDB = Self.decibels(rms) else {
            return "silent (every sample zero)"
        }
        return String(format: "peak %.0f dBFS, RMS %.0f dBFS", peakDB, rmsDB)
    }
}
