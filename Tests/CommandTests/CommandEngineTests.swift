import Foundation
import Store
import TestFixtures
import Testing
import VoiceshCore

/// The local-command edge engine, driven through `voicesh transcribe --command`, with small
/// scripts standing in for whisper-cli (spec A1 output).
struct CommandEngineTests {
    func script(_ cli: CLI, _ body: String) throws -> String {
        let path = try cli.script("recogniser-\(UUID().uuidString.prefix(6)).sh", "#!/bin/sh\n" + body)
        return path
    }

    func recording(_ cli: CLI) throws -> String {
        let path = cli.home.appendingPathComponent("tone.wav").path
        try SpeechFiles.voice(seconds: 0.5, at: path)
        return path
    }

    @Test func readsSegmentsAndPlainTextPerSpecA1() async throws {
        let cli = try CLI()
        let recogniser = try script(
            cli,
            """
            test -s "$1" || exit 9   # the recording is a real, non-empty file
            head -c 4 "$1" | grep -q RIFF || exit 8
            echo '{"type":"transcript_segment","text":"git","is_final":false}'
            echo '{"type":"transcript_segment","text":"git status","start":0,"end":1.2,"confidence":0.9}'
            echo '{"type":"transcript_segment","text":"git status","start":0,"end":1.2,"confidence":0.9}'
            echo ''
            echo 'dash s'
            """)
        let result = try await cli.run("transcribe", "--json", "--command", "\(recogniser) {wav}", try recording(cli))
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["raw_text"] as? String == "git status dash s")
        #expect(object["engine"] as? String == "edge/command")
        #expect((object["segments"] as? [Any])?.count == 2)
    }

    @Test func withoutThePlaceholderTheWAVGoesToStdin() async throws {
        let cli = try CLI()
        let recogniser = try script(cli, "bytes=$(wc -c); echo \"got $bytes bytes\"\n")
        let result = try await cli.run("transcribe", "--command", recogniser, try recording(cli))
        #expect(result.stdout == "got \(44 + 16000) bytes\n", "\(result.stderr)")
    }

    /// An answer that cleaning leaves empty (only an escape sequence) is no speech: `transcribe`
    /// says so and fails, and `history retry` keeps the recording instead of letting it go for an
    /// empty line.
    @Test func anAnswerCleanedToNothingIsNoSpeechAndTheRecordingStays() async throws {
        let cli = try CLI()
        let recogniser = try script(cli, "printf '\\033[2J\\n'\n")
        let result = try await cli.run("transcribe", "--command", "\(recogniser) {wav}", try recording(cli))
        #expect(result.status == 1 && result.stdout.isEmpty)
        #expect(result.stderr == "voicesh: no speech was heard in the recording\n")

        let wav = try Data(contentsOf: URL(fileURLWithPath: try recording(cli)))
        let db = try AppDatabase.open(at: cli.database)
        let id = try db.appendDictation(
            Dictation(
                profile: "prod", engine: "edge/pocketsphinx", startedAt: Date(), audioSeconds: 0.5, rawText: "",
                finalText: "", outcome: .failed, error: "engine failed"),
            audio: wav)
        let retried = try await cli.run("history", "retry", String(id), "--command", "\(recogniser) {wav}")
        #expect(retried.status == 1 && retried.stdout.isEmpty)
        #expect(retried.stderr == "voicesh: no speech was heard in the recording; the recording is still kept\n")
        #expect(try db.audio(forDictation: id) != nil)
        #expect(try db.dictation(id: id).error == "no speech was heard in the recording")
    }

    @Test func aFailingCommandShowsItsLastErrorLine() async throws {
        let cli = try CLI()
        let recogniser = try script(cli, "echo 'loading model' >&2\necho 'error: model file not found' >&2\nexit 3\n")
        let result = try await cli.run("transcribe", "--command", "\(recogniser) {wav}", try recording(cli))
        #expect(result.status == 1)
        #expect(
            result.stderr
                == "voicesh: the engine failed: the recogniser command exited with status 3: error: model file not found\n"
        )
    }

    @Test func malformedJSONNamesTheLine() async throws {
        let cli = try CLI()
        let recogniser = try script(cli, "echo 'fine'\necho '{\"type\":\"transcript_segment\",'\n")
        let result = try await cli.run("transcribe", "--command", "\(recogniser) {wav}", try recording(cli))
        #expect(result.status == 1)
        #expect(result.stderr.contains("line 2 is not a transcript_segment"))
    }

    @Test func timeoutKillsTheWholeProcessGroup() async throws {
        let cli = try CLI()
        let marker = cli.home.appendingPathComponent("child.pid").path
        // The recogniser starts a child of its own; both must be gone after the timeout.
        let recogniser = try script(cli, "sleep 300 & echo $! > \(marker)\nwait\n")
        let started = Date()
        let result = try await cli.run(
            "transcribe", "--timeout", "1", "--command", "\(recogniser) {wav}", try recording(cli))
        #expect(result.status == 1)
        #expect(result.stderr == "voicesh: the engine gave no text within 1 s (the profile's engine.timeout)\n")
        // It did not wait for the 300 s sleep: the bound is wide, since a machine running every
        // suite beside a benchmark once took 137 s for this 1 s timeout's whole command.
        #expect(Date().timeIntervalSince(started) < 250)
        let child = try #require(
            pid_t(try String(contentsOfFile: marker, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        usleep(200_000)
        // Gone, or a zombie waiting for a reaper (which is not running, whatever init does here).
        let state = (try? String(contentsOfFile: "/proc/\(child)/stat", encoding: .utf8))?
            .split(separator: ")").last?.split(separator: " ").first
        #expect(state == nil || state == "Z", "the recogniser's child survived the timeout")
    }
}

/// A profile's `[fallback]` gets the same recording when the first engine fails.
struct FallbackTests {
    @Test func aFailingCommandFallsBackToTheOfflineEngine() async throws {
        let cli = try CLI()
        let broken = try cli.script("broken.sh", "#!/bin/sh\necho 'server down' >&2\nexit 2\n")
        let profile = try cli.file(
            "hybrid.toml",
            """
            name = "hybrid"
            host = "example.com"
            [engine]
            kind = "edge"
            recognizer = "command"
            command = "\(broken) {wav}"
            [fallback]
            kind = "edge"
            """)
        try await cli.ok("profile", "import", "--allow-command", profile)
        let result = try await cli.run(
            "transcribe", "--profile", "hybrid", "--json", try SpeechFiles.speech("git status", in: cli))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stderr.contains(
                "used the fallback engine: the engine failed: the recogniser command exited with status 2: server down")
        )
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["engine"] as? String == "edge/pocketsphinx")
        #expect(object["raw_text"] as? String == "git status")
    }
}
