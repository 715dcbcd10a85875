import Foundation
import Testing
import VoiceshCore

@testable import LocalRecognizer

/// Learning which ear to trust for one user: the choice's weights fitted to recordings whose
/// words are known, kept only when they choose more of the held-back ones right.
struct ChoiceLearnerTests {
    /// Weights that trust pocketsphinx when it is sure of itself, whatever Whisper says.
    static let start = EarFusion(
        weights: EarFusion.Weights(
            readings: Dictionary(
                uniqueKeysWithValues: EarFusion.Feature.allCases.map {
                    ($0, [.whisperScore: 1, .whisper: 2, .whisperConfidence: 4, .pocketsphinxConfidence: 3][$0] ?? 0.0)
                }),
            none: Dictionary(uniqueKeysWithValues: EarFusion.NoneFeature.allCases.map { ($0, 0.0) })))

    /// A take where pocketsphinx is sure and Whisper less so, and the line said.
    static func example(_ i: Int, whisperRight: Bool, sure: Double = 0.9) -> EarFusion.Example {
        EarFusion.Example(
            readings: [
                .init(shell: "make test\(i)", whisperScore: -1.5, pocketsphinxRank: 0),
                .init(shell: "make test \(i)", whisperScore: -1.0, whisperRank: 0),
            ],
            take: EarFusion.Take(pocketsphinxConfidence: sure, whisperLogProbability: -0.9),
            right: whisperRight ? "make test \(i)" : "make test\(i)")
    }

    static func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("voicesh-choice-\(UUID())").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func weightsThatChooseBetterOnHeldBackRecordingsAreKept() throws {
        let voice = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: voice) }
        let examples = (0..<20).map { Self.example($0, whisperRight: true) }
        let status = try #require(ChoiceLearner(voiceDirectory: voice).learn(examples, inUse: Self.start))
        #expect(
            status
                == .init(
                    learntFrom: 16, heldBack: 4, before: 0, after: 4, pocketsphinxRight: 0, whisperRight: 20,
                    kept: true,
                    lastRun: status.lastRun))
        // What it found is kept for `voicesh stats`.
        let kept = try #require(ChoiceLearner(voiceDirectory: voice).status())
        #expect(kept.whisperRight == 20 && kept.kept)
        #expect(abs((kept.lastRun ?? .distantPast).timeIntervalSince(status.lastRun ?? .distantFuture)) < 1)
        let file = ChoiceLearner.file(in: voice)
        let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        // A session's choice now reads them: Whisper's reading wins where the start's lost.
        let fusion = EarWeights.fusion(voiceDirectory: voice)
        #expect(fusion.chosenRight(examples) == 20)
    }

    @Test func weightsThatChooseWorseOnHeldBackRecordingsAreRefused() throws {
        let voice = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: voice) }
        // What it learns from says Whisper; what it is checked on says pocketsphinx.
        let examples = (0..<20).map { Self.example($0, whisperRight: $0 % 5 != 4) }
        let status = try #require(ChoiceLearner(voiceDirectory: voice).learn(examples, inUse: Self.start))
        #expect(status.before == 4)
        #expect(status.after < status.before)
        #expect(!status.kept)
        #expect(!FileManager.default.fileExists(atPath: ChoiceLearner.file(in: voice)))
    }

    /// A fit that chooses as many of the held-back right as the weights in use is unproven:
    /// nothing is kept, however much surer of the right lines it is.
    @Test func aFitThatOnlyTiesOnHeldBackRecordingsIsNotKept() throws {
        let voice = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: voice) }
        // It learns Whisper; the held back (4, 9, 14, 19) are Whisper's where pocketsphinx is
        // unsure, which the weights in use choose too.
        let examples = (0..<20).map { Self.example($0, whisperRight: true, sure: $0 % 5 == 4 ? 0 : 0.9) }
        let status = try #require(ChoiceLearner(voiceDirectory: voice).learn(examples, inUse: Self.start))
        #expect(status.heldBack == 4 && status.before == 4 && status.after == 4)
        #expect(!status.kept)
        #expect(!FileManager.default.fileExists(atPath: ChoiceLearner.file(in: voice)))
    }

    @Test func tooFewRecordingsTeachNothing() throws {
        let voice = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: voice) }
        let examples = (0..<4).map { Self.example($0, whisperRight: true) }
        #expect(ChoiceLearner(voiceDirectory: voice).learn(examples, inUse: Self.start) == nil)
    }

    /// Held-back recordings whose right line no weights could choose prove nothing: the fit
    /// is not kept, however it moved.
    @Test func heldBackRecordingsThatCannotJudgeKeepNothing() throws {
        let voice = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: voice) }
        let examples = (0..<20).map { i in
            var example = Self.example(i, whisperRight: true)
            if i % 5 == 4 { example.right = "neither ear heard this" }
            return example
        }
        let status = try #require(ChoiceLearner(voiceDirectory: voice).learn(examples, inUse: Self.start))
        #expect(status.heldBack == 4 && status.before == 0 && status.after == 0)
        #expect(!status.kept)
        #expect(!FileManager.default.fileExists(atPath: ChoiceLearner.file(in: voice)))
    }

    /// What is held back follows the recordings' places (the voice learner's), not the order
    /// of the takes heard: a recording left out shifts nothing.
    @Test func theRecordingsHeldBackAreTheVoiceLearners() throws {
        let voice = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: voice) }
        // Recording 2 was heard as no speech; 4, 9, 14 and 19 are held back.
        let places = (0..<20).filter { $0 != 2 }
        let examples = places.map { Self.example($0, whisperRight: $0 % 5 != 4) }
        let status = try #require(
            ChoiceLearner(voiceDirectory: voice).learn(examples, at: places, inUse: Self.start))
        #expect(status.heldBack == 4 && status.learntFrom == 15)
        #expect(status.before == 4)  // every held-back one is pocketsphinx's, as the start chooses
    }

    /// Weights out of range (a damaged or hostile file) are not read: the shipped ones stand.
    @Test func weightsOutOfRangeAreNotRead() throws {
        let voice = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: voice) }
        var weights = try #require(Self.start.weights)
        weights.readings[.whisper] = 1e300
        let data = try JSONEncoder().encode(weights)
        #expect(FileManager.default.createFile(atPath: ChoiceLearner.file(in: voice), contents: data))
        #expect(EarWeights.read(ChoiceLearner.file(in: voice)) == nil)
        weights.readings[.whisper] = 2
        #expect(
            FileManager.default.createFile(
                atPath: ChoiceLearner.file(in: voice), contents: try JSONEncoder().encode(weights)))
        #expect(EarWeights.read(ChoiceLearner.file(in: voice)) == weights)
    }

    /// Weights learnt before the ear was adapted to shell talk weigh what base's decoder said,
    /// and weights learnt beside other shipped weights chose better than those, not than
    /// these: a session chooses by the shipped weights until `adapt` learns them again.
    @Test func weightsLearntBesideOtherShippedWeightsAreNotUsed() throws {
        let voice = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: voice) }
        let shipped = try #require(EarWeights.shipped)
        var weights = try #require(Self.start.weights)
        weights.readings[.whisper] = 7
        func keep(_ kept: ChoiceLearner.Kept, as name: String = "ear-choice-shell.json") throws {
            #expect(
                FileManager.default.createFile(atPath: voice + "/" + name, contents: try JSONEncoder().encode(kept)))
        }
        try keep(.init(readings: weights.readings, none: weights.none, shipped: shipped), as: "ear-choice.json")
        #expect(EarWeights.fusion(voiceDirectory: voice).weights == shipped)
        // No record of the shipped weights (a file of the last version), or other ones.
        try keep(.init(readings: weights.readings, none: weights.none, shipped: nil))
        #expect(EarWeights.read(ChoiceLearner.file(in: voice)) == weights)
        #expect(EarWeights.fusion(voiceDirectory: voice).weights == shipped)
        var refitted = shipped
        refitted.readings[.whisper] = (shipped.readings[.whisper] ?? 0) + 0.5
        try keep(.init(readings: weights.readings, none: weights.none, shipped: refitted))
        #expect(EarWeights.fusion(voiceDirectory: voice).weights == shipped)
        #expect(EarWeights.learnt(in: voice) == nil)
        // Learnt beside these shipped weights: used.
        try keep(.init(readings: weights.readings, none: weights.none, shipped: shipped))
        #expect(EarWeights.fusion(voiceDirectory: voice).weights == weights)
    }
}
