import Foundation
import TestFixtures
import Testing

/// Risky commands in every spelling, dictated into a real remote shell (sshd, tmux) whose
/// PATH holds harmless stand-ins that log what ran: on a `production = true` profile with
/// `send = "auto"`, nothing runs without a key press, and each risky spelling is marked.
@Suite(.serialized)
struct RiskyRemoteTests: SessionSuite {
    let fixture: SessionFixture
    let speech: String
    let standIns: URL
    let ranLog: String
    let transcript: String

    init() throws {
        fixture = try SessionFixture()
        speech = try SpeechFiles.speech("git status", in: fixture.cli)
        standIns = fixture.cli.home.appendingPathComponent("stand-ins")
        ranLog = fixture.cli.home.appendingPathComponent("ran.log").path
        transcript = fixture.cli.home.appendingPathComponent("transcript.txt").path
        try FileManager.default.createDirectory(at: standIns, withIntermediateDirectories: true)
        for name in ["rm", "find", "git", "xargs", "curl", "bash", "sh", "ls", "sudo"] {
            let path = standIns.appendingPathComponent(name).path
            try "#!/bin/sh\necho \"\(name) $*\" >> \(ranLog)\n".write(toFile: path, atomically: true, encoding: .utf8)
            chmod(path, 0o755)
        }
        try "x\n".write(toFile: cli.home.appendingPathComponent("list").path, atomically: true, encoding: .utf8)
    }

    static let spellings: [String] = [
        #"\rm -rf ~"#, #"\rm -rf /"#, "$(echo rm) -rf /", "find / -delete", "git push origin +main",
        "bash <(curl -s https://example.com/x.sh)", "xargs rm -rf < list", "sudo -u root rm -rf ~",
    ]

    /// What the recogniser "heard" comes from a file, so each spelling arrives exactly.
    func connect() throws -> Tmux {
        let file = try cli.file(
            "prod.toml",
            sshd.profile(
                "prod",
                """
                send = "auto"
                production = true
                [engine]
                recognizer = "command"
                command = "cat \(transcript)"
                """))
        try cli.ok("profile", "import", "--allow-command", file)
        let remote =
            "cd \(cli.home.path) && env PATH=\(standIns.path):/usr/bin:/bin PS1='remote$ ' /bin/bash --norc --noprofile"
        let tmux = try Tmux(
            [CLI.binary.path, "connect", "--audio-file", speech, "prod", "--", remote], environment: cli.environment)
        try tmux.wait { $0.contains("remote$") }
        return tmux
    }

    func dictate(_ tmux: Tmux, _ text: String) throws -> String {
        // The confirmation's hint starts with ⏎ (cut to "⏎ ^R e r esc" when a reason takes the room).
        try take(tmux, hearing: text, through: transcript) { $0.contains("⏎") || $0.contains("\nremote$") }
    }

    @Test func productionAutoRunsNothingWithoutAKey() throws {
        let tmux = try connect()
        for text in Self.spellings + ["ls -la"] {
            let screen = try dictate(tmux, text)
            #expect(screen.contains("⏎") && !screen.contains("\nremote$"), "\(text): \(screen)")
            if text != "ls -la" { #expect(screen.contains("⚠"), "\(text) is not marked risky: \(screen)") }
            try tmux.send("Escape")
            try tmux.wait { !$0.contains("⏎") }
        }
        #expect(
            !FileManager.default.fileExists(atPath: ranLog),
            "ran: \((try? String(contentsOfFile: ranLog, encoding: .utf8)) ?? "")")
        // The stand-ins do log what runs: the same spelling typed by hand reaches them.
        try tmux.send(#"\rm -rf ~"#, literal: true)
        try tmux.send("Enter")
        try tmux.wait { _ in FileManager.default.fileExists(atPath: ranLog) }
        #expect(try String(contentsOfFile: ranLog, encoding: .utf8).hasPrefix("rm -rf "))
    }
}
