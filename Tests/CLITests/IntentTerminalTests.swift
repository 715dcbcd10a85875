import Foundation
import TestFixtures
import Testing

/// Intent takes in a real terminal (tmux) against a real sshd: the take says "how do I …"
/// (a local recogniser command stands in for the ear), a local OpenAI-compatible endpoint
/// writes the command, and it is shown and confirmed like any dictation.
struct IntentTerminalTests: SessionSuite {
    let fixture: SessionFixture
    let speech: String

    init() throws {
        fixture = try SessionFixture()
        speech = try SpeechFiles.speech("git status", in: fixture.cli)
    }

    /// A profile whose ear hears `words`, `[intent]` pointed at `server`, and a session on it.
    func session(hearing words: String, server: ChatServer) throws -> Tmux {
        try cli.importProfile(
            "asks", for: sshd, engine: "recognizer = \"command\"\ncommand = \"echo \(words)\"", allowCommand: true)
        try cli.ok("config", "set", "intent.url", server.url, "intent.model", "gpt-test", "intent.timeout", "20")
        let tmux = try Tmux(
            [
                CLI.binary.path, "connect", "--audio-file", speech, "asks", "--",
                "env PS1='remote$ ' bash --norc --noprofile",
            ],
            environment: cli.environment)
        try tmux.wait { $0.contains("remote$") }
        try tmux.send("C-]")
        try tmux.wait { $0.contains("● rec") }
        usleep(500_000)
        try tmux.send("C-]")
        return tmux
    }

    func history() throws -> [[String: Any]] {
        let json = try cli.ok("history", "--json").stdout
        return try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]] ?? []
    }

    @Test func aSpokenRequestBecomesACommandThatWaitsForAKey() throws {
        let server = try ChatServer()
        let tmux = try session(hearing: "how do I show the disk usage of home", server: server)
        var screen = try tmux.wait { $0.contains("⏎") }
        #expect(screen.contains("remote$ du -sh /home  # Disk usage of the home folder."), "\(screen)")
        // Shown, not run: the remote has not seen it.
        #expect(!screen.contains("\n/home") && !screen.contains("du: "), "\(screen)")
        try tmux.send("Enter")
        screen = try tmux.wait { !$0.contains("⏎") && $0.hasPrefix("remote$ du") }
        #expect(screen.split(separator: "\n").first == "remote$ du -sh /home", "\(screen)")

        let row = try #require(try history().first)
        #expect(row["outcome"] as? String == "inserted")
        #expect(row["final_text"] as? String == "du -sh /home")
        #expect(row["raw_text"] as? String == "how do I show the disk usage of home")
        // A remote endpoint gets the request, and no context unless intent.context says so.
        let body = try #require(try server.requests().last?["body"] as? [String: Any])
        let messages = try #require(body["messages"] as? [[String: String]])
        #expect(messages.last?["content"] == "Request: how do I show the disk usage of home", "\(messages)")
    }

    /// A model that writes prose: one line, and the request kept in history with its audio for a retry.
    @Test func aFailedRequestIsOneLineAndIsKept() throws {
        let server = try ChatServer(mode: "prose")
        let tmux = try session(hearing: "command to list the biggest files", server: server)
        let screen = try tmux.wait { $0.contains("voicesh:") && $0.contains("prose") }
        #expect(screen.contains("the intent model wrote prose"), "\(screen)")
        let row = try #require(try history().first)
        #expect(row["outcome"] as? String == "failed")
        #expect(row["raw_text"] as? String == "command to list the biggest files")
        #expect(row["has_audio"] as? Bool == true, "\(row)")
    }
}
