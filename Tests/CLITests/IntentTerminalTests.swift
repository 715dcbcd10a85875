import Foundation
import TestFixtures
import Testing

/// Intent takes in a real terminal (tmux) against a real sshd: the take says "how do I …"
/// (a local recogniser command reading a file stands in for the ear), a local
/// OpenAI-compatible endpoint writes the command, and it is shown and confirmed like any
/// dictation.
struct IntentTerminalTests: SessionSuite {
    let fixture: SessionFixture
    let speech: String
    let transcript: String

    init() throws {
        fixture = try SessionFixture()
        speech = try SpeechFiles.speech("git status", in: fixture.cli)
        transcript = fixture.cli.home.appendingPathComponent("transcript.txt").path
    }

    /// A session on a profile whose ear hears what `transcript` holds, `[intent]` pointed at
    /// `server` (nil: the local model, in `localModel`).
    func session(server: ChatServer?, localModel: String? = nil) throws -> Tmux {
        try cli.importProfile(
            "asks", for: sshd, engine: "recognizer = \"command\"\ncommand = \"cat \(transcript)\"", allowCommand: true)
        var environment = cli.environment
        if let server {
            try cli.ok("config", "set", "intent.url", server.url, "intent.model", "gpt-test", "intent.timeout", "20")
        } else if let localModel {
            // A whole answer may take long on a machine running every suite at once.
            try cli.ok("config", "set", "intent.model", localModel, "intent.timeout", "120")
            environment["VOICESH_INTENT_HOME"] = Self.installed
        }
        // A folder of the test's own: the local model's prompt holds the remote's names, and the
        // user's home changes from one run to the next.
        let here = cli.home.appendingPathComponent("remote-here").path
        try FileManager.default.createDirectory(atPath: here + "/logs", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: here + "/notes.txt", contents: Data("a note\n".utf8))
        let remote = "cd \(here) && env PS1='remote$ ' bash --norc --noprofile"
        let tmux = try Tmux(
            [CLI.binary.path, "connect", "--audio-file", speech, "asks", "--", remote], environment: environment)
        try tmux.wait { $0.contains("remote$") }
        return tmux
    }

    /// The messages of the last request the endpoint received, its worked examples taken out.
    func lastMessages(_ server: ChatServer) throws -> [[String: String]] {
        let body = try #require(try server.requests().last?["body"] as? [String: Any])
        return try #require(body["messages"] as? [[String: String]]).map { message in
            message.mapValues { ChatServer.withoutExamples($0) ?? $0 }
        }
    }

    /// A take that hears `words`, started with `start` and stopped with `stop` (keys as tmux names them).
    func record(_ tmux: Tmux, hearing words: String, start: String, stop: String) throws {
        try words.write(toFile: transcript, atomically: true, encoding: .utf8)
        try tmux.send(start)
        try tmux.wait { $0.contains("● rec") }
        usleep(1_200_000)
        try tmux.send(stop)
    }

    @Test func aSpokenRequestBecomesACommandThatWaitsForAKey() throws {
        let server = try ChatServer()
        let tmux = try session(server: server)
        var screen = try take(tmux, hearing: "how do I show the disk usage of home", through: transcript) {
            $0.contains("⏎") && $0.contains("# Disk")
        }
        #expect(screen.contains("remote$ du -sh /home  # Disk usage of the home folder."), "\(screen)")
        // Shown, not run: the remote has not seen it.
        #expect(!screen.contains("\n/home") && !screen.contains("du: "), "\(screen)")
        try tmux.send("Enter")
        screen = try tmux.wait { !$0.contains("⏎") && $0.hasPrefix("remote$ du") }
        #expect(screen.split(separator: "\n").first == "remote$ du -sh /home", "\(screen)")

        let row = try #require(try cli.history().first)
        #expect(row["outcome"] as? String == "inserted")
        #expect(row["final_text"] as? String == "du -sh /home")
        #expect(row["raw_text"] as? String == "how do I show the disk usage of home")
        let intent = try #require(row["intent"] as? [String: Any], "\(row)")
        #expect(intent["model"] as? String == "gpt-test" && intent["endpoint"] as? String == "127.0.0.1")
        #expect(intent["explanation"] as? String == "Disk usage of the home folder.")
        // A remote endpoint gets the request, and no context unless intent.context says so.
        let messages = try lastMessages(server)
        #expect(messages.last?["content"] == "Request: how do I show the disk usage of home", "\(messages)")
    }

    /// A command that passes the check waits for a key as soon as the model has written it:
    /// the endpoint holds the answer's end (the explanation) until the test has seen the
    /// command on the screen, and the explanation then joins it.
    @Test func theCommandWaitsForAKeyBeforeItsExplanation() throws {
        let seen = cli.home.appendingPathComponent("draft-seen").path
        let server = try ChatServer(arguments: ["--hold", seen])
        let tmux = try session(server: server)
        let drafted = try take(tmux, hearing: "how do I show the disk usage of home", through: transcript) {
            $0.contains("du -sh /home")
        }
        #expect(drafted.contains("remote$ du -sh /home  # explaining …") && drafted.contains("⏎"), "\(drafted)")
        #expect(!drafted.contains("Disk usage"), "\(drafted)")
        _ = FileManager.default.createFile(atPath: seen, contents: nil)
        let screen = try tmux.wait { $0.contains("# Disk") }
        #expect(screen.contains("remote$ du -sh /home  # Disk usage of the home folder."), "\(screen)")
    }

    /// A command the check finds a fault in shows dim and waits for the whole answer (a
    /// repair may replace it).
    @Test func aFaultyCommandShowsDimUntilTheWholeAnswer() throws {
        let seen = cli.home.appendingPathComponent("draft-seen").path
        let server = try ChatServer(arguments: [
            "--hold", seen, "--content", #"{"command": "head notes.md", "explanation": "The first lines."}"#,
        ])
        let tmux = try session(server: server)
        let drafted = try take(tmux, hearing: "how do I show the start of the notes", through: transcript) {
            $0.contains("head notes.md")
        }
        #expect(!drafted.contains("⏎") && !drafted.contains("explaining"), "\(drafted)")
        _ = FileManager.default.createFile(atPath: seen, contents: nil)
        try tmux.wait { $0.contains("⏎") }
        try tmux.send("Escape")
        try tmux.wait { !$0.contains("⏎") }
        // The model was asked again, and what is still wrong leads the explanation.
        let row = try #require(try cli.history().first)
        let explanation = (row["intent"] as? [String: Any])?["explanation"] as? String
        #expect(explanation?.hasPrefix("check: there is no notes.md") == true, "\(row)")
        #expect(try server.requests().count == 2)
    }

    /// The intent key (ctrl-\\ by default): the words are a request without a lead.
    @Test func theIntentKeyAsksWithoutALead() throws {
        let server = try ChatServer()
        let tmux = try session(server: server)
        try record(tmux, hearing: "show the disk usage of home", start: "C-\\", stop: "C-\\")
        let screen = try tmux.wait { $0.contains("⏎") && $0.contains("# Disk") }
        #expect(screen.contains("remote$ du -sh /home  # Disk usage of the home folder."), "\(screen)")
        let messages = try lastMessages(server)
        #expect(messages.last?["content"] == "Request: show the disk usage of home", "\(messages)")
    }

    /// `r` over the command, and words without a lead: the model is asked to change its command.
    @Test func aTakeRecordedAgainChangesTheCommand() throws {
        let server = try ChatServer()
        let tmux = try session(server: server)
        try take(tmux, hearing: "how do I show the disk usage of home", through: transcript) { $0.contains("⏎") }
        try record(tmux, hearing: "only in megabytes", start: "r", stop: "C-]")
        try tmux.wait { $0.contains("asked: only in megabytes") || $0.contains("⏎") }
        let messages = try lastMessages(server)
        let turns = messages.suffix(3).map { $0["content"] ?? "" }
        #expect(turns.first == "Request: how do I show the disk usage of home", "\(turns)")
        #expect(turns.dropFirst().first?.contains("du -sh /home") == true, "\(turns)")
        #expect(turns.last == "Change the last command: only in megabytes", "\(turns)")
        #expect(try cli.history().map { $0["outcome"] as? String }.contains("discarded"))
    }

    /// Tab over the command asks the model for another, shown in its place with its own
    /// explanation; Shift-Tab goes back, and the row says which one was inserted.
    @Test func tabAsksTheModelForAnotherCommand() throws {
        let server = try ChatServer(arguments: [
            "--content", #"{"command": "du -sh /home", "explanation": "Disk usage of the home folder."}"#,
            "--content", #"{"command": "df -h /home", "explanation": "Free space where home is."}"#,
        ])
        let tmux = try session(server: server)
        try take(tmux, hearing: "how do I show the disk usage of home", through: transcript) {
            $0.contains("⇥ another")
        }
        try tmux.send("Tab")
        var screen = try tmux.wait { $0.contains("⇥ 2/2") }
        #expect(screen.contains("remote$ df -h /home  # Free space where home is."), "\(screen)")
        let messages = try lastMessages(server)
        #expect(messages.suffix(3).first?["content"] == "Request: how do I show the disk usage of home", "\(messages)")
        #expect(messages.last?["content"] == "Another command for the same request, different from the ones above.")
        try tmux.send("BTab")
        screen = try tmux.wait { $0.contains("⇥ 1/2") }
        #expect(screen.contains("remote$ du -sh /home  # Disk usage"), "\(screen)")
        try tmux.send("Tab")
        try tmux.wait { $0.contains("⇥ 2/2") }
        try tmux.send("Enter")
        // The line as the shell has it (whatever a login printed above it): the command alone.
        let inserted = { (screen: String) in screen.split(separator: "\n").first { $0.hasPrefix("remote$ df") } }
        screen = try tmux.wait { !$0.contains("⏎") && inserted($0) != nil }
        #expect(inserted(screen) == "remote$ df -h /home", "\(screen)")
        let row = try #require(try cli.history().first)
        #expect(row["final_text"] as? String == "df -h /home" && row["reading"] as? Int == 1, "\(row)")
        #expect((row["intent"] as? [String: Any])?["explanation"] as? String == "Free space where home is.")
        #expect(try server.requests().count == 2)
    }

    /// Where scripts/setup installs the local model's runtime (and the small model the tests use).
    static let installed = "/usr/local/lib/voicesh/intent"

    /// The kept intent servers on a socket in this test's home (its `XDG_RUNTIME_DIR`), by pid.
    func modelServers() throws -> [String] {
        try Shell.run("/usr/bin/pgrep", ["-f", "intent-server.py .* --keep \(cli.home.path)/"]).stdout
            .split(separator: "\n").map(String.init)
    }

    /// The local model (llama.cpp through xllamacpp, a small real model): it starts with the
    /// session, before any take (`intent.warm`), writes the first intent's command, and stays
    /// when the session ends, for the next call (`intent.persist`), on a socket in the home.
    @Test func theLocalModelStartsWithTheSessionAndWritesTheCommand() throws {
        let model = Self.installed + "/SmolLM2-135M-Instruct.Q4_1.gguf"
        let tmux = try session(server: nil, localModel: model)
        let voicesh = try tmux.programPID()
        var servers: [String] = []
        for _ in 0..<300 where servers.isEmpty {
            servers = try modelServers()
            usleep(100_000)
        }
        #expect(servers.count == 1, "no intent server started with the session")
        try record(tmux, hearing: "how do I print the date", start: "C-]", stop: "C-]")
        // The model's whole answer may take long on a machine running every suite at once.
        let screen = try tmux.wait(seconds: 150) { $0.contains("⏎") || $0.contains("voicesh:") }
        // A tiny model: what it writes is its own; that a command waits for a key is the check.
        #expect(screen.contains("⏎") && !screen.contains("voicesh:"), "\(screen)")
        try tmux.send("Escape")
        try tmux.wait { !$0.contains("⏎") }
        let row = try #require(try cli.history().first)
        let intent = try #require(row["intent"] as? [String: Any], "\(row)")
        #expect(
            intent["model"] as? String == "SmolLM2-135M-Instruct.Q4_1.gguf" && intent["endpoint"] as? String == "local")
        try tmux.send("exit", "Enter")
        for _ in 0..<100 where kill(voicesh, 0) == 0 { usleep(100_000) }
        #expect(kill(voicesh, 0) != 0, "the session did not end")
        #expect(try modelServers() == servers, "the kept model did not outlive the session")
        // Its socket gone (as at logout, or the home removed), the kept model goes too.
        try FileManager.default.removeItem(atPath: cli.home.path + "/voicesh")
        for _ in 0..<100 where try !modelServers().isEmpty { usleep(100_000) }
        #expect(try modelServers().isEmpty)
    }

    /// A model that writes prose: one line, and the request kept in history with its audio for a retry.
    @Test func aFailedRequestIsOneLineAndIsKept() throws {
        let server = try ChatServer(mode: "prose")
        let tmux = try session(server: server)
        let screen = try take(tmux, hearing: "command to list the biggest files", through: transcript) {
            $0.contains("voicesh:") && $0.contains("prose")
        }
        #expect(screen.contains("the intent model wrote prose"), "\(screen)")
        let row = try #require(try cli.history().first)
        #expect(row["outcome"] as? String == "failed")
        #expect(row["raw_text"] as? String == "command to list the biggest files")
        #expect(row["has_audio"] as? Bool == true, "\(row)")
    }
}
