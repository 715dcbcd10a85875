import Foundation
import VoiceshCore

/// Learns which ear to trust for this user: the two-ear choice's weights fitted to recordings
/// whose words are known, heard by both ears as a session hears them. Every fifth recording is
/// held back (the same ones the voice learner holds back), the weights are fitted from the
/// shipped ones, and they are kept (`ear-choice-shell.json` beside the learnt voice) only when they
/// choose more of the held-back right than both the weights in use and the shipped ones. A tie
/// keeps nothing: replayed users whose fits only tied (made the right lines likelier) chose
/// fewer of their later takes right as often as more. They are fitted for the ear `adapt`
/// hears with (Whisper adapted to shell talk).
public struct ChoiceLearner: Sendable {
    public let voiceDirectory: String
    public let holdBackEvery = 5

    public struct Status: Codable, Sendable, Equatable {
        /// Recordings the weights were fitted to, and those held back to check them.
        public var learntFrom: Int
        public var heldBack: Int
        /// Held-back recordings the choice in use, and the new one, chose right.
        public var before: Int
        public var after: Int
        /// Each ear's own reading was the right line in this many recordings (of all).
        public var pocketsphinxRight: Int
        public var whisperRight: Int
        public var kept: Bool
        /// When it ran (nil in a status not yet written).
        public var lastRun: Date?
    }

    public init(voiceDirectory: String) {
        self.voiceDirectory = voiceDirectory
    }

    /// Where the user's weights are kept: named for the ear they were fitted on. Weights learnt
    /// before the ear was adapted to shell talk (`ear-choice.json`) weigh what base's decoder
    /// said of a take, so they are left unused, and the shipped ones choose until `adapt` runs.
    public static func file(in voiceDirectory: String) -> String { voiceDirectory + "/ear-choice-shell.json" }

    /// What the last run found (for `voicesh stats`), nil before one.
    public func status() -> Status? {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return FileManager.default.contents(atPath: statusFile).flatMap { try? decoder.decode(Status.self, from: $0) }
    }

    private var statusFile: String { voiceDirectory + "/ear-choice-shell-status.json" }

    /// Hears every sample with `ears` and learns from what each ear heard; nil when Whisper
    /// heard too few of them to learn from (fewer than `holdBackEvery`). `heard` is told how
    /// many samples are heard so far.
    public func learn(
        _ samples: [SpeakerAdaptation.Sample], ears: TwoEarEngine, heard: @Sendable (Int) -> Void = { _ in }
    ) async throws(EngineError) -> Status? {
        let shell = SpokenShell()
        var examples: [EarFusion.Example] = []
        var places: [Int] = []
        for (index, sample) in samples.enumerated() {
            heard(index)
            let frames = AudioFrame.frames(of: sample.samples)
            let stream = AsyncStream<AudioFrame> { continuation in
                for frame in frames { continuation.yield(frame) }
                continuation.finish()
            }
            do throws(EngineError) {
                _ = try await ears.transcribe(EngineRequest(stream)) { _ in }
            } catch .noSpeech {
                continue
            }
            guard let decision = ears.lastDecision else { continue }
            let right = shell.normalize(SpeakerAdaptation.spokenWords(sample.text).joined(separator: " "))
            examples.append(EarFusion.Example(readings: decision.readings, take: decision.take, right: right))
            places.append(index)
        }
        let shipped = EarWeights.shipped.map(EarFusion.init(weights:))
        return learn(examples, at: places, inUse: EarWeights.fusion(voiceDirectory: voiceDirectory), origin: shipped)
    }

    /// Fits and checks the weights on examples already heard (the part with no ears). `places`:
    /// each example's place among the recordings, which says whether it is held back (its own
    /// order when nil). The fit starts from `origin` (the shipped weights, never fitted on this
    /// user's recordings; the choice in use when nil).
    func learn(
        _ examples: [EarFusion.Example], at places: [Int]? = nil, inUse: EarFusion, origin: EarFusion? = nil
    ) -> Status? {
        let places = places ?? Array(examples.indices)
        let held = { (i: Int) in places[i] % holdBackEvery == holdBackEvery - 1 }
        let heldBack = examples.indices.filter(held).map { examples[$0] }
        let training = examples.indices.filter { !held($0) }.map { examples[$0] }
        let origin = origin ?? inUse
        guard !heldBack.isEmpty, let fitted = origin.fitted(to: training), let weights = fitted.weights else {
            return nil
        }
        func right(_ ear: (EarFusion.Reading) -> Bool) -> Int {
            examples.filter { example in example.readings.contains { ear($0) && $0.shell == example.right } }.count
        }
        var status = Status(
            learntFrom: training.count, heldBack: heldBack.count, before: inUse.chosenRight(heldBack),
            after: fitted.chosenRight(heldBack), pocketsphinxRight: right { $0.pocketsphinxRank == 0 },
            whisperRight: right { $0.whisperRank == 0 }, kept: false, lastRun: nil)
        // More chosen right than both the choice in use and the one it started from: a fit that
        // only moved, or made the right lines likelier, is unproven (18 held-back takes of a
        // replayed user tied while 183 later ones fell by five).
        status.kept =
            status.after > max(status.before, origin.chosenRight(heldBack))
            && write(
                Kept(readings: weights.readings, none: weights.none, shipped: EarWeights.shipped),
                to: Self.file(in: voiceDirectory))
        status.lastRun = Date()
        _ = write(status, to: statusFile)
        return status
    }

    /// The user's weights as kept, with the shipped weights of the voicesh they chose better
    /// than: read as weights (`EarWeights.read`), and used only while voicesh ships those same
    /// weights (`EarWeights.learnt`). A newer voicesh's refitted choice was not what they beat.
    struct Kept: Codable {
        var readings: [EarFusion.Feature: Double]
        var none: [EarFusion.NoneFeature: Double]
        var shipped: EarFusion.Weights?
    }

    /// Puts a file in place by a rename: a run killed halfway leaves the old one.
    private func write(_ value: some Encodable, to path: String) -> Bool {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        let staging = path + ".new"
        try? FileManager.default.createDirectory(atPath: voiceDirectory, withIntermediateDirectories: true)
        guard let data = try? encoder.encode(value),
            FileManager.default.createFile(atPath: staging, contents: data, attributes: [.posixPermissions: 0o600])
        else { return false }
        return rename(staging, path) == 0
    }
}
