import Foundation

/// Whether a recording plausibly holds speech: speech rises well above its own pauses, while
/// a fan, hiss or hum stays level. Measured as the spread between the loud (90th percentile)
/// and quiet (10th percentile) 10 ms frames, so a recogniser is never asked to find words in
/// steady noise (where it would invent them).
public struct SpeechPresence: Sendable {
    private var energies: [Double] = []
    private var pending: [Int16] = []
    /// Frames of 10 ms at 16 kHz.
    private let frameLength = 160
    /// The loud frames must be this many dB above the quiet ones.
    public var minimumSpreadDB = 12.0
    /// And at least this loud (RMS, 0…1): about -50 dBFS.
    public var minimumLevel = 0.003

    public init() {}

    public mutating func add(_ samples: [Int16]) {
        pending += samples
        while pending.count >= frameLength {
            let frame = pending.prefix(frameLength)
            energies.append(frame.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(frameLength))
            pending.removeFirst(frameLength)
        }
    }

    /// The loud–quiet spread in dB (0 with too little audio).
    public var spreadDB: Double {
        guard energies.count >= 10 else { return 0 }
        let sorted = energies.sorted()
        let loud = sorted[sorted.count * 9 / 10], quiet = max(sorted[sorted.count / 10], 1)
        return 10 * log10(max(loud, 1) / quiet)
    }

    /// Whether the last quarter second sounds like speech: the recording so far holds speech,
    /// and those frames are nearer its loud level than its quiet one (in dB). This is what
    /// `auto_stop` listens to; its silence is the quiet level the recording has shown.
    public var speakingNow: Bool {
        let recent = 25
        guard likelySpeech, energies.count >= recent else { return false }
        let sorted = energies.sorted()
        let loud = max(sorted[sorted.count * 9 / 10], 1), quiet = max(sorted[sorted.count / 10], 1)
        let now = max(energies.suffix(recent).reduce(0, +) / Double(recent), 1)
        return log10(now / quiet) >= log10(loud / quiet) / 2
    }

    public var likelySpeech: Bool {
        guard let loud = energies.sorted().dropFirst(energies.count * 9 / 10).first else { return false }
        return spreadDB >= minimumSpreadDB && (loud.squareRoot() / 32768) >= minimumLevel
    }
}
