import Foundation
import Testing
import VoiceshCore

@testable import LocalRecognizer

/// The steered ear's child process with the real runtime and weights as scripts/setup installs
/// them (ONNX Runtime, Moonshine base), steered by the shell-talk model the edge engine builds,
/// on espeak-ng speech.
struct MoonshineEarTests {
    init() { signal(SIGPIPE, SIG_IGN) }

    static let home = "/usr/local/lib/voicesh/moonshine"

    /// An ear on the runtime `scripts/setup` installs; without it the test fails here.
    static func ear() throws -> WhisperEar {
        let runtime = try #require(
            try? WhisperRuntime.locate(model: nil, environment: ["VOICESH_MOONSHINE_HOME": home], ear: .moonshine)
                .get(),
            "Moonshine is not installed in \(home): run scripts/setup")
        #expect(runtime.ear == .moonshine && runtime.script.hasSuffix("moonshine-ear.py"))
        return WhisperEar(runtime: runtime, scratchDirectory: FileManager.default.temporaryDirectory.path)
    }

    /// The shell-talk model pocketsphinx decodes with, built as the engine builds it.
    static func shellTalk() throws -> String {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("moonshine-\(UUID().uuidString)")
        return try EdgeModel.prepare(vocabulary: [], history: [], cacheDirectory: cache.path).languageModel
    }

    /// Decoding freely, Moonshine writes English it thinks it heard ("Good luck to Hashem,
    /// Tim"); the same decoder, its beams scored by the shell-talk model as they grow, hears
    /// the command. The same audio, the same ear: only the steer differs.
    @Test func steeringHearsShellTalkWhereFreeDecodingDoesNot() throws {
        let ear = try Self.ear()
        let line = try WhisperEarTests.speech("git log dash n ten")
        let shell = SpokenShell()
        let free = try ear.hear(line, prompt: "", readings: [])
        #expect(shell.normalize(free.text) != "git log -n 10", "\(free.text)")
        let steered = try ear.hear(
            line, prompt: "", readings: ["git log dash n ten", "git add dot"], hypotheses: 3,
            steer: WhisperEar.Steer(languageModel: try Self.shellTalk()))
        #expect(shell.normalize(steered.text) == "git log -n 10", "\(steered.text)")
        // Its words carry their probabilities; the reading said scores above one not said.
        #expect(!steered.words.isEmpty && steered.words.allSatisfy { ($0.confidence ?? -1) > 0 })
        #expect(steered.scores.count == 3 + steered.hypotheses.count)
        // Readings made after the hearing are scored against the same recording.
        let later = try ear.score(["git log dash n ten", "git add dot"], prompt: "")
        #expect(abs(later[0].logProbability - steered.scores[0].logProbability) < 0.01)
        #expect(abs(later[1].logProbability - steered.scores[1].logProbability) < 0.01)
        #expect(steered.scores[0].logProbability > steered.scores[1].logProbability + 5)
        #expect(!steered.hypotheses.contains(steered.text))
    }

    /// The remote's names steer too: a name no shell-talk sentence has is heard as that name.
    @Test func theRemotesNamesAreHeard() throws {
        let ear = try Self.ear()
        let line = try WhisperEarTests.speech("cat slash etc slash hosts")
        let model = try Self.shellTalk()
        let without = try ear.hear(line, prompt: "", readings: [], steer: WhisperEar.Steer(languageModel: model))
        #expect(!without.text.contains("etc"), "\(without.text)")
        let with = try ear.hear(
            line, prompt: "", readings: [], steer: WhisperEar.Steer(languageModel: model, names: ["etc", "hosts"]))
        #expect(SpokenShell().normalize(with.text) == "cat /etc/hosts", "\(with.text)")
    }

    /// An installed model folder is complete; a folder without the graphs is not a model.
    /// Moonshine reads nothing ahead: asked to, it says no, and hears as before.
    @Test func itReadsNothingAhead() throws {
        let ear = try Self.ear()
        #expect(try ear.encode(WhisperEarTests.speech("git status")) == false)
    }

    @Test func modelFoldersAreChecked() {
        #expect(WhisperRuntime.moonshineProblem(withModel: Self.home + "/base") == nil)
        #expect(WhisperRuntime.moonshineProblem(withModel: "/etc") == "encoder_model.onnx is missing")
        #expect(
            WhisperRuntime.locate(model: nil, environment: ["VOICESH_MOONSHINE_HOME": "/etc"], ear: .moonshine)
                == .failure(.notInstalled))
        #expect(
            WhisperRuntime.locate(model: nil, environment: ["VOICESH_MOONSHINE_HOME": "off"], ear: .moonshine)
                == .failure(.turnedOff))
    }
}
