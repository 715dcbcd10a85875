import Foundation
import TestFixtures
import Testing

/// A real terminal: a tmux server of the test's own, driven by send-keys and read by capture-pane.
final class Tmux {
    private let socket = "voicesh-test-\(UUID().uuidString.prefix(8))"
    let session = "t"

    /// Starts `arguments` (a program and its arguments) in a pane of `columns` × `rows`, with
    /// `environment`; when it ends, the pane prints `EXIT=<status>` and keeps a plain shell.
    init(_ arguments: [String], columns: Int = 100, rows: Int = 30, environment: [String: String]) throws {
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("\(socket).sh")
        let quote = { (s: String) in "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        let exports = environment.sorted { $0.key < $1.key }.map { "export \($0.key)=\(quote($0.value))" }
        let lines =
            ["#!/bin/bash"] + exports + [
                "export TERM=xterm-256color SWIFT_BACKTRACE=enable=no",
                arguments.map(quote).joined(separator: " "),
                "echo EXIT=$?",
                "exec bash --norc --noprofile",
            ]
        try lines.joined(separator: "\n").write(to: script, atomically: true, encoding: .utf8)
        let result = try Shell.run(
            "/usr/bin/tmux",
            [
                "-L", socket, "-f", "/dev/null", "new-session", "-d", "-s", session, "-x", String(columns), "-y",
                String(rows), "bash \(script.path)",
            ])
        guard result.status == 0 else { throw Shell.Failure("tmux: \(result.stderr)") }
    }

    deinit { _ = try? Shell.run("/usr/bin/tmux", ["-L", socket, "kill-server"]) }

    /// Types keys (tmux key names such as Enter, C-c; or literal text with `literal: true`).
    func send(_ keys: String..., literal: Bool = false) throws {
        try Shell.run("/usr/bin/tmux", ["-L", socket, "send-keys", "-t", session] + (literal ? ["-l"] : []) + keys)
    }

    /// Resizes the window and returns once the pane's terminal has the new size: tmux 3.3 resizes
    /// a pane's pty later, on a timer, so keys sent at once could reach the program before its
    /// SIGWINCH does, which no person typing could.
    func resize(columns: Int, rows: Int) throws {
        try Shell.run(
            "/usr/bin/tmux", ["-L", socket, "resize-window", "-t", session, "-x", String(columns), "-y", String(rows)])
        let tty = try Shell.run("/usr/bin/tmux", ["-L", socket, "list-panes", "-t", session, "-F", "#{pane_tty}"])
            .stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let deadline = Date().addingTimeInterval(10)
        while try Shell.run("/bin/stty", ["-F", tty, "size"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            != "\(rows) \(columns)"
        {
            guard Date() < deadline else { throw Shell.Failure("tmux: the pane's terminal is not \(columns)×\(rows)") }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    /// Sends `signal` (`TERM`, `HUP`) to the program the pane started (the pane's shell's child).
    func signal(_ signal: String) throws {
        let pane = try Shell.run("/usr/bin/tmux", ["-L", socket, "list-panes", "-t", session, "-F", "#{pane_pid}"])
            .stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        try Shell.run("/usr/bin/pkill", ["-\(signal)", "-P", pane])
    }

    /// The pid of the program the pane started.
    func programPID() throws -> pid_t {
        let pane = try Shell.run("/usr/bin/tmux", ["-L", socket, "list-panes", "-t", session, "-F", "#{pane_pid}"])
            .stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let child = try Shell.run("/usr/bin/pgrep", ["-P", pane]).stdout.split(separator: "\n").first
        guard let pid = child.flatMap({ pid_t($0) }) else { throw Shell.Failure("no program in the pane") }
        return pid
    }

    /// Closes the terminal under the program: tmux goes, and the pane's processes get SIGHUP.
    func hangUp() throws {
        try Shell.run("/usr/bin/tmux", ["-L", socket, "kill-server"])
    }

    /// Whether the pane shows the alternate screen (a full-screen program's). (tmux 3.3 does not
    /// say whether paste is bracketed.)
    func alternateScreen() throws -> Bool {
        try Shell.run("/usr/bin/tmux", ["-L", socket, "display-message", "-p", "-t", session, "#{alternate_on}"])
            .stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "1"
    }

    /// Copies what the program writes to the pane from now on into a file (`pipe-pane`), for a
    /// test of the order things were written in, which one screen may not show.
    func recordOutput() throws -> URL {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("\(socket).out")
        try Shell.run("/usr/bin/tmux", ["-L", socket, "pipe-pane", "-t", session, "cat > '\(file.path)'"])
        return file
    }

    /// The visible screen, one line per row, trailing blanks trimmed.
    func screen() throws -> String {
        try Shell.run("/usr/bin/tmux", ["-L", socket, "capture-pane", "-p", "-t", session]).stdout
    }

    /// The scrollback and the visible screen: what the user can still scroll back to.
    func scrollback() throws -> String {
        try Shell.run("/usr/bin/tmux", ["-L", socket, "capture-pane", "-p", "-S", "-", "-t", session]).stdout
    }

    /// The visible screen with its colours and attributes as SGR sequences (`capture-pane -e`).
    func captureStyled() throws -> String {
        try Shell.run("/usr/bin/tmux", ["-L", socket, "capture-pane", "-p", "-e", "-t", session]).stdout
    }

    /// Waits (up to `seconds`) for the screen to satisfy `condition` and returns that screen; a
    /// screen that never does is a failure of the test that waited, with what it showed. The
    /// limit is generous (a loaded CI machine starting thirty suites at once is slow, and a
    /// session's first screen waits on a handshake): a wait costs only what it takes. A slow one
    /// is said on stderr, so a run's log shows where the time went before a limit is reached.
    @discardableResult
    func wait(
        seconds: Double = 60, sourceLocation: SourceLocation = #_sourceLocation, until condition: (String) -> Bool
    ) throws -> String {
        let start = Date()
        let deadline = start.addingTimeInterval(seconds)
        var last = ""
        while Date() < deadline {
            last = try screen()
            if condition(last) {
                let took = Date().timeIntervalSince(start)
                if took > 15 {
                    FileHandle.standardError.write(
                        Data("slow screen: \(Int(took)) s at \(sourceLocation.fileName):\(sourceLocation.line)\n".utf8))
                }
                return last
            }
            usleep(50_000)
        }
        Issue.record(
            "the screen did not come in \(seconds) s; it showed:\n\(last)\nthe pane's processes:\n\(processes())",
            sourceLocation: sourceLocation)
        return last
    }

    /// Waits for `condition`, then until two screens 0.3 s apart agree: a program that is
    /// still drawing (vim answering the terminal's replies) has not yet left its screen.
    @discardableResult
    func settled(sourceLocation: SourceLocation = #_sourceLocation, until condition: (String) -> Bool) throws
        -> String
    {
        var last = try wait(sourceLocation: sourceLocation, until: condition)
        for _ in 0..<100 {
            usleep(300_000)
            let now = try screen()
            if now == last { break }
            last = try wait(sourceLocation: sourceLocation, until: condition)
        }
        return last
    }

    /// The pane's processes with their state and where each waits in the kernel: what a screen
    /// that never came was waiting on.
    private func processes() -> String {
        guard
            let pane = try? Shell.run(
                "/usr/bin/tmux", ["-L", socket, "list-panes", "-t", session, "-F", "#{pane_pid}"]
            )
            .stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        else { return "(no pane)" }
        let tree = try? Shell.run(
            "/bin/sh", ["-c", "ps -o pid,ppid,stat,wchan:24,etime,args --forest -s $(ps -o sid= -p \(pane))"])
        return tree?.stdout ?? "(ps failed)"
    }
}

extension Tmux {
    /// Esc over a dictation's "press y to …" goes back to the line, a second Esc discards it.
    /// Each waits for its screen (the question has no ⏎ to wait on): an Esc with a key right
    /// behind it reads as alt and that key, as in any terminal program.
    func backAndDiscard(sourceLocation: SourceLocation = #_sourceLocation) throws {
        try send("Escape")
        try wait(sourceLocation: sourceLocation) { $0.contains("⏎") && !$0.contains("press y") }
        try send("Escape")
        try wait(sourceLocation: sourceLocation) { !$0.contains("⏎") }
    }
}
