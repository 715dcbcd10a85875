import Foundation

/// Whether a recording plausibly holds speech, decided from the audio alone, before and
/// whatever any engine says of it. Three signs, each cheap:
/// - speech rises well above its own pauses, while a fan, hiss or hum stays level: the spread
///   between the loud (90th percentile) and quiet (10th percentile) 10 ms frames;
/// - speech is voiced: its loud frames repeat at a pitch of 80–400 Hz for a syllable or more
///   (breath, clicks and noise bursts do not);
/// - a voice spreads its energy over many harmonics and formants, where tones and chords put
///   nearly all of it into a few spectral lines.
/// So no recogniser is trusted to find words in steady noise, clicks or music (where Whisper
/// invents them).
public struct SpeechPresence: Sendable {
    /// Per 10 ms frame: its energy, and for voiced frames how peaky its spectrum is (else nil).
    private var energies: [Double] = []
    private var voicing: [Float?] = []
    /// Samples not yet looked at (a frame's spectrum needs `window` samples from its start).
    private var buffer: [Float] = []
    /// Frames of 10 ms at 16 kHz.
    private let frameLength = 160
    /// The spectrum of a frame is taken over 32 ms (512 samples).
    private static let window = 512
    /// The loud frames must be this many dB above the quiet ones.
    public var minimumSpreadDB = 12.0
    /// And at least this loud (RMS, 0…1): about -60 dBFS. A quiet laptop microphone (speech
    /// peaking at -36 dBFS) has its loud frames at 0.0021–0.0046 (development voices): at
    /// -50 dBFS half of its takes were thrown away before either ear heard them.
    public var minimumLevel = 0.001
    /// The longest voiced stretch must last this many frames (80 ms: about one syllable).
    public var minimumVoicedFrames = 8
    /// The share of a voiced frame's energy (0–4 kHz) in its 12 strongest spectral bins, above
    /// which the sound is a tone, not a voice. Measured (median over a take's voiced frames):
    /// speech 0.73–0.997 (espeak-ng, flite, Festival, human recordings; flite's slt voice is the
    /// peakiest), sine chords 0.9998 and above. Instruments rich in harmonics are not told apart.
    public var maximumPeakiness: Float = 0.999

    public init() {}

    public mutating func add(_ samples: [Int16]) {
        buffer += samples.lazy.map(Float.init)
        while buffer.count >= Self.window {
            let frame = buffer.prefix(frameLength)
            energies.append(frame.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(frameLength))
            voicing.append(Self.voiced(buffer) ? Self.peakiness(buffer) : nil)
            buffer.removeFirst(frameLength)
        }
    }

    /// The loud–quiet spread in dB (0 with too little audio).
    public var spreadDB: Double {
        guard let (loud, quiet) = levels else { return 0 }
        return 10 * log10(loud / quiet)
    }

    /// The 90th and 10th percentile frame energies (at least 1), nil with under 10 frames.
    private var levels: (loud: Double, quiet: Double)? {
        guard energies.count >= 10 else { return nil }
        let sorted = energies.sorted()
        return (max(sorted[sorted.count * 9 / 10], 1), max(sorted[sorted.count / 10], 1))
    }

    /// Whether the last quarter second sounds like speech: the recording so far rises and falls
    /// as speech does, and those frames are nearer its loud level than its quiet one (in dB).
    /// This is what `auto_stop` listens to; its silence is the quiet level the recording has shown.
    public var speakingNow: Bool {
        let recent = 25
        guard loudAndUneven, energies.count >= recent, let (loud, quiet) = levels else { return false }
        let now = max(energies.suffix(recent).reduce(0, +) / Double(recent), 1)
        return log10(now / quiet) >= log10(loud / quiet) / 2
    }

    /// The energy signs alone: loud enough, and rising well above its own pauses.
    private var loudAndUneven: Bool {
        guard let (loud, _) = levels else { return false }
        return spreadDB >= minimumSpreadDB && (loud.squareRoot() / 32768) >= minimumLevel
    }

    /// Frames loud enough to count: above the midpoint (in dB) of the quiet and loud levels.
    private var activeVoicing: [Float?] {
        guard let (loud, quiet) = levels else { return [] }
        let middle = (loud * quiet).squareRoot()
        return zip(energies, voicing).map { $0 >= middle ? $1 : nil }
    }

    /// All three signs of speech.
    public var likelySpeech: Bool {
        guard loudAndUneven else { return false }
        let active = activeVoicing
        guard Self.longestRun(active) >= minimumVoicedFrames else { return false }
        let peaks = active.compactMap { $0 }.sorted()
        return peaks[peaks.count / 2] < maximumPeakiness
    }

    /// Seconds of loud voiced frames: how much was said, roughly (0 when no speech).
    public var voicedSeconds: Double {
        guard likelySpeech else { return 0 }
        return Double(activeVoicing.lazy.compactMap { $0 }.count) / 100
    }

    /// The longest stretch of voiced frames, gaps of up to two frames bridged.
    static func longestRun(_ frames: [Float?]) -> Int {
        var longest = 0, run = 0, gap = 0
        for frame in frames {
            if frame != nil {
                run += 1
                gap = 0
            } else {
                gap += 1
                if gap > 2 { run = 0 }
            }
            longest = max(longest, run)
        }
        return longest
    }

    /// A pitch period of 2.5–12.5 ms (lags 40–200 samples) repeats the frame's first 200
    /// samples with a normalised correlation above 0.6.
    static func voiced(_ samples: [Float]) -> Bool {
        let count = 400
        let mean = samples.prefix(count).reduce(0, +) / Float(count)
        let x = samples.prefix(count).map { $0 - mean }
        let head = Array(x[0..<200])
        let headEnergy = head.reduce(0) { $0 + $1 * $1 }
        guard headEnergy > 0 else { return false }
        for lag in 40...200 {
            var dot: Float = 0, energy: Float = 0
            for i in 0..<200 {
                dot += head[i] * x[lag + i]
                energy += x[lag + i] * x[lag + i]
            }
            if energy > 0, dot > 0.6 * (headEnergy * energy).squareRoot() { return true }
        }
        return false
    }

    /// Cosine and sine of the 129 DFT bins from 0 to 4 kHz over a Hann-windowed 512-sample frame.
    private static let basis: (cos: [[Float]], sin: [[Float]], hann: [Float]) = {
        let n = window
        func turn(_ k: Int, _ i: Int) -> Double { 2 * Double.pi * Double(k * i) / Double(n) }
        return (
            (0...128).map { k in (0..<n).map { Float(cos(turn(k, $0))) } },
            (0...128).map { k in (0..<n).map { Float(sin(turn(k, $0))) } },
            (0..<n).map { Float(0.5 - 0.5 * cos(turn(1, $0))) }
        )
    }()

    /// The share of the frame's 0–4 kHz energy in its 12 strongest bins.
    static func peakiness(_ samples: [Float]) -> Float {
        let (cos, sin, hann) = basis
        let x = (0..<window).map { samples[$0] * hann[$0] }
        var power = [Float](repeating: 0, count: cos.count)
        for k in 0..<cos.count {
            var re: Float = 0, im: Float = 0
            for i in 0..<window {
                re += x[i] * cos[k][i]
                im += x[i] * sin[k][i]
            }
            power[k] = re * re + im * im
        }
        let total = power.reduce(0, +)
        guard total > 0 else { return 1 }
        return power.sorted(by: >).prefix(12).reduce(0, +) / total
    }
}
