import Foundation
import Testing
import VoiceshCore

@testable import LocalRecognizer

/// The second ear's child process with the real runtime and weights as scripts/setup installs
/// them, on espeak-ng speech.
struct WhisperEarTests {
    /// As the program's `main` does: a child that ends before reading what is written to it
    /// gives EPIPE, not a signal that ends the whole test process (a full run here died of one: signal 13).
    init() { signal(SIGPIPE, SIG_IGN) }

    static let home = "/usr/local/lib/voicesh/whisper"

    static func speech(_ text: String) throws -> [Int16] {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("ear-\(UUID().uuidString)").path
        defer { for suffix in ["-raw.wav", ".raw"] { try? FileManager.default.removeItem(atPath: base + suffix) } }
        for (tool, arguments) in [
            ("/usr/bin/espeak-ng", ["-v", "en-us", "-s", "150", "-w", base + "-raw.wav", text]),
            (
                "/usr/bin/sox",
                [
                    base + "-raw.wav", "-r", "16000", "-c", "1", "-t", "raw", "-e", "signed", "-b", "16", "-L",
                    base + ".raw", "pad", "0.3", "0.3",
                ]
            ),
        ] {
            let process = try Process.run(URL(fileURLWithPath: tool), arguments: arguments)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
        }
        let data = try Data(contentsOf: URL(fileURLWithPath: base + ".raw"))
        return data.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
    }

    /// Spoken-form examples, as the engine's prompt begins (`ShellPrompt`).
    static let prompt =
        "git remote dash v. git log dash dash oneline. ls dash l h tilde slash downloads. cd slash usr slash local slash bin."

    /// An ear on the runtime `scripts/setup` installs; without it the test fails here.
    static func ear() throws -> WhisperEar {
        let runtime = try #require(
            try? WhisperRuntime.locate(model: nil, environment: ["VOICESH_WHISPER_HOME": home]).get(),
            "Whisper is not installed in \(home): run scripts/setup")
        return WhisperEar(runtime: runtime, scratchDirectory: FileManager.default.temporaryDirectory.path)
    }

    /// Whisper hears the line, and scores the reading that was said above one that was not.
    @Test func hearsAndScoresReadings() throws {
        let ear = try Self.ear()
        let hearing = try ear.hear(
            try Self.speech("sudo apt install curl"), prompt: Self.prompt,
            readings: ["sudo apt install curl", "git commit dash m"])
        #expect(SpokenShell().normalize(hearing.text) == "sudo apt install curl", "\(hearing.text)")
        #expect(hearing.scores.count == 3)  // the two readings, then its own
        #expect(hearing.scores[0].logProbability > hearing.scores[1].logProbability + 5)
        #expect(!hearing.words.isEmpty && hearing.words.allSatisfy { ($0.confidence ?? -1) >= 0 })
        // The child stays up: a second recording is heard by the same process. Asked for its
        // beam's readings, Whisper gives its next distinct ones, each scored after its own.
        let again = try ear.hear(
            try Self.speech("echo quote hello from the server end quote"), prompt: Self.prompt,
            readings: ["echo quote hello from the server end quote"], hypotheses: 5)
        #expect(again.text.contains("hello from the server"), "\(again.text)")
        #expect(!again.hypotheses.isEmpty && again.hypotheses.count <= 4, "\(again.hypotheses)")
        #expect(!again.hypotheses.contains(again.text) && Set(again.hypotheses).count == again.hypotheses.count)
        #expect(again.scores.count == 2 + again.hypotheses.count)
        // Readings made after the hearing are scored against the same recording, as the ones
        // it was given were.
        let later = try ear.score(
            ["echo quote hello from the server end quote", "echo quote yellow for the service and quote"],
            prompt: Self.prompt)
        #expect(later.count == 2)
        #expect(abs(later[0].logProbability - again.scores[0].logProbability) < 0.01)
        #expect(later[0].logProbability > later[1].logProbability + 5, "\(later)")
    }

    /// A recording read ahead (`encode`, as when the user pauses before ending the take) is
    /// heard from its encoding, with the same reading and scores as without; audio that is not
    /// exactly it is heard anew.
    @Test func aRecordingReadAheadIsHeardTheSame() throws {
        let ear = try Self.ear()
        let line = try Self.speech("git log dash dash oneline")
        let readings = ["git log --oneline", "get log --online"]
        let plain = try ear.hear(line, prompt: Self.prompt, readings: readings)
        #expect(!plain.readAhead)
        #expect(try ear.encode(line))
        let ahead = try ear.hear(line, prompt: Self.prompt, readings: readings)
        #expect(ahead.readAhead)
        #expect(ahead == plain, "\(ahead) \(plain)")
        #expect(try ear.encode(line))
        let longer = try ear.hear(line + [Int16](repeating: 0, count: 1600), prompt: Self.prompt, readings: readings)
        #expect(!longer.readAhead)
    }

    /// A scoring before any recording is the child's error, in words; the child stays up.
    @Test func scoringBeforeHearingIsAnError() throws {
        let ear = try Self.ear()
        #expect(throws: EngineError.whisper(.said(words: "no recording to score readings against"))) {
            try ear.score(["git status"], prompt: "")
        }
        let hearing = try ear.hear(
            try Self.speech("sudo apt install curl"), prompt: Self.prompt, readings: ["sudo apt install curl"])
        #expect(SpokenShell().normalize(hearing.text) == "sudo apt install curl", "\(hearing.text)")
    }

    /// `cancel` stops the recording being heard at once (its child killed and reaped), and the
    /// next recording is heard by a new child.
    @Test func cancelStopsTheHearingAndTheNextStartsAnother() throws {
        let ear = try Self.ear()
        let line = try Self.speech("sudo apt install curl")
        _ = try ear.hear(line, prompt: Self.prompt, readings: [])  // the child is up, the model loaded
        let long = Array([[Int16]](repeating: line, count: 5).joined())
        let outcome = Locked<Result<WhisperEar.Hearing, EngineError>?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread {
            outcome.value = Result { () throws(EngineError) in
                try ear.hear(long, prompt: Self.prompt, readings: ["sudo apt install curl"])
            }
            done.signal()
        }.start()
        let deadline = Date().addingTimeInterval(10)
        while !ear.isHearing, outcome.value == nil, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        #expect(ear.isHearing, "the long recording was never being heard")
        let cancelled = Date()
        ear.cancel()
        #expect(done.wait(timeout: .now() + 5) == .success, "hear went on after cancel")
        #expect(Date().timeIntervalSince(cancelled) < 5)
        #expect(throws: EngineError.self) { try outcome.value?.get() }
        let again = try ear.hear(line, prompt: Self.prompt, readings: [])
        #expect(SpokenShell().normalize(again.text) == "sudo apt install curl", "\(again.text)")
    }

    /// A model folder is checked before the child is started.
    @Test func modelFoldersAreChecked() throws {
        #expect(WhisperRuntime.problem(withModel: Self.home + "/base") == nil)
        #expect(WhisperRuntime.problem(withModel: "/nonexistent/whisper") == "no such folder")
        #expect(WhisperRuntime.problem(withModel: "/etc/hostname") == "not a folder")
        #expect(WhisperRuntime.problem(withModel: "/etc") == "config.json is missing")
    }

    /// Setup's ear hears shell talk with base adapted to it, and plain English with base itself;
    /// an install with base alone (from before the adapted model) hears everything with base.
    @Test func theShellTalkModelIsTheDefaultAndEnglishGoesToBase() throws {
        let installed = try #require(
            try? WhisperRuntime.locate(model: nil, environment: ["VOICESH_WHISPER_HOME": Self.home]).get())
        #expect(installed.model == Self.home + "/shell")
        #expect(installed.plainModel == Self.home + "/base")

        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("whisper-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: copy) }
        try FileManager.default.createDirectory(atPath: copy, withIntermediateDirectories: true)
        for name in ["bin", "base"] {
            try FileManager.default.createSymbolicLink(
                atPath: copy + "/" + name, withDestinationPath: Self.home + "/" + name)
        }
        let baseAlone = try #require(
            try? WhisperRuntime.locate(model: nil, environment: ["VOICESH_WHISPER_HOME": copy]).get())
        #expect(baseAlone.model == copy + "/base")
        #expect(baseAlone.plainModel == nil)
    }

    /// A request in plain English is heard by base's stock decoder: the shell-talk one, given the
    /// same English, writes shell talk (heard so in a test of `transcribe --intent`).
    @Test func plainEnglishIsHeardByTheStockDecoder() throws {
        let runtime = try #require(
            try? WhisperRuntime.locate(model: nil, environment: ["VOICESH_WHISPER_HOME": Self.home]).get())
        let ear = WhisperEar(runtime: runtime, scratchDirectory: FileManager.default.temporaryDirectory.path)
        let samples = try Self.speech("count the lines in every file here")
        let english = try ear.hear(
            samples, prompt: "The files here are notes.txt and data.csv.", readings: [], plainEnglish: true)
        #expect(english.text.lowercased().contains("count the lines"), "\(english.text)")
    }
}
