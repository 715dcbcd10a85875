import Foundation
import TestFixtures
import Testing

/// The server engine against local servers that speak each dialect as the spec says.
struct ServerEngineTests {
    let cli: CLI
    let speech: String

    init() throws {
        cli = try CLI()
        speech = try SpeechFiles.speech("git status", in: cli)
    }

    func profile(_ name: String, _ engine: String) async throws {
        let file = try cli.file(
            "\(name).toml", "name = \"\(name)\"\nhost = \"example.com\"\n[engine]\nkind = \"server\"\n" + engine)
        // The test's own file: its key pairing is the test's to allow.
        try await cli.ok("profile", "import", "--allow-key", file)
    }

    @Test(arguments: ["openai", "whisper.cpp", "asr-webservice", "transcribe"])
    func eachDialectIsSpokenAsItsServerExpects(dialect: String) async throws {
        let server = try STTServer(dialect: dialect, text: "kubectl get pods")
        try await profile(
            "p", "dialect = \"\(dialect)\"\nurl = \"\(server.url)\"\nvocabulary = [\"kubectl\", \"nginx\"]\n")
        let result = try await cli.run("transcribe", "--profile", "p", speech)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "kubectl get pods\n")
        let request = try #require(try server.requests().first)
        let fields = request["fields"] as? [String: Any] ?? [:]
        let query = request["query"] as? [String: Any] ?? [:]
        let file = request["file"] as? [String: Any]
        #expect(file?["filename"] as? String == "recording.wav")
        #expect((file?["wav"] as? [String: Any])?["sample_rate"] as? Int == 16000 || file?["wav"] != nil)
        switch dialect {
        case "openai":
            #expect(request["path"] as? String == "/v1/audio/transcriptions")
            #expect(fields["model"] as? String == "whisper-1")
            #expect(fields["prompt"] as? String == Self.prompt)
            // Segment scores and words, so silence and hallucinations can be told (B3.1).
            #expect(fields["response_format"] as? String == "verbose_json")
            #expect(fields["timestamp_granularities[]"] as? [String] == ["segment", "word"])
        case "whisper.cpp":
            #expect(request["path"] as? String == "/inference")
            #expect(fields["model"] == nil)
            #expect(fields["response_format"] as? String == "verbose_json")
            #expect(fields["prompt"] as? String == Self.prompt)
        case "asr-webservice":
            #expect(request["path"] as? String == "/asr")
            #expect(request["field_names"] as? [String] == ["audio_file"])
            #expect(query["output"] as? String == "json")
            #expect(query["initial_prompt"] as? String == Self.prompt)
            #expect(query["task"] as? String == "transcribe")
            #expect(query["word_timestamps"] as? String == "true")
        default:
            #expect(request["path"] as? String == "/transcribe")
            #expect(request["field_names"] as? [String] == ["file"])
        }
    }

    /// Whisper invents text on silence and noise but scores it as no speech: each dialect that
    /// scores its segments has the invention dropped even from a take with a voice in it (the
    /// server's word against the gate's), and a server that gives no scores is caught by the
    /// recording's own voice activity on silence.
    @Test(arguments: ["openai", "whisper.cpp", "asr-webservice"])
    func aSegmentWhisperScoresAsSilenceIsDropped(dialect: String) async throws {
        let silence = cli.home.appendingPathComponent("silence.wav").path
        try Shell.run("/usr/bin/sox", ["-n", "-r", "16000", "-c", "1", "-b", "16", silence, "trim", "0", "3"])
        for (mode, file) in [("hallucinate", speech), ("ok", silence), ("bare", silence)] {
            let server = try STTServer(dialect: dialect, mode: mode)
            try await profile("h-\(mode)", "dialect = \"\(dialect)\"\nurl = \"\(server.url)\"\n")
            let result = try await cli.run("transcribe", "--profile", "h-\(mode)", file)
            #expect(result.status == 1, "\(dialect) \(mode): \(result.stdout)")
            #expect(result.stdout == "")
            #expect(result.stderr == "voicesh: no speech was heard in the recording\n")
            // The server did answer its invention: voicesh dropped it.
            #expect(try server.requests().first?["status"] as? Int == 200)
        }
        // Whisper's repetition loop (compression ratio 2.91) is no transcript either.
        let looping = try STTServer(dialect: dialect == "whisper.cpp" ? "openai" : dialect, mode: "repetition")
        let loopDialect = dialect == "whisper.cpp" ? "openai" : dialect
        try await profile("loop", "dialect = \"\(loopDialect)\"\nurl = \"\(looping.url)\"\n")
        #expect(try await cli.run("transcribe", "--profile", "loop", speech).status == 1)
    }

    /// Whisper's word probabilities reach `transcribe --json`, and an unsure word marks the shell
    /// word it became: whisper.cpp's own words, whisper-asr-webservice's `word_timestamps`, and
    /// OpenAI (words without probability: the segment's exp(avg_logprob) for each).
    @Test(arguments: ["whisper.cpp", "asr-webservice", "openai"])
    func wordConfidenceComesWithTheText(dialect: String) async throws {
        let server = try STTServer(
            dialect: dialect, text: "git dash dash staged", arguments: ["--word-probability", "staged=0.2"])
        try await profile("w", "dialect = \"\(dialect)\"\nurl = \"\(server.url)\"\n")
        let result = try await cli.run("transcribe", "--profile", "w", "--json", speech)
        #expect(result.status == 0, "\(result.stderr)")
        let output = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(output["text"] as? String == "git --staged")
        let words = try #require(output["words"] as? [[String: Any]])
        #expect(words.compactMap { $0["text"] as? String } == ["git", "dash", "dash", "staged"])
        let confidence = words.map { $0["confidence"] as? Double }
        if dialect == "openai" {
            // exp(-0.25) = 0.78 for every word: OpenAI gives no word probabilities, and a segment
            // under the threshold (0.8) leaves every word of it unsure.
            #expect(confidence.allSatisfy { abs(($0 ?? 0) - 0.7788) < 0.001 })
            #expect(output["unsure"] as? [Int] == [0, 1])
        } else {
            #expect(confidence == [0.9, 0.9, 0.9, 0.2])
            #expect(words.map { $0["unsure"] as? Bool } == [false, false, false, true])
            #expect(output["unsure"] as? [Int] == [1])
        }
    }

    /// Commands in their spoken form, never shell, then the profile's vocabulary.
    static let prompt =
        "git remote dash v. git log dash dash oneline. ls dash l h tilde slash downloads. "
        + "cd slash usr slash local slash bin. cat package dot json pipe less. nano my underscore notes dot md. "
        + "echo quote all tests passed end quote greater than result dot txt. git checkout dash b hotfix. "
        + "sudo systemctl enable dash dash now docker. journalctl dash b pipe grep dash i usb. "
        + "kubectl get nodes dash o yaml. cd dot dot.\nkubectl, nginx"

    @Test func thePromptSpellsTheAliasesReplacements() async throws {
        let server = try STTServer(dialect: "openai")
        let file = try cli.file(
            "a.toml",
            "name = \"a\"\nhost = \"example.com\"\n[engine]\nkind = \"server\"\nurl = \"\(server.url)\"\n"
                + "[aliases]\n\"prod box\" = \"prod-01.example.com\"\n")
        try await cli.ok("profile", "import", file)
        let result = try await cli.run("transcribe", "--profile", "a", speech)
        #expect(result.status == 0, "\(result.stderr)")
        let fields = try server.requests().first?["fields"] as? [String: Any]
        let prompt = try #require(fields?["prompt"] as? String)
        #expect(prompt.hasPrefix("git remote dash v. "))
        #expect(prompt.hasSuffix(" cd dot dot.\nprod-01.example.com"))
    }

    /// whisper-asr-webservice answers 500 to `en-US`, OpenAI 400: both get `en`.
    @Test(arguments: ["openai", "whisper.cpp", "asr-webservice"])
    func aRegionalLanguageGoesAsItsISOCode(dialect: String) async throws {
        let server = try STTServer(dialect: dialect)
        try await profile("l", "dialect = \"\(dialect)\"\nurl = \"\(server.url)\"\nlanguage = \"en-US\"\n")
        let result = try await cli.run("transcribe", "--profile", "l", speech)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "git status\n")
        let request = try #require(try server.requests().first)
        let sent =
            dialect == "asr-webservice"
            ? (request["query"] as? [String: Any])?["language"] : (request["fields"] as? [String: Any])?["language"]
        #expect(sent as? String == "en")
    }

    @Test func anUnknownLanguageIsOneLineNamingTheKey() async throws {
        let file = try cli.file(
            "x.toml",
            "name = \"x\"\nhost = \"example.com\"\n[engine]\nkind = \"server\"\nurl = \"http://127.0.0.1:9\"\nlanguage = \"english\"\n"
        )
        let result = try await cli.run("profile", "import", file)
        #expect(result.status != 0)
        #expect(
            result.stderr.contains("engine.language: \"english\" is not a language code; use ISO 639-1"),
            "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    }

    /// whisper-asr-webservice with ASR_ENGINE=whisperx answers segments without `text`.
    @Test func whisperxSegmentsAreRead() async throws {
        let server = try STTServer(
            dialect: "asr-webservice", text: "Git status.", arguments: ["--asr-engine", "whisperx"])
        try await profile("wx", "dialect = \"asr-webservice\"\nurl = \"\(server.url)\"\n")
        let result = try await cli.run("transcribe", "--profile", "wx", speech)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "git status\n")
    }

    /// Over OpenAI's 25 MiB the upload is refused here, before a byte is sent.
    @Test func anUploadOverTheLimitIsRefusedBeforeSending() async throws {
        let server = try STTServer(dialect: "openai")
        try await profile("big", "url = \"\(server.url)\"\ntimeout = 120\n")
        let long = cli.home.appendingPathComponent("long.wav").path
        try Shell.run(
            "/usr/bin/sox",
            ["-n", "-r", "16000", "-c", "1", "-b", "16", long, "synth", "840", "whitenoise", "vol", "0.05"])
        let result = try await cli.run("transcribe", "--profile", "big", long)
        #expect(result.status == 1)
        #expect(
            result.stderr.hasPrefix(
                "voicesh: the engine cannot run: the recording is 14.0 minutes (25.6 MiB to upload); "
                    + "the server takes at most 25 MiB"), "\(result.stderr)")
        #expect(try server.requests().isEmpty)
    }

    @Test func aRefusedConnectionReadsAsWords() async throws {
        let port = try FakeServer.unusedPort()
        try await profile("r", "url = \"http://127.0.0.1:\(port)\"\n")
        let result = try await cli.run("transcribe", "--profile", "r", speech)
        #expect(result.status == 1)
        #expect(
            result.stderr
                == "voicesh: the engine failed: cannot reach http://127.0.0.1:\(port)/v1/audio/transcriptions: "
                + "connection refused (is the server running, and on that port?)\n")
    }

    @Test func aKeyIsSentAsBearerAndNeverShown() async throws {
        let server = try STTServer(dialect: "openai", arguments: ["--api-key", "sk-test-4f9a8b7c6d5e"])
        try await profile("keyed", "url = \"\(server.url)\"\napi_key_env = \"STT_KEY\"\n")
        let good = try await cli.run(
            ["transcribe", "--profile", "keyed", speech],
            environment: ["STT_KEY": "sk-test-4f9a8b7c6d5e"])
        #expect(good.stdout == "git status\n", "\(good.stderr)")
        let headers = try server.requests().first?["headers"] as? [String: Any]
        #expect(headers?["authorization"] as? String == "Bearer sk-test-4f9a8b7c6d5e")

        let wrong = try await cli.run(
            ["transcribe", "--profile", "keyed", speech],
            environment: ["STT_KEY": "sk-wrong-1234567890"])
        #expect(wrong.status == 1)
        #expect(wrong.stderr.hasPrefix("voicesh: the engine failed: HTTP 401: "))
        #expect(!wrong.stderr.contains("sk-wrong-1234567890"))
        let unset = try await cli.run("transcribe", "--profile", "keyed", speech)
        #expect(
            unset.stderr
                == "voicesh: the engine cannot run: engine.api_key_env names STT_KEY, which is not set in the environment\n"
        )
    }

    @Test(arguments: [
        ("openai", "HTTP 500: "), ("whisper.cpp", "HTTP 500: failed to process audio"),
        ("asr-webservice", "HTTP 500: "), ("transcribe", "HTTP 500: "),
    ])
    func serverErrorsBecomeOneLine(dialect: String, prefix: String) async throws {
        let server = try STTServer(dialect: dialect, mode: "error")
        try await profile("e", "dialect = \"\(dialect)\"\nurl = \"\(server.url)\"\n")
        let result = try await cli.run("transcribe", "--profile", "e", speech)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("voicesh: the engine failed: \(prefix)"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test func malformedRepliesAreNamed() async throws {
        let server = try STTServer(dialect: "openai", mode: "malformed")
        try await profile("m", "url = \"\(server.url)\"\n")
        let result = try await cli.run("transcribe", "--profile", "m", speech)
        #expect(result.status == 1)
        #expect(
            result.stderr.hasPrefix("voicesh: the engine answered something that is not a transcript: "),
            "\(result.stderr)")
    }

    @Test func aServerThatNeverAnswersTimesOutOnTime() async throws {
        let server = try STTServer(dialect: "whisper.cpp", mode: "hang")
        try await profile("h", "dialect = \"whisper.cpp\"\nurl = \"\(server.url)\"\ntimeout = 1\n")
        let started = Date()
        let result = try await cli.run("transcribe", "--profile", "h", speech)
        #expect(result.status == 1)
        #expect(result.stderr == "voicesh: the engine gave no text within 1 s (the profile's engine.timeout)\n")
        #expect(Date().timeIntervalSince(started) < 600)  // not the server's 1,200 s lifetime
        #expect(try server.requests().count == 1)  // the request did reach the server
    }

    @Test func aDeadServerFallsBackOffline() async throws {
        let port = try FakeServer.unusedPort()
        try await profile("d", "url = \"http://127.0.0.1:\(port)\"\n[fallback]\nkind = \"edge\"\n")
        let result = try await cli.run("transcribe", "--profile", "d", speech)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "git status\n")
        #expect(
            result.stderr.contains("used the fallback engine: the engine failed: cannot reach http://127.0.0.1:\(port)")
        )
    }

    /// Issue 33: a redirect is not followed, to another host or anywhere: the recording goes to
    /// the profile's server or nowhere, and the one line names where it pointed.
    @Test func aRedirectIsNotFollowedAndNamed() async throws {
        let elsewhere = try STTServer(dialect: "openai")
        let server = try STTServer(dialect: "openai", mode: "redirect", arguments: ["--redirect-to", elsewhere.url])
        try await profile("r", "url = \"\(server.url)\"\napi_key_env = \"STT_KEY\"\n")
        let result = try await cli.run(
            ["transcribe", "--profile", "r", speech], environment: ["STT_KEY": "sk-secret"]
        )
        #expect(result.status == 1)
        #expect(
            result.stderr
                == "voicesh: the engine failed: \(server.url)/v1/audio/transcriptions redirected to \(elsewhere.url), which voicesh does not follow (nothing was sent there); set the profile's url to it if you trust it\n"
        )
        #expect(try elsewhere.requests().isEmpty)
        #expect(try server.requests().count == 1)
    }

    /// Issue 33: every way a server fails is one line in voicesh's words: no type names,
    /// `Optional(…)` or a library's own description (a 12 MiB reply once showed
    /// `NIOTooManyBytesError(maxBytes: Optional(4194291))`).
    @Test func everyServerFailureIsOneLineInPlainWords() async throws {
        var urls: [(String, String)] = []
        var servers: [STTServer] = []
        for mode in ["unauthorized", "error", "malformed", "hostile", "huge", "redirect"] {
            let server = try STTServer(dialect: "openai", mode: mode)
            servers.append(server)
            urls.append((mode, server.url))
        }
        urls.append(("dead", "http://127.0.0.1:\(try FakeServer.unusedPort())"))
        for (mode, url) in urls {
            try await profile("f-\(mode)", "url = \"\(url)\"\n")
            let result = try await cli.run("transcribe", "--profile", "f-\(mode)", speech)
            #expect(result.status == 1, "\(mode)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(mode): \(result.stderr)")
            #expect(result.stderr.hasPrefix("voicesh: the engine "), "\(mode): \(result.stderr)")
            for inner in ["Error(", "Optional(", "NIO", "HTTPClient", "errno", "Swift.", "maxBytes"] {
                #expect(!result.stderr.contains(inner), "\(mode): \(result.stderr)")
            }
        }
        #expect(servers.count == 6)
    }
}
