import Foundation
import VoiceshCore

/// Learning the voice from use: adapts the stock model to the user's kept recordings
/// (`SpeakerAdaptation`) and replaces the voice in use only when the new one hears a slice of
/// those recordings, held back from training, at least as well. So learning never makes the
/// engine worse on the user's own speech, and a run that fails or is killed leaves the old
/// voice in place: the new model is built in scratch space and swapped in by renames.
public struct VoiceLearner: Sendable {
    /// How a voice heard the held-back recordings: better is more exact, then fewer word errors.
    public struct Score: Codable, Equatable, Sendable {
        public var exact: Int
        public var wordErrors: Int
        public var recordings: Int

        public func isAtLeast(_ other: Score) -> Bool {
            exact != other.exact ? exact > other.exact : wordErrors <= other.wordErrors
        }
    }

    /// What the last run did (`voicesh adapt --status`), kept beside the voice.
    public struct Status: Codable, Equatable, Sendable {
        /// Recordings the voice in use learnt from (0: the stock model).
        public var learntFrom: Int
        /// Recordings kept when the last run started: newer ones have not been learnt from.
        public var seen: Int
        public var heldBack: Int
        public var lastRun: Date
        /// The held-back score of the voice in use before the run, and of the new voice.
        public var before: Score
        public var after: Score
        public var replaced: Bool
        public var seconds: Double
        /// Recordings the run could not learn from, and why (nil in a status from before).
        public var skipped: [String]?
    }

    public let voiceDirectory: String
    /// Scratch space for a run (rebuildable; removed after, and before the next run).
    public let scratch: String
    /// Where the shell-talk language model used for scoring is cached.
    public let cacheDirectory: String
    /// Every `holdBackEvery`-th recording is held back from training to score with.
    public var holdBackEvery = 5

    public init(voiceDirectory: String, cacheDirectory: String) {
        self.voiceDirectory = voiceDirectory
        self.cacheDirectory = cacheDirectory
        scratch = cacheDirectory + "/learning"
    }

    public var modelDirectory: String { voiceDirectory + "/model" }
    var statusFile: String { voiceDirectory + "/learning.json" }

    public func status() -> Status? {
        guard let data = FileManager.default.contents(atPath: statusFile) else { return nil }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try? decoder.decode(Status.self, from: data)
    }

    /// How far a run has got, for a progress line.
    public enum Stage: Equatable, Sendable {
        /// Scoring on the held-back recordings: the voice in use, or the new one.
        case scoring(newVoice: Bool, done: Int, of: Int)
        /// Training the new voice: a sphinxtrain tool, one of `SpeakerAdaptation.steps`.
        case training(tool: String, step: Int)
    }

    /// Learns from `samples` (in the order they were kept) and returns what happened; `stage`
    /// hears how far it has got.
    public func learn(
        _ samples: [SpeakerAdaptation.Sample], now: Date = Date(), stage: @Sendable (Stage) -> Void = { _ in }
    ) async throws(EngineError) -> Status {
        recover()
        let started = Date()
        let heldBack = samples.indices.filter { $0 % holdBackEvery == holdBackEvery - 1 }.map { samples[$0] }
        let training = samples.indices.filter { $0 % holdBackEvery != holdBackEvery - 1 }.map { samples[$0] }
        guard !heldBack.isEmpty else {
            throw .learning(.tooFewRecordings(count: samples.count, needed: holdBackEvery))
        }
        let fm = FileManager.default
        defer { try? fm.removeItem(atPath: scratch) }
        let current = SpeakerAdaptation.isModel(at: modelDirectory) ? modelDirectory : nil
        let before = try await score(heldBack, model: current) { stage(.scoring(newVoice: false, done: $0, of: $1)) }
        let candidate = scratch + "/model"
        let report = try SpeakerAdaptation.adapt(training, into: candidate, scratch: scratch + "/work") {
            stage(.training(tool: $0, step: $1))
        }
        let after = try await score(heldBack, model: candidate) { stage(.scoring(newVoice: true, done: $0, of: $1)) }
        let replaced = after.isAtLeast(before)
        if replaced { try install(candidate) }
        let status = Status(
            learntFrom: replaced ? report.recordings : (self.status()?.learntFrom ?? 0), seen: samples.count,
            heldBack: heldBack.count, lastRun: now, before: before, after: after, replaced: replaced,
            seconds: Date().timeIntervalSince(started), skipped: report.skipped)
        try write(status)
        return status
    }

    /// How a model (nil: the stock one) hears `samples`, through the shell-talk language model;
    /// `scored` hears how many of how many are done.
    public func score(
        _ samples: [SpeakerAdaptation.Sample], model: String?, scored: (Int, Int) -> Void = { _, _ in }
    ) async throws(EngineError) -> Score {
        let engine = PocketSphinxEngine(
            vocabulary: [], history: [], cacheDirectory: cacheDirectory, acousticModel: model)
        let shell = SpokenShell()
        var score = Score(exact: 0, wordErrors: 0, recordings: samples.count)
        for (index, sample) in samples.enumerated() {
            scored(index, samples.count)
            let frames = AudioFrame.frames(of: sample.samples)
            let stream = AsyncStream<AudioFrame> { continuation in
                for frame in frames { continuation.yield(frame) }
                continuation.finish()
            }
            let heard: String
            do throws(EngineError) {
                heard = try await engine.transcribe(EngineRequest(stream)) { _ in }.text
            } catch .noSpeech {
                heard = ""
            }
            let said = SpeakerAdaptation.spokenWords(sample.text)
            if shell.normalize(heard) == shell.normalize(said.joined(separator: " ")) { score.exact += 1 }
            score.wordErrors += Self.wordErrors(said, SpeakerAdaptation.spokenWords(heard))
        }
        scored(samples.count, samples.count)
        return score
    }

    /// Puts a complete model in place of the old one: copied beside it first, then two renames.
    func install(_ candidate: String) throws(EngineError) {
        let fm = FileManager.default
        let staging = modelDirectory + ".new"
        let old = modelDirectory + ".old"
        do {
            try? fm.removeItem(atPath: staging)
            try? fm.removeItem(atPath: old)
            try fm.copyPrivately(atPath: candidate, toPath: staging)
            guard SpeakerAdaptation.isModel(at: staging) else {
                throw EngineError.learning(.incompleteModel(path: staging))
            }
            if fm.fileExists(atPath: modelDirectory) { try fm.moveItem(atPath: modelDirectory, toPath: old) }
            try fm.moveItem(atPath: staging, toPath: modelDirectory)
            try? fm.removeItem(atPath: old)
        } catch {
            recover()
            throw error as? EngineError
                ?? .learning(.cannotInstallVoice(path: modelDirectory, reason: error.localizedDescription))
        }
    }

    /// After a run was killed: the old voice back if it was moved aside, no half-written files.
    public func recover() {
        let fm = FileManager.default
        let old = modelDirectory + ".old"
        if !SpeakerAdaptation.isModel(at: modelDirectory), SpeakerAdaptation.isModel(at: old) {
            try? fm.removeItem(atPath: modelDirectory)
            try? fm.moveItem(atPath: old, toPath: modelDirectory)
        }
        for leftover in [old, modelDirectory + ".new", statusFile + ".new", scratch] {
            try? fm.removeItem(atPath: leftover)
        }
    }

    private func write(_ status: Status) throws(EngineError) {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let temporary = statusFile + ".new"
        guard let data = try? encoder.encode(status),
            FileManager.default.createFile(atPath: temporary, contents: data, attributes: [.posixPermissions: 0o600]),
            rename(temporary, statusFile) == 0
        else { throw .learning(.cannotWriteStatus(path: statusFile)) }
    }

    /// Word-level edit distance (substitutions, insertions, deletions): the WER numerator.
    public static func wordErrors(_ reference: [String], _ hypothesis: [String]) -> Int {
        WordAgreement.distance(reference, hypothesis)
    }
}
