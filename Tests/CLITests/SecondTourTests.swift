import Foundation
import TestFixtures
import Testing

/// Issue 33, the second hostile tour, against a real sshd in tmux: what the voice types at a
/// shell prompt goes through the risk check in every mode, `send = "auto"` runs only lines the
/// shell would finish, and changes to the shell itself are marked. The recogniser is a command
/// that prints a chosen text, so each spelling arrives exactly.
@Suite(.serialized)
struct SecondTourTests: SessionSuite {
    let fixture: SessionFixture
    let speech: String
    let transcript: String
    /// A directory with a file the tour's `find … -delete` aimed at.
    let work: String

    init() throws {
        fixture = try SessionFixture()
        speech = try SpeechFiles.speech("git status", in: fixture.cli)
        transcript = fixture.cli.home.appendingPathComponent("transcript.txt").path
        work = fixture.cli.home.appendingPathComponent("w").path
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        try "keep me\n".write(toFile: work + "/c20", atomically: true, encoding: .utf8)
    }

    func connect(_ name: String, _ keys: String, remote: String? = nil) throws -> Tmux {
        let file = try cli.file(
            "\(name).toml",
            sshd.profile(name, keys + "\n[engine]\nrecognizer = \"command\"\ncommand = \"cat \(transcript)\"\n"))
        try cli.ok("profile", "import", "--allow-command", file)
        let shell = "env PS1='remote$ ' /bin/bash --norc --noprofile"
        let tmux = try Tmux(
            [
                CLI.binary.path, "connect", "--audio-file", speech, name, "--",
                remote ?? "cd \(cli.home.path) && \(shell)",
            ],
            environment: cli.environment)
        try tmux.wait { $0.contains(remote == nil ? "remote$" : "~") }
        return tmux
    }

    /// One take that "hears" `text`; returns the screen once `shown` holds.
    @discardableResult
    func take(_ tmux: Tmux, _ text: String, until shown: (String) -> Bool) throws -> String {
        try take(tmux, hearing: text, through: transcript, until: shown)
    }

    var kept: Bool { FileManager.default.fileExists(atPath: work + "/c20") }

    /// Repro 1: "keys mode", "type find … -delete", "enter" at a bash prompt ran the line
    /// unchecked. Keys mode is for full-screen programs: at a prompt it is refused, and what
    /// follows is dictation, shown and never typed.
    @Test func keysModeIsRefusedAtAShellPrompt() throws {
        let tmux = try connect("hands", "hands_free = true")
        try take(tmux, "keys mode") { $0.contains("keys mode is for full-screen programs") }
        try take(tmux, "type find \(work) -name c20 -delete") { $0.contains("⏎") }
        try take(tmux, "enter") { $0.contains("⏎") && !$0.contains("-delete") }  // a new line replaced it
        usleep(500_000)
        #expect(kept)
        try tmux.send("Escape")
        let screen = try tmux.wait { !$0.contains("⏎") }
        #expect(!screen.contains("\n> ") && kept, "\(screen)")
    }

    /// Keys mode ends by itself when the full-screen program leaves: a "type …" after vim has
    /// quit is a line to confirm, not keys.
    @Test func keysModeEndsWhenTheProgramLeaves() throws {
        let notes = try cli.file("notes.txt", "line one\n")
        let shell = "env PS1='remote$ ' /bin/bash --norc --noprofile"
        let tmux = try connect(
            "vimhands", "hands_free = true", remote: "cd \(cli.home.path) && vim -u NONE -i NONE -N \(notes); \(shell)")
        try tmux.wait { $0.contains("line one") }
        try take(tmux, "keys mode") { $0.contains("keys mode:") }
        try take(tmux, "type colon q") { $0.split(separator: "\n").last { !$0.isEmpty }?.hasPrefix(":q") == true }
        try take(tmux, "enter") { $0.contains("keys mode off") }
        try tmux.wait { $0.contains("remote$") }
        try take(tmux, "type find \(work) -name c20 -delete") { $0.contains("⏎") }
        try take(tmux, "enter") { $0.contains("⏎") && !$0.contains("-delete") }
        usleep(500_000)
        #expect(kept)
    }

    /// Repro 2: `send = "auto"` ran `ls w |` and left bash at its `>` prompt. A line the shell
    /// would not finish waits, with the reason; ctrl-r on it asks first; a whole line still runs.
    @Test func autoRunsOnlyLinesTheShellWouldFinish() throws {
        let tmux = try connect("auto", "send = \"auto\"")
        let unfinished = [
            ("ls w |", "ends in |"), ("ls w &&", "ends in &&"), ("ls w ||", "ends in ||"), ("( ls w", "leaves ( open"),
            ("ls w <<END", "starts a here-document"),
        ]
        for (text, reason) in unfinished {
            let screen = try take(tmux, text) { $0.contains("⏎") || $0.contains("\n> ") }
            #expect(!screen.contains("\n> "), "\(text) ran: \(screen)")
            #expect(screen.contains("⚠ \(reason)"), "\(text): \(screen)")
            try tmux.send("Escape")
            try tmux.wait { !$0.contains("⏎") }
        }
        _ = try take(tmux, "ls w |") { $0.contains("⏎") }
        try tmux.send("C-r")
        let asked = try tmux.wait { $0.contains("press y to run") }
        #expect(asked.contains("⚠ ends in |"), "\(asked)")
        try tmux.backAndDiscard()
        // Until the prompt after the output: captured between the two, the screen lacked it.
        let ran = try take(tmux, "ls w") { $0.contains("\nc20\nremote$") }
        #expect(ran.contains("remote$ ls w\nc20\nremote$"), "\(ran)")
    }

    /// Repro 8: lines that change the shell itself, or act on every name they get, were held
    /// under `auto` but not marked, so ctrl-r ran them with no `y`. Each is marked and asks.
    @Test func shellStateChangesAreMarkedAndAsk() throws {
        let tmux = try connect("state", "send = \"confirm\"")
        let lines = [
            "echo ${PROMPT_COMMAND:=date}", "printf -v PROMPT_COMMAND date", "ls () { echo shadowed; }",
            "docker system prune -af", "ls w | xargs rm", "chown -R nobody w",
        ]
        for line in lines {
            let screen = try take(tmux, line) { $0.contains("⏎") }
            #expect(screen.contains("⚠"), "\(line): \(screen)")
            try tmux.send("C-r")
            try tmux.wait { $0.contains("press y") }  // "press y …" when the line is long
            try tmux.backAndDiscard()
        }
        // None of them ran: the shell's own state is as it was, the file is there.
        try tmux.send("type ls; echo \"[$PROMPT_COMMAND]\"", literal: true)
        try tmux.send("Enter")
        let screen = try tmux.wait { $0.contains("[]") }
        #expect(screen.contains("ls is /") && kept, "\(screen)")
    }
}
