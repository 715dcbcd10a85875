import Foundation
import TestFixtures
import Testing
import VoiceshCore

/// The edge engine with its second ear: the real Whisper runtime and weights as
/// `scripts/setup` installs them, on speech espeak-ng synthesises.
struct TwoEarTests {
    /// Where scripts/setup installs the runtime (a venv with faster-whisper, and `base/`).
    static let installed = ["VOICESH_WHISPER_HOME": "/usr/local/lib/voicesh/whisper"]

    func transcribe(_ cli: CLI, _ arguments: [String], environment: [String: String] = installed) async throws
        -> CLI.Result
    {
        try await cli.run(["transcribe"] + arguments, environment: environment)
    }

    /// A profile with only `kind = "edge"` hears with both ears: the text is right, its words
    /// carry a confidence, and the engine says it is the two-ear one.
    @Test(arguments: [("git status", "git status"), ("cat slash etc slash hosts", "cat /etc/hosts")])
    func bothEarsHearShellTalk(spoken: String, shell: String) async throws {
        let cli = try CLI()
        try await cli.ok("profile", "add", "two", "--host", "h", "--engine", "edge")
        let result = try await transcribe(cli, ["--json", "--profile", "two", try SpeechFiles.speech(spoken, in: cli)])
        #expect(result.status == 0, "\(result.stderr)")
        let output = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect(output?["engine"] as? String == "edge/pocketsphinx+whisper")
        #expect(output?["text"] as? String == shell)
        let words = output?["words"] as? [[String: Any]] ?? []
        #expect(!words.isEmpty && words.allSatisfy { $0["confidence"] is Double })
    }

    /// A request in plain English ("how do I …") is heard as said, in Whisper's words, for
    /// intent mode: the shell-talk ear alone makes shell words of it.
    @Test func aRequestInPlainEnglishIsHeardAsSaid() async throws {
        let cli = try CLI()
        try await cli.ok("profile", "add", "two", "--host", "h", "--engine", "edge")
        let speech = try SpeechFiles.speech("how do I find the biggest files here", in: cli)
        let result = try await transcribe(cli, ["--json", "--profile", "two", speech])
        #expect(result.status == 0, "\(result.stderr)")
        let output = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let raw = try #require(output?["raw_text"] as? String)
        #expect(IntentLead.request(in: raw) != nil && raw.lowercased().contains("biggest"), "\(raw)")
        // Without the second ear, the same speech is not heard as a request.
        let alone = try await transcribe(
            cli, ["--raw", speech], environment: ["VOICESH_WHISPER_HOME": cli.home.appendingPathComponent("none").path])
        #expect(IntentLead.request(in: alone.stdout) == nil, "\(alone.stdout)")
    }

    /// `transcribe --intent` with no lead: the recording is a request, heard in plain English
    /// (Whisper's words), never as shell talk, and that is what the intent model is asked.
    @Test func aRequestWithNoLeadIsHeardAsSaidForIntent() async throws {
        let cli = try CLI()
        let server = try ChatServer()
        try await cli.ok("config", "set", "intent.url", server.url, "intent.model", "m")
        try await cli.ok("profile", "add", "two", "--host", "h", "--engine", "edge")
        let speech = try SpeechFiles.speech("count the lines in every file here", in: cli)
        let result = try await transcribe(cli, ["--intent", "--json", "--profile", "two", speech])
        #expect(result.status == 0, "\(result.stderr)")
        let body = try #require(try server.requests().first?["body"] as? [String: Any])
        let asked = try #require((body["messages"] as? [[String: String]])?.last?["content"])
        #expect(asked.lowercased().contains("count the lines") && asked.lowercased().contains("file"), "\(asked)")
    }

    /// Noise alone is no speech with two ears as with one: Whisper is never asked to find words in it.
    @Test func noiseIsNoSpeech() async throws {
        let cli = try CLI()
        let path = cli.home.appendingPathComponent("noise.wav").path
        try Shell.run("/usr/bin/sox", ["-n", "-r", "16000", "-c", "1", path, "synth", "2", "pinknoise", "vol", "0.05"])
        let result = try await transcribe(cli, [path])
        #expect(result.status == 1, "noise gave \(result.stdout)")
        #expect(result.stderr == "voicesh: no speech was heard in the recording\n")
    }

    /// Without the runtime: pocketsphinx alone, the same text, and one notice that says what to do.
    @Test func withoutTheRuntimePocketsphinxHearsAlone() async throws {
        let cli = try CLI()
        let speech = try SpeechFiles.speech("git status", in: cli)
        let missing = cli.home.appendingPathComponent("no-whisper").path
        let result = try await transcribe(cli, [speech], environment: ["VOICESH_WHISPER_HOME": missing])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "git status\n")
        #expect(
            result.stderr
                == "voicesh: Whisper is not installed (run scripts/setup): the edge engine hears with pocketsphinx alone\n"
        )
    }

    /// A model path that is not a Whisper model stops with one line: what is wrong, what to do.
    @Test func aBadModelPathIsOneLine() async throws {
        let cli = try CLI()
        let speech = try SpeechFiles.speech("git status", in: cli)
        let parts = cli.home.appendingPathComponent("parts").path
        _ = try cli.file("parts/config.json", "{}")
        _ = try cli.file("parts/model.bin.part1", "x")
        for (path, reason) in [
            (cli.home.appendingPathComponent("nowhere").path, "no such folder"),
            (parts, "model.bin is in parts (join them: cat model.bin.part1 model.bin.part2 > model.bin)"),
        ] {
            let file = try cli.file(
                "bad.toml", "name = \"bad\"\nhost = \"h\"\n[engine]\nkind = \"edge\"\nwhisper_model = \"\(path)\"\n")
            try await cli.ok("profile", "import", "--replace", file)
            let result = try await transcribe(cli, ["--profile", "bad", speech])
            #expect(result.status != 0)
            #expect(
                result.stderr.contains("whisper_model \(path): \(reason); give a Whisper model folder"),
                "\(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1)
        }
    }

    /// `ear = "moonshine"`: the steered ear beside pocketsphinx (scripts/setup installs it), and
    /// the engine says which it is. The key is refused where it cannot mean anything.
    @Test func aProfileChoosesTheSteeredEar() async throws {
        let cli = try CLI()
        let file = try cli.file(
            "moon.toml", "name = \"moon\"\nhost = \"h\"\n[engine]\nkind = \"edge\"\near = \"moonshine\"\n")
        try await cli.ok("profile", "import", file)
        let speech = try SpeechFiles.speech("git status", in: cli)
        let result = try await transcribe(
            cli, ["--json", "--profile", "moon", speech],
            environment: ["VOICESH_MOONSHINE_HOME": "/usr/local/lib/voicesh/moonshine"])
        #expect(result.status == 0, "\(result.stderr)")
        let output = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect(output?["engine"] as? String == "edge/pocketsphinx+moonshine")
        #expect(output?["text"] as? String == "git status")
        for (engine, problem) in [
            ("kind = \"server\"\nurl = \"http://127.0.0.1:9\"\near = \"moonshine\"", "ear"),
            ("kind = \"edge\"\near = \"moonshine\"\nwhisper_model = \"/w\"", "whisper_model"),
            ("kind = \"edge\"\near = \"parakeet\"", "ear"),
        ] {
            let bad = try cli.file("bad.toml", "name = \"bad\"\nhost = \"h\"\n[engine]\n\(engine)\n")
            let refused = try await cli.run(["profile", "import", bad])
            #expect(refused.status != 0 && refused.stderr.contains(problem), "\(engine): \(refused.stderr)")
        }
    }
}
