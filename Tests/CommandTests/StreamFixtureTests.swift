import Foundation
import TestFixtures
import Testing

/// The streaming fixture as strict as the services: the providers' own recorded message
/// sequences replayed through the real stream engine, AssemblyAI's recorded `Error` messages,
/// its keyterm limits, and its real-time rule after a network stall. Each rule of the fixture
/// is also shown to bite, with a client that breaks it.
@Suite(.serialized)
struct StreamFixtureTests {
    let cli: CLI
    let tone: String

    init() throws {
        cli = try CLI()
        tone = try SpeechFiles.voice(seconds: 2, in: cli, named: "tone.wav")
    }

    func transcribe(_ name: String, _ file: String? = nil) async throws -> CLI.Result {
        try await cli.run("transcribe", "--profile", name, "--partials", file ?? tone)
    }

    static func recorded(_ file: String) -> String {
        CLI.packageDirectory.appendingPathComponent("Tests/Fixtures/recorded/\(file)").path
    }

    /// A recorded message sequence (Tests/Fixtures/recorded) replayed by a `provider` server and
    /// transcribed: the result, checked to have succeeded without breaking a rule of the fixture.
    func replayed(_ provider: String, _ file: String) async throws -> CLI.Result {
        let server = try WSServer(provider: provider, arguments: ["--replay", Self.recorded(file)])
        try await cli.streamProfile(provider, server)
        let result = try await transcribe(provider)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try server.events("violation").isEmpty)
        return result
    }

    func partials(_ result: CLI.Result) -> [String] {
        result.stderr.split(separator: "\n").filter { $0.hasPrefix("partial: ") }.map { String($0.dropFirst(9)) }
    }

    /// Deepgram's documented SpeechStarted, interim Results, a final with `from_finalize: false`
    /// and UtteranceEnd, in a live stream's order: the interims are shown, the final is the text.
    @Test func deepgramsDocumentedSequenceGivesItsFinal() async throws {
        let result = try await replayed("deepgram", "deepgram_docs_sequence.json")
        #expect(result.stdout == "tell me more about this\n")
        let shown = partials(result)
        #expect(shown.contains("another big"), "\(shown)")
        #expect(shown.contains("another big problem"), "\(shown)")
        #expect(shown.last?.lowercased().hasPrefix("tell me more about this") == true, "\(shown)")
    }

    /// The SDKs' test messages: SpeechStarted, a formatted partial Turn with a speaker label, the
    /// end of that turn, a Warning and a Heartbeat (both ignored, as B1.6 says).
    @Test func assemblyAISDKMessagesGiveTheEndOfTurn() async throws {
        let result = try await replayed("assemblyai", "assemblyai_v3_sdk_test_messages.json")
        #expect(result.stdout == "hi\n")
        #expect(partials(result).contains { $0.lowercased().hasPrefix("hello world") }, "\(result.stderr)")
    }

    /// AssemblyAI's recorded `Error` messages, each followed by the recorded close (4001 Not
    /// Authorized): the message's code decides the kind, whatever the close says.
    @Test(arguments: [
        (0, "voicesh: the engine cannot run: AssemblyAI refused the key or token (error 4001: Invalid API key)"),
        (1, "voicesh: the engine failed: AssemblyAI ended the stream (error 5001: Server boom)"),
        (2, "voicesh: the engine failed: AssemblyAI: Client sent audio too fast"),
    ])
    func assemblyAIErrorMessagesBecomeOneLine(index: Int, line: String) async throws {
        let server = try WSServer(provider: "assemblyai", arguments: ["--replay-error", String(index)])
        try await cli.streamProfile("err", server)
        let result = try await transcribe("err")
        #expect(result.status == 1)
        let lines = result.stderr.split(separator: "\n").filter { !$0.hasPrefix("partial: ") }
        #expect(lines == [Substring(line)], "\(result.stderr)")
        #expect(try await server.firstEvent("server_close")?["code"] as? Int == 4001)
    }

    /// Beyond AssemblyAI's 100 keyterms or 50 characters, the profile is refused before any
    /// connection, in one line naming the key.
    @Test func tooManyAssemblyAIKeytermsAreRefusedAtImport() async throws {
        let server = try WSServer(provider: "assemblyai")
        let terms = (1...101).map { "\"term\($0)\"" }.joined(separator: ", ")
        let file = try cli.file(
            "kt.toml",
            "name = \"kt\"\nhost = \"example.com\"\n[engine]\nkind = \"stream\"\nprovider = \"assemblyai\"\n"
                + "url = \"\(server.url)\"\nvocabulary = [\(terms)]\n")
        let result = try await cli.run("profile", "import", file)
        #expect(result.status == 1)
        #expect(
            result.stderr.contains(
                "engine.vocabulary: has 101 terms; AssemblyAI takes at most 100 keyterms: keep the 100 that matter most"
            ),
            "\(result.stderr)")
        #expect(try server.events("connect").isEmpty)
    }

    /// The fixture itself refuses what AssemblyAI refuses, for a client that skips validation.
    @Test(arguments: [
        ((1...101).map { "t\($0)" }, false), (["kubectl", String(repeating: "k", count: 51)], false),
        ((1...100).map { "t\($0)" }, true),
    ])
    func theFixtureRefusesKeytermsBeyondTheLimits(terms: [String], accepted: Bool) async throws {
        let server = try WSServer(provider: "assemblyai")
        let json = String(decoding: try JSONSerialization.data(withJSONObject: terms), as: UTF8.self)
        let query =
            "sample_rate=16000&encoding=pcm_s16le&speech_model=universal-streaming-english&keyterms_prompt="
            + (json.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
        let outcome = try Self.client(
            """
            ws = await websockets.connect(close_timeout=1, uri="\(server.url)?\(query)")
            try:
                first = json.loads(await ws.recv())["type"]
                await ws.send(json.dumps({"type": "Terminate"}))
                while True: await ws.recv()
            except websockets.ConnectionClosed:
                first = locals().get("first", "closed")
            print(first, ws.close_code)
            """)
        #expect(outcome == (accepted ? "Begin 1000" : "closed 3006"), "\(outcome)")
        #expect(try server.events("violation").isEmpty == accepted)
    }

    // MARK: A network stall

    /// The fixture stops reading for 5 s, a second into 9 s of audio, then holds the stream to
    /// real time over every 1 s window (3007 otherwise, as AssemblyAI). Its small receive
    /// buffer pushes the stall back to the client, as a stalled network does (it holds at most
    /// what is in flight): the engine's socket buffers fill, its sends wait, and the backlog
    /// stays in its queue, where the pacer lets it out at real time.
    @Test func afterAStallTheBacklogGoesOutAtRealTime() async throws {
        let long = cli.home.appendingPathComponent("long.wav").path
        try SpeechFiles.voice(seconds: 9, at: long)
        let server = try WSServer(provider: "assemblyai", arguments: ["--stall-at", "1", "--stall-for", "5"])
        try await cli.streamProfile("stall", server)
        let result = try await transcribe("stall", long)
        // The stall happened: nothing arrived while the fixture was not reading.
        let stalled = try #require(try server.events("stall").first?["t"] as? Double)
        let resumed = try #require(try server.events("resume").first?["t"] as? Double)
        let frames = try server.events("binary").compactMap { event -> (t: Double, seconds: Double)? in
            guard let t = event["t"] as? Double, let bytes = event["bytes"] as? Int else { return nil }
            return (t, Double(bytes) / 32000)
        }
        #expect(resumed - stalled > 4.9)
        #expect(!frames.contains { $0.t > stalled + 0.01 && $0.t < resumed })
        var worst = 0.0
        let after = frames.filter { $0.t >= resumed }
        for frame in after {
            worst = max(worst, after.filter { $0.t > frame.t - 1 && $0.t <= frame.t }.map(\.seconds).reduce(0, +))
        }
        let closes = try server.events("server_close").compactMap { $0["code"] as? Int }
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "git status\n")
        #expect(closes == [1000])
        #expect(worst <= 1.5, "\(worst) s of audio arrived in one 1 s window after the stall")
    }

    /// The same stall against a client that sends its backlog as fast as the socket takes it:
    /// the fixture closes with AssemblyAI's 3007, so the rule above can fail.
    @Test func aClientThatBurstsItsBacklogIsClosedWith3007() async throws {
        let server = try WSServer(provider: "assemblyai", arguments: ["--stall-at", "1", "--stall-for", "3"])
        let outcome = try Self.client(
            """
            ws = await websockets.connect(close_timeout=1, uri="\(server.url)?sample_rate=16000&encoding=pcm_s16le&speech_model=universal-streaming-english")
            await ws.recv()
            frame = bytes(1600)                      # 50 ms
            try:
                for _ in range(20):                  # 1 s at real time, then the stall begins
                    await ws.send(frame)
                    await asyncio.sleep(0.05)
                for _ in range(200):                 # 10 s more, unpaced
                    await ws.send(frame)
                while True: await ws.recv()
            except websockets.ConnectionClosed:
                pass
            print("closed", ws.close_code, ws.close_reason)
            """)
        #expect(outcome.hasPrefix("closed 3007 Audio Transmission Rate Exceeded: Received "), "\(outcome)")
    }

    /// Runs `body` as an asyncio websockets client (Debian's python3-websockets); its stdout.
    static func client(_ body: String) throws -> String {
        let indented = body.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }
        let script =
            "import asyncio, json, websockets\n\nasync def main():\n" + indented.joined(separator: "\n")
            + "\n\nasyncio.run(main())\n"
        let result = try Shell.run("/usr/bin/python3", ["-c", script])
        guard result.status == 0 else { throw Shell.Failure("client: \(result.stderr)") }
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
