import Foundation
import TestFixtures
import Testing

/// `voicesh connect` in a real terminal (tmux): what a person at the keyboard sees.
@Suite(.serialized)
struct ConnectTerminalTests: SessionSuite {
    let fixture: SessionFixture

    init() throws {
        fixture = try SessionFixture(sshd: ["LogLevel DEBUG3"])
    }

    /// A pane running `voicesh connect` into a plain bash with a `$ ` prompt.
    func session(_ extra: [String] = [], columns: Int = 100, rows: Int = 30) throws -> Tmux {
        let remote = "env PS1='remote$ ' bash --norc --noprofile"
        let tmux = try Tmux(
            [CLI.binary.path, "connect", "-i", sshd.clientKey, "--known-hosts", sshd.knownHosts] + extra
                + [sshd.destination, "--", remote],
            columns: columns, rows: rows, environment: cli.environment)
        try tmux.wait { $0.contains("remote$") }
        return tmux
    }

    @Test func typesRunsAndResizes() throws {
        let tmux = try session(columns: 90, rows: 25)
        try tmux.send("echo héllo-$((40+2)); stty size", "Enter")
        var screen = try tmux.wait { $0.contains("25 90") }
        #expect(screen.contains("héllo-42") && screen.contains("25 90"), "\(screen)")
        try tmux.resize(columns: 120, rows: 40)
        try tmux.send("stty size", "Enter")
        screen = try tmux.wait { $0.contains("40 120") }
        #expect(screen.contains("40 120"), "\(screen)")
        try tmux.send("exit 7", "Enter")
        screen = try tmux.wait { $0.contains("EXIT=") }
        #expect(screen.contains("Connection to \(sshd.address) closed."), "\(screen)")
        #expect(screen.contains("EXIT=7"), "\(screen)")
    }

    @Test(
        arguments: [
            ("vim", ["vim -u NONE /etc/hostname"], ":q\r", "~"),
            ("less", ["less /etc/services"], "q", "services"),
        ] as [(String, [String], String, String)])
    func fullScreenProgramsLeaveASaneScreen(name: String, command: [String], quit: String, marker: String) throws {
        let tmux = try session()
        try tmux.send(command[0], "Enter")
        let inside = try tmux.wait { $0.contains(marker) && !$0.contains("remote$ \(command[0])\n") }
        #expect(inside.contains(marker), "\(name) did not draw: \(inside)")
        try tmux.send(quit, literal: true)
        // Type only once the shell prompts again: keys typed while the program is still closing are its own.
        try tmux.wait { $0.components(separatedBy: "remote$").count > 2 }
        try tmux.send("echo back-from-\(name)", "Enter")
        let after = try tmux.wait { $0.contains("\nback-from-\(name)") }
        #expect(after.contains("\nback-from-\(name)"), "\(after)")
        // The alternate screen is gone: the program's own drawing is not left on the shell screen.
        if name == "less" { #expect(!after.contains("Network services, Internet style")) }
        try tmux.send("exit", "Enter")
        #expect(try tmux.wait { $0.contains("EXIT=0") }.contains("EXIT=0"))
    }

    @Test func escapeSequencesHelpAndDisconnect() throws {
        let tmux = try session()
        try tmux.send("Enter")
        try tmux.send("~?", literal: true)
        var screen = try tmux.wait { $0.contains("Supported escape sequences:") }
        #expect(screen.contains(" ~.   - terminate connection"))
        try tmux.send("~.", literal: true)
        screen = try tmux.wait { $0.contains("EXIT=") }
        #expect(screen.contains("Connection to \(sshd.address) closed."))
        #expect(screen.contains("EXIT=255"))
        try expectTerminalRestored(tmux)
    }

    @Test func serverKilledMidSession() throws {
        let tmux = try session()
        try tmux.send("sleep 60", "Enter")
        usleep(300_000)
        sshd.stopSessions()
        let screen = try tmux.wait { $0.contains("EXIT=") }
        #expect(screen.contains("voicesh: Connection to \(sshd.address) closed by remote host."), "\(screen)")
        #expect(screen.contains("EXIT=255"))
        try expectTerminalRestored(tmux)
    }

    /// A connection lost inside a full-screen program (its alternate screen and bracketed
    /// paste on) leaves the terminal on its main screen, as it was before (the bytes for paste
    /// are `TerminalModesTests`').
    @Test func serverKilledInsideAFullScreenProgram() throws {
        let tmux = try session()
        try tmux.send("printf '\\033[?1049h\\033[?2004h%s%s' FU LL; sleep 60", "Enter")
        try tmux.wait { $0.contains("FULL") }
        #expect(try tmux.alternateScreen())
        sshd.stopSessions()
        let screen = try tmux.wait { $0.contains("EXIT=") }
        #expect(screen.contains("closed by remote host"), "\(screen)")
        #expect(try !tmux.alternateScreen())
    }

    @Test func terminatedBySignalRestoresTheTerminal() throws {
        let tmux = try session()
        let pid = try #require(
            Int32(
                try Shell.run("/usr/bin/pgrep", ["-n", "-f", "voicesh connect -i \(sshd.clientKey)"]).stdout
                    .trimmingCharacters(in: .whitespacesAndNewlines)))
        kill(pid, SIGTERM)
        let screen = try tmux.wait { $0.contains("EXIT=") }
        #expect(screen.contains("Killed by signal 15."))
        #expect(screen.contains("EXIT=255"))
        try expectTerminalRestored(tmux)
    }

    @Test func keepalivesAreSent() throws {
        let tmux = try session(["--keepalive", "1"])
        try tmux.send("sleep 2.5; echo still-here", "Enter")
        #expect(try tmux.wait { $0.contains("\nstill-here") }.contains("\nstill-here"))
        let log = try String(contentsOf: sshd.directory.appendingPathComponent("sshd.log"), encoding: .utf8)
        #expect(
            log.contains("keepalive@openssh.com") || log.contains("keepalive@libssh2.org"),
            "no keepalive in the server's log")
    }

    /// After voicesh exits, the pane's shell echoes and handles lines again (cooked mode).
    func expectTerminalRestored(_ tmux: Tmux) throws {
        try tmux.send("stty -a | grep -o ' icanon\\| echo ' | tr -d ' ' | sort | tr '\\n' +", "Enter")
        let screen = try tmux.wait { $0.contains("echo+icanon+") }
        #expect(screen.contains("echo+icanon+"), "the terminal was left in raw mode: \(screen)")
    }
}
