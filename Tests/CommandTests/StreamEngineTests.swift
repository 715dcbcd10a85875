import Foundation
import TestFixtures
import Testing

/// The stream engine through `voicesh transcribe`, against local servers that speak
/// AssemblyAI v3, Deepgram and voicesh stream v1 as the spec says and log what they received.
struct StreamEngineTests {
    let cli: CLI
    /// Two seconds of a voice: the servers' words are scripted, so only the audio's bytes matter
    /// (and that it is a voice: every engine is behind the recording's voice-activity check).
    let tone: String
    let toneSamples = 32000

    init() throws {
        cli = try CLI()
        tone = try SpeechFiles.voice(seconds: 2, in: cli, named: "tone.wav")
    }

    func transcribe(_ name: String, _ file: String? = nil, environment: [String: String] = [:]) async throws
        -> CLI.Result
    {
        try await cli.run(
            ["transcribe", "--profile", name, "--partials", file ?? tone],
            environment: environment)
    }

    /// Noise a provider misheard as words comes back unsure (its words' confidence 0.2): such a
    /// final is dropped; and any text from a take with no voice in it is no speech.
    @Test(arguments: ["assemblyai", "deepgram"])
    func unsureFinalsAndVoicelessTakesGiveNoText(provider: String) async throws {
        let unsure = try WSServer(
            provider: provider, text: "www dot mesmerism", arguments: ["--word-confidence", "*=0.2"])
        try await cli.streamProfile("n", unsure)
        var result = try await transcribe("n")
        #expect(result.status == 1, "\(result.stdout)")
        #expect(result.stderr.hasSuffix("voicesh: no speech was heard in the recording\n"))
        let noise = cli.home.appendingPathComponent("noise.wav").path
        try Shell.run("/usr/bin/sox", ["-n", "-r", "16000", "-c", "1", "-b", "16", noise, "synth", "2", "pinknoise"])
        let sure = try WSServer(provider: provider, text: "www dot mesmerism")
        try await cli.streamProfile("noise", sure)
        result = try await transcribe("noise", noise)
        #expect(result.status == 1, "\(result.stdout)")
        #expect(result.stderr.hasSuffix("voicesh: no speech was heard in the recording\n"))
        // Both takes were streamed to the provider, which answered words: voicesh dropped them.
        #expect(try unsure.events("connect").count == 1)
        #expect(try sure.events("connect").count == 1)
    }

    /// An IPv6 address in the URL: the socket dials it bare, the Host header keeps its brackets.
    @Test(.enabled(if: Self.loopbackIPv6)) func anIPv6AddressInTheURLConnects() async throws {
        let server = try WSServer(provider: "generic", arguments: ["--listen", "::1"])
        #expect(server.url.hasPrefix("ws://[::1]:"))
        try await cli.streamProfile("v6", server)
        let result = try await transcribe("v6")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "git status\n")
        let headers = try #require(try server.events("connect").first)["headers"] as? [String: String]
        #expect(headers?["host"] == "[::1]:\(server.port)")
    }

    /// Whether this machine has ::1 (a container may have no IPv6 at all).
    static var loopbackIPv6: Bool {
        let fd = socket(AF_INET6, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = sockaddr_in6()
        address.sin6_family = sa_family_t(AF_INET6)
        address.sin6_addr = in6addr_loopback
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) == 0
            }
        }
    }

    @Test(arguments: ["assemblyai", "deepgram", "generic"])
    func partialsAreShownAndTurnsAssembleIntoTheFinalText(provider: String) async throws {
        let server = try WSServer(provider: provider, text: "git status | docker ps", arguments: ["--word-ms", "250"])
        try await cli.streamProfile("turns", server)
        let result = try await transcribe("turns")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "git status docker ps\n")
        let partials = result.stderr.split(separator: "\n").filter { $0.hasPrefix("partial: ") }
        if provider == "generic" {
            // A segment (1 s, four words at 250 ms each) at a time.
            #expect(partials.first == "partial: git status")
        } else {
            #expect(partials.first == "partial: git")
            #expect(partials.contains("partial: git status docker"))
        }
        #expect(partials.last == "partial: git status docker ps")
    }

    @Test func aSecondFormattedEndOfTurnReplacesTheFirst() async throws {
        let server = try WSServer(provider: "assemblyai", text: "git status", arguments: ["--format-turns-twice"])
        try await cli.streamProfile("fmt", server)
        let result = try await transcribe("fmt")
        #expect(result.status == 0, "\(result.stderr)")
        let raw = try await cli.run(
            ["transcribe", "--profile", "fmt", "--raw", tone], environment: [:])
        #expect(raw.stdout == "Git status.\n", "\(raw.stderr)")
    }

    @Test func keysAreExchangedForTokensAndNeverSentOnTheStream() async throws {
        for provider in ["assemblyai", "deepgram"] {
            let key = "\(provider)-key-4f9a8b7c6d5e"
            let server = try WSServer(provider: provider, arguments: ["--api-key", key])
            try await cli.streamProfile("k-\(provider)", server, "api_key_env = \"STT_KEY\"\n")
            let result = try await transcribe("k-\(provider)", environment: ["STT_KEY": key])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout == "git status\n")
            let tokenRequest = try #require(try server.events("token_request").first)
            let connect = try #require(try server.events("connect").first)
            let headers = connect["headers"] as? [String: String] ?? [:]
            let query = connect["query"] as? [String: [String]] ?? [:]
            #expect(!"\(connect)".contains(key))
            if provider == "assemblyai" {
                #expect(tokenRequest["method"] as? String == "GET")
                #expect(tokenRequest["path"] as? String == "/v3/token")
                #expect(query["token"]?.first?.hasPrefix("tok-") == true)
                #expect(headers["authorization"] == nil)
            } else {
                #expect(tokenRequest["method"] as? String == "POST")
                #expect(tokenRequest["path"] as? String == "/v1/auth/grant")
                #expect(headers["authorization"]?.hasPrefix("Bearer tok-") == true)
            }

            let wrong = try await transcribe("k-\(provider)", environment: ["STT_KEY": "wrong-key-1234567890"])
            #expect(wrong.status == 1)
            #expect(wrong.stderr.contains("refused a token: HTTP 401"), "\(wrong.stderr)")
            #expect(!wrong.stderr.contains("wrong-key-1234567890"))
        }
    }

    /// Issue 33: a token endpoint that redirects is not followed, so the key never reaches the
    /// other host; the one line names where it pointed.
    @Test func aTokenEndpointThatRedirectsIsNotFollowed() async throws {
        let key = "assemblyai-key-4f9a8b7c6d5e"
        let elsewhere = try WSServer(provider: "assemblyai", arguments: ["--api-key", key])
        let target = "http://127.0.0.1:\(elsewhere.port)/v3/token?expires_in_seconds=60"
        let server = try WSServer(
            provider: "assemblyai", arguments: ["--api-key", key, "--token-redirect", target])
        try await cli.streamProfile("moved", server, "api_key_env = \"STT_KEY\"\n")
        let result = try await transcribe("moved", environment: ["STT_KEY": key])
        #expect(result.status == 1)
        #expect(
            result.stderr.hasSuffix(
                "redirected to \(target), which voicesh does not follow (the key was not sent there)\n"),
            "\(result.stderr)")
        #expect(!result.stderr.contains(key))
        #expect(try server.events("token_request").count == 1)
        #expect(try elsewhere.events().isEmpty)  // no token request, no stream
    }

    /// The providers' own recorded message sequences (Tests/Fixtures/recorded names the source
    /// of each), replayed by the fixture: formatted turns, u3-rt-pro partials whose words are
    /// all non-final, Deepgram results recorded from the live API with an empty final.
    @Test(arguments: [
        ("assemblyai", "assemblyai_v3_u3_rt_pro_sequence.json", "my name is sonny"),
        ("assemblyai", "assemblyai_v3_universal_streaming_sequence.json", "hi my name is sonny i am a voice agent"),
        (
            "deepgram", "deepgram_recorded_results.json",
            "for the united states of america testing 123 testing 123 ensure domestic tranquility"
        ),
    ])
    func recordedSequencesGiveTheirText(provider: String, file: String, text: String) async throws {
        let recorded = CLI.packageDirectory.appendingPathComponent("Tests/Fixtures/recorded/\(file)").path
        let server = try WSServer(provider: provider, arguments: ["--replay", recorded])
        try await cli.streamProfile("replay-\(provider)", server)
        let result = try await transcribe("replay-\(provider)")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == text + "\n")
        #expect(!result.stderr.contains("is— My name is"), "\(result.stderr)")  // a u3 partial, shown once
    }

    /// A Deepgram key below Member may stream but not mint: the grant's 403 sends the key
    /// itself, and says so once.
    @Test func aDeepgramKeyWithoutMemberRightsStreamsWithTheKey() async throws {
        let key = "dg-default-key-4f9a8b7c6d5e"
        let server = try WSServer(provider: "deepgram", arguments: ["--api-key", key, "--key-role", "default"])
        try await cli.streamProfile("dg-default", server, "api_key_env = \"STT_KEY\"\n")
        let result = try await transcribe("dg-default", environment: ["STT_KEY": key])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "git status\n")
        let said = result.stderr.components(separatedBy: "Deepgram refused a temporary token").count - 1
        #expect(said == 1, "\(result.stderr)")
        #expect(!result.stderr.contains(key))
        let connect = try #require(try server.events("connect").first)
        #expect((connect["headers"] as? [String: String])?["authorization"] == "Token \(key)")
    }

    /// `keyterm` goes to Nova-3 only; older models get `keywords` (the fixture, like the
    /// service, refuses each on the other's models). `en-US` goes as Deepgram's own code.
    @Test(arguments: [("nova-3", "keyterm"), ("nova-2", "keywords"), ("base", "keywords")])
    func deepgramVocabularyGoesAsTheModelTakesIt(model: String, key: String) async throws {
        let server = try WSServer(provider: "deepgram")
        try await cli.streamProfile(
            "dg-\(model)", server, "model = \"\(model)\"\nlanguage = \"en-us\"\nvocabulary = [\"kubectl\"]\n")
        let result = try await transcribe("dg-\(model)")
        #expect(result.status == 0, "\(result.stderr)")
        let query = try #require(try server.events("connect").first)["query"] as? [String: [String]]
        #expect(query?[key] == ["kubectl"])
        #expect(query?["language"] == ["en-US"])
        #expect(try server.events("refused").isEmpty)
    }

    /// English has its own AssemblyAI model; the other languages it streams take the multilingual one.
    @Test(arguments: [("en-GB", "universal-streaming-english"), ("de", "universal-streaming-multilingual")])
    func assemblyAIPicksTheModelForTheLanguage(language: String, model: String) async throws {
        let server = try WSServer(provider: "assemblyai")
        try await cli.streamProfile("aai-\(language)", server, "language = \"\(language)\"\n")
        let result = try await transcribe("aai-\(language)")
        #expect(result.status == 0, "\(result.stderr)")
        let query = try #require(try server.events("connect").first)["query"] as? [String: [String]]
        #expect(query?["speech_model"] == [model])
    }

    @Test func aLanguageAssemblyAIDoesNotStreamIsRefusedInValidation() async throws {
        let file = try cli.file(
            "ja.toml",
            "name = \"ja\"\nhost = \"example.com\"\n[engine]\nkind = \"stream\"\nprovider = \"assemblyai\"\n"
                + "language = \"ja\"\n")
        let result = try await cli.run("profile", "import", file)
        #expect(result.status != 0)
        #expect(result.stderr.contains("engine.language: \"ja\" is not streamed by AssemblyAI"), "\(result.stderr)")
    }

    @Test(arguments: ["assemblyai", "deepgram", "generic"])
    func aTokenFromTheProxyIsFetchedPerConnection(provider: String) async throws {
        let server = try WSServer(provider: provider, arguments: ["--proxy", "ok"])
        try await cli.streamProfile("proxied", server, "token_url = \"\(server.tokenURL)\"\n")
        for _ in 0..<2 {
            let result = try await transcribe("proxied")
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout == "git status\n")
        }
        #expect(try server.events("token_request").count == 2)  // single-use tokens: one per connection
        let connects = try server.events("connect")
        let tokens = connects.map { c in
            let headers = c["headers"] as? [String: String] ?? [:]
            let query = c["query"] as? [String: [String]] ?? [:]
            return query["token"]?.first ?? headers["authorization"] ?? ""
        }
        #expect(Set(tokens).count == 2)
        #expect(tokens.allSatisfy { provider == "assemblyai" ? $0.hasPrefix("tok-") : $0.hasPrefix("Bearer tok-") })
    }

    @Test func aProxyThatIsDownIsNamedAndTheRecordingGoesToTheFallback() async throws {
        let port = try FakeServer.unusedPort()
        let server = try WSServer(provider: "assemblyai")
        try await cli.streamProfile("down", server, "token_url = \"http://127.0.0.1:\(port)/token\"\n")
        let failed = try await transcribe("down")
        #expect(failed.status == 1)
        #expect(
            failed.stderr.hasSuffix(
                "voicesh: the engine cannot run: cannot get a token from the token proxy at http://127.0.0.1:\(port)/token: connection refused\n"
            ), "\(failed.stderr)")
        #expect(try server.events("connect").isEmpty)

        // The same recording reaches the offline fallback: nothing recorded is lost.
        let speech = try SpeechFiles.speech("git status", in: cli)
        try await cli.streamProfile(
            "down-hybrid", server, "token_url = \"http://127.0.0.1:\(port)/token\"\n[fallback]\nkind = \"edge\"\n")
        let fell = try await transcribe("down-hybrid", speech)
        #expect(fell.status == 0, "\(fell.stderr)")
        #expect(fell.stdout == "git status\n")
        #expect(fell.stderr.contains("used the fallback engine: the engine cannot run: cannot get a token"))
    }

    /// A token the proxy refuses, and an expired one the provider refuses, each named in the
    /// last line (`{token}`: the proxy's URL, `{url}`: the provider's) without the token.
    @Test(arguments: [
        (
            "generic", "reject",
            #"voicesh: the engine cannot run: the token proxy at {token} refused a token: HTTP 401: {"error": "not signed in"}"#
        ),
        (
            "assemblyai", "expired",
            "voicesh: the engine cannot run: AssemblyAI refused the key or token (close 1008: Unauthorized Connection: Missing Authorization header)"
        ),
        (
            "deepgram", "expired",
            "voicesh: the engine failed: cannot connect to Deepgram at {url}: the server refused the WebSocket handshake: HTTP 401: Invalid credentials."
        ),
    ])
    func rejectedAndExpiredTokensAreNamedWithoutTheToken(provider: String, proxy: String, line: String) async throws {
        let server = try WSServer(provider: provider, arguments: ["--proxy", proxy])
        try await cli.streamProfile(proxy, server, "token_url = \"\(server.tokenURL)\"\n")
        let result = try await transcribe(proxy)
        #expect(result.status == 1)
        let expected = line.replacingOccurrences(of: "{token}", with: server.tokenURL)
            .replacingOccurrences(of: "{url}", with: server.url)
        #expect(result.stderr.hasSuffix(expected + "\n"), "\(result.stderr)")
        #expect(!result.stderr.contains("tok-"))
    }

    @Test(arguments: [
        (
            "deepgram", 1011, "NET-0001",
            "Deepgram closed the stream: it received no audio within its 10 s window (close 1011 NET-0001)"
        ),
        ("deepgram", 1008, "DATA-0000", "Deepgram could not decode the audio (close 1008 DATA-0000)"),
        (
            "assemblyai", 3005, "Session Cancelled: An error occurred",
            "AssemblyAI had a server error (close 3005: Session Cancelled: An error occurred)"
        ),
        ("assemblyai", 3006, "Invalid JSON: x", "AssemblyAI rejected a control message (close 3006: Invalid JSON: x)"),
        (
            "assemblyai", 3007, "Input duration violation: 20 ms. Expected between 50 and 1000 ms",
            "AssemblyAI rejected the audio (frame size or rate) (close 3007: Input duration violation: 20 ms. Expected between 50 and 1000 ms)"
        ),
        (
            "assemblyai", 3008, "Session Expired: Maximum session duration exceeded",
            "the AssemblyAI session expired (close 3008: Session Expired: Maximum session duration exceeded)"
        ),
    ])
    func closeCodesBecomeOneClearLine(provider: String, code: Int, reason: String, words: String) async throws {
        let server = try WSServer(
            provider: provider,
            arguments: ["--close-after", "0.5", "--close-code", String(code), "--close-reason", reason])
        try await cli.streamProfile("c", server)
        let result = try await transcribe("c")
        #expect(result.status == 1)
        let lines = result.stderr.split(separator: "\n").filter { !$0.hasPrefix("partial: ") }
        #expect(lines == ["voicesh: the engine failed: \(words)"])
    }

    /// AssemblyAI sends Termination when a session expires, then closes 3008: the text so far is
    /// not the recording's, so it is a failure that says why, never a shortened success.
    @Test func anExpiredSessionIsNoShortenedText() async throws {
        let server = try WSServer(provider: "assemblyai", arguments: ["--expire-after", "0.5"])
        try await cli.streamProfile("c", server)
        let result = try await transcribe("c")
        #expect(result.status == 1, "\(result.stdout)")
        let lines = result.stderr.split(separator: "\n").filter { !$0.hasPrefix("partial: ") }
        #expect(
            lines == [
                "voicesh: the engine failed: the AssemblyAI session expired (close 3008: Session Expired: Maximum session duration exceeded)"
            ])
    }

    /// A generic server that refuses the stream (a close of 1008 or 4xxx) is a failure that
    /// says so, not a drop to reconnect to again and again.
    @Test func aGenericServerThatRefusesIsNotReconnectedTo() async throws {
        let server = try WSServer(
            provider: "generic",
            arguments: ["--close-after", "0.2", "--close-code", "4401", "--close-reason", "token refused"])
        try await cli.streamProfile("c", server)
        let result = try await transcribe("c")
        #expect(result.status == 1, "\(result.stdout)")
        #expect(result.stderr.contains("4401"), "\(result.stderr)")
        #expect(try server.events("connect").count == 1)
    }

    /// A provider whose end never comes after voicesh asked to finish (a half-open link) leaves
    /// the finals it sent as the text, with a note, not a timeout that throws them away.
    @Test func finalsStandWhenTheEndNeverComes() async throws {
        let server = try WSServer(provider: "assemblyai", arguments: ["--final-delay", "20"])
        try await cli.streamProfile("c", server)
        let result = try await transcribe("c")
        #expect(result.status == 0 && result.stdout == "git status\n", "\(result.stderr)")
        #expect(result.stderr.contains("did not confirm the end within 5 s"), "\(result.stderr)")
    }

    @Test func aDeadStreamFallsBackOfflineWithTheSameRecording() async throws {
        let port = try FakeServer.unusedPort()
        let file = try cli.file(
            "dead.toml",
            "name = \"dead\"\nhost = \"h\"\n[engine]\nkind = \"stream\"\nprovider = \"deepgram\"\n"
                + "url = \"ws://127.0.0.1:\(port)/v1/listen\"\n[fallback]\nkind = \"edge\"\n")
        try await cli.ok("profile", "import", file)
        let result = try await transcribe("dead", try SpeechFiles.speech("git status", in: cli))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "git status\n")
        #expect(
            result.stderr.contains(
                "used the fallback engine: the engine failed: cannot connect to Deepgram at ws://127.0.0.1:\(port)/v1/listen: connection refused"
            ), "\(result.stderr)")
    }
}
