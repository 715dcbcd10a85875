import Foundation
import LocalRecognizer
import Store
import TestFixtures
import Testing
import VoiceshCore

/// `voicesh adapt`: real sphinxtrain (bw, map_adapt) learning a voice from espeak-ng speech,
/// then real pocketsphinx hearing it, before and after.
struct AdaptTests {
    /// Commands in the British voice the stock model hears worst; none is in the corpus the
    /// model is built from, nor among the recordings it learns from.
    static let heldOut = [
        "git log dash dash stat", "git branch dash d feature", "free dash m", "uptime dash p", "top dash b",
        "docker logs dash f web", "kubectl get pods dash o wide", "ls dash l slash etc slash nginx",
    ]

    /// A folder of NAME.wav + NAME.txt: `count` corpus commands spoken in `voice`.
    static func recordings(_ count: Int, voice: String, in cli: CLI) throws -> String {
        let folder = cli.home.appendingPathComponent("learn").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let prompts = ShellCorpus.prompts
        for i in 0..<count {
            let text = prompts[(i * 7919) % prompts.count]
            let wav = try SpeechFiles.speech(text, voice: voice, in: cli)
            try FileManager.default.moveItem(atPath: wav, toPath: folder + "/\(i).wav")
            try (text + "\n").write(toFile: folder + "/\(i).txt", atomically: true, encoding: .utf8)
        }
        return folder
    }

    /// How many of the held-out commands `voicesh transcribe --raw` gets word for word.
    static func heard(_ files: [(text: String, wav: String)], by cli: CLI) async throws -> Int {
        var right = 0
        for file in files where try await cli.ok("transcribe", "--raw", file.wav).stdout == file.text + "\n" {
            right += 1
        }
        return right
    }

    @Test func learningAVoiceImprovesCommandsItNeverHeard() async throws {
        let cli = try CLI()
        let tests = try Self.heldOut.map { ($0, try SpeechFiles.speech($0, voice: "en-gb", in: cli)) }
        let before = try await Self.heard(tests, by: cli)

        let folder = try Self.recordings(25, voice: "en-gb", in: cli)
        // With the second ear (off in tests unless asked for), so `adapt` also learns which ear to trust.
        let learnt = try await cli.run(["adapt", "--from", folder], environment: ["VOICESH_WHISPER_HOME": ""])
        #expect(learnt.status == 0, "\(learnt.stderr)")
        // Every fifth held back to check the new voice, which hears them better than the stock one.
        #expect(learnt.stderr.contains("learning your voice from 25 recordings"), "\(learnt.stderr)")
        #expect(learnt.stderr.contains("learnt your voice from 20 recordings ("), "\(learnt.stderr)")
        // Into a pipe: the messages alone, no progress line.
        #expect(!learnt.stderr.contains("\r") && !learnt.stderr.contains("adapt: "), "\(learnt.stderr)")
        // Then which ear to trust, from the same recordings heard by both ears (Whisper is
        // installed here, as scripts/setup installs it): how often each was right, and the
        // choice learnt or kept by the same held-back fifth.
        let ears = try #require(learnt.stderr.split(separator: "\n").last { $0.contains("pocketsphinx heard ") })
        #expect(ears.contains(" of 25 recordings right; ") && ears.contains(" of 5 held back chosen right)"), "\(ears)")
        let status = try JSONSerialization.jsonObject(
            with: Data(contentsOf: cli.home.appendingPathComponent("voice/ear-choice-shell-status.json")))
        #expect((status as? [String: Any])?["heldBack"] as? Int == 5, "\(status)")
        let after = try await Self.heard(tests, by: cli)
        #expect(after > before, "before \(before)/\(tests.count), after \(after)/\(tests.count)")
        #expect(after >= tests.count * 3 / 4, "after \(after)/\(tests.count)")

        // The recordings are kept, so a later run learns from them again, and only once each.
        let kept = cli.home.appendingPathComponent("voice/recordings").path
        #expect(try FileManager.default.contentsOfDirectory(atPath: kept).filter { $0.hasSuffix(".wav") }.count == 25)
        let again = try await cli.ok("adapt", "--from", folder).stderr
        #expect(again.contains("kept 0 recordings from \(folder) (25 known already)"), "\(again)")
        #expect(again.contains("learning your voice from 25 recordings"), "\(again)")

        // --reset forgets it: the stock model hears what it heard before.
        #expect(try await cli.ok("adapt", "--reset").stderr.contains("forgot the learnt voice"))
        #expect(!FileManager.default.fileExists(atPath: cli.home.appendingPathComponent("voice").path))
        #expect(try await Self.heard(tests, by: cli) == before)
    }

    /// Dictations the user inserted or ran, with their recording, are learnt from; edited,
    /// printed or failed ones are not, nor one corrected before it ran (their words may not be
    /// what was said).
    @Test func confirmedDictationsAreLearntFrom() async throws {
        let cli = try CLI()
        let db = try AppDatabase.open(at: cli.database)
        let outcomes: [Dictation.Outcome] = [.inserted, .ran, .edited, .printed, .failed]
        for (i, outcome) in outcomes.enumerated() {
            let text = ["git status", "docker ps", "ls dash l a", "make test", "uptime"][i]
            let wav = try Data(contentsOf: URL(fileURLWithPath: try SpeechFiles.speech(text, in: cli)))
            let row = Dictation(
                profile: "prod", engine: "edge/pocketsphinx", startedAt: Date(), audioSeconds: 1.5, latencyMs: 40,
                rawText: text, finalText: text, outcome: outcome)
            try db.appendDictation(row, audio: wav)
        }
        try db.appendDictation(
            Dictation(
                profile: "prod", engine: "edge/pocketsphinx", startedAt: Date(), audioSeconds: 1, latencyMs: 40,
                rawText: "git pull", finalText: "git pull", outcome: .inserted))  // no recording kept
        // Corrected into another line before it ran: the words heard are not what was said.
        let corrected = try Data(contentsOf: URL(fileURLWithPath: try SpeechFiles.speech("uptime", in: cli)))
        try db.appendDictation(
            Dictation(
                profile: "prod", engine: "edge/pocketsphinx", startedAt: Date(), audioSeconds: 1, latencyMs: 40,
                rawText: "git stash", finalText: "kubectl get pods", outcome: .ran), audio: corrected)
        // Two to learn from: counted, and too few to hold one in five back and check the voice.
        let result = try await cli.run("adapt")
        #expect(result.status == 1)
        #expect(result.stderr.contains("learning your voice from 2 recordings"), "\(result.stderr)")
        #expect(result.stderr.contains("too few recordings to learn from: 2 of at least 5"), "\(result.stderr)")
        // Another profile's history holds nothing to learn from.
        let other = try await cli.run("adapt", "--profile", "dev")
        #expect(other.status == 1)
        #expect(other.stderr.contains("nothing to learn from yet"), "\(other.stderr)")
    }

    @Test func nothingToLearnFromSaysWhatToDo() async throws {
        let cli = try CLI()
        let none = try await cli.run("adapt")
        #expect(none.status == 1)
        #expect(
            none.stderr
                == "voicesh: nothing to learn from yet: run voicesh adapt --enroll 30, or dictate with history = \"text+audio\" in a profile\n"
        )
        let empty = cli.home.appendingPathComponent("empty").path
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        let folder = try await cli.run("adapt", "--from", empty)
        #expect(folder.status == 1)
        #expect(folder.stderr == "voicesh: no NAME.wav with NAME.txt beside it in \(empty)\n")
        #expect(
            try await cli.run("adapt", "--forget", "--enroll", "3").stderr.contains(
                "--forget, --status and --background go alone"))

        // Words no dictionary can say: nothing to learn, said why, nothing half-written.
        let digits = cli.home.appendingPathComponent("digits").path
        try FileManager.default.createDirectory(atPath: digits, withIntermediateDirectories: true)
        // Five different recordings (the same one twice is kept once): enough to hold one back.
        for (name, said) in zip("abcde", ["git status", "docker ps", "make test", "uptime", "free dash m"]) {
            try FileManager.default.moveItem(
                atPath: try SpeechFiles.speech(said, in: cli), toPath: digits + "/\(name).wav")
            try "1234\n".write(toFile: digits + "/\(name).txt", atomically: true, encoding: .utf8)
        }
        let unsayable = try await cli.run("adapt", "--from", digits)
        #expect(unsayable.status == 1)
        #expect(
            unsayable.stderr.hasSuffix(
                "voicesh: cannot learn the voice: none of the recordings can be learnt from (\"1234\": cannot say 1234); the recordings are kept and the voice in use is unchanged\n"
            ), "\(unsayable.stderr)")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: cli.home.appendingPathComponent("voice").path).sorted()
                == ["learning.lock", "recordings"])
    }

    /// Enrollment prompts commands to say, with what they type, and keeps each recording.
    @Test func enrollmentPromptsAndKeepsEachRecording() async throws {
        let cli = try CLI()
        let speech = try SpeechFiles.speech("git status", in: cli)
        let result = try await cli.ok("adapt", "--enroll", "5", "--audio-file", speech, stdin: "")
        let prompts = result.stderr.split(separator: "\n").filter { $0.contains("say: ") }
        #expect(prompts.count == 5, "\(result.stderr)")
        #expect(prompts.first?.hasPrefix("voicesh: (1/5) say: ") == true)
        #expect(prompts.allSatisfy { $0.contains("(types: ") })
        #expect(result.stderr.contains("recorded 5 of 5"))
        // One file said for every prompt: whether the new voice is kept is the check's to say.
        #expect(result.stderr.contains("learning your voice from 5 recordings"), "\(result.stderr)")
        #expect(result.stderr.contains(" of 1 held back heard exactly)"), "\(result.stderr)")
        let kept = cli.home.appendingPathComponent("voice/recordings").path
        let texts = try FileManager.default.contentsOfDirectory(atPath: kept).filter { $0.hasSuffix(".txt") }.sorted()
        #expect(texts == ["0001.txt", "0002.txt", "0003.txt", "0004.txt", "0005.txt"])
        let first = try String(contentsOfFile: kept + "/0001.txt", encoding: .utf8)
        #expect(prompts.first?.contains("say: " + first.trimmingCharacters(in: .newlines)) == true)
    }
}
