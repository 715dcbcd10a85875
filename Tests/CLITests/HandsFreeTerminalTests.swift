import Foundation
import TestFixtures
import Testing

/// `hands_free = true` in a real terminal (tmux) against a real sshd, driven with the toggle key
/// alone: each take is one `--audio-file` of espeak-ng speech, played in order.
@Suite(.serialized)
struct HandsFreeTerminalTests: SessionSuite {
    let fixture: SessionFixture

    init() throws {
        fixture = try SessionFixture()
        try cli.importProfile("hands", for: sshd, extra: "hands_free = true")
    }

    /// A pane running `voicesh connect` with one audio file per phrase; returns it and each take's length.
    func session(_ phrases: [String], remote: String) throws -> (Tmux, [Double]) {
        let files = try phrases.map { try SpeechFiles.speech($0, in: cli) }
        let seconds = try files.map {
            Double(try Shell.run("/usr/bin/soxi", ["-D", $0]).stdout.trimmingCharacters(in: .whitespacesAndNewlines))
                ?? 3
        }
        let tmux = try Tmux(
            [CLI.binary.path, "connect"] + files.flatMap { ["--audio-file", $0] } + ["hands", "--", remote],
            environment: cli.environment)
        return (tmux, seconds)
    }

    /// One take: the toggle, the file plays, the toggle again; waits until `shown` is on screen.
    @discardableResult
    func say(_ tmux: Tmux, seconds: Double, until shown: @escaping (String) -> Bool) throws -> String {
        try tmux.send("C-]")
        try tmux.wait { $0.contains("● rec") }
        usleep(useconds_t((seconds + 0.2) * 1_000_000))
        try tmux.send("C-]")
        return try tmux.wait(until: shown)
    }

    @Test func dictateCorrectByVoiceAndRun() throws {
        let (tmux, seconds) = try session(
            ["echo hello world", "delete the last word", "run that"],
            remote: "env PS1='remote$ ' bash --norc --noprofile")
        try tmux.wait { $0.contains("remote$") }
        var screen = try say(tmux, seconds: seconds[0]) { $0.contains("⏎ insert") }
        #expect(
            screen.contains("remote$ echo hello world  ⏎ insert")
                || screen.contains("remote$ echo hello world  ⇥ 1/"), "\(screen)")
        screen = try say(tmux, seconds: seconds[1]) { $0.contains("echo hello  ⏎ insert") }
        #expect(!screen.contains("world"), "\(screen)")
        screen = try say(tmux, seconds: seconds[2]) { $0.contains("echo hello\nhello\nremote$") }
        let rows = try cli.history()
        #expect(rows.count == 1, "\(rows)")  // the takes that spoke commands keep no row of their own
        #expect(rows.first?["outcome"] as? String == "ran")
        #expect(rows.first?["final_text"] as? String == "echo hello")
        #expect(rows.first?["raw_text"] as? String == "echo hello world")
    }

    @Test func vimDrivenBySpokenKeysAndQuitWithEscapeColonQ() throws {
        let file = try cli.file("notes.txt", "line one\nline two\n")
        let (tmux, seconds) = try session(
            ["keys mode", "git status", "escape", "type colon q", "enter"],
            remote: "vim -u NONE -i NONE -N \(file)")
        let before = try tmux.settled { $0.contains("line two") && $0.contains("notes.txt\" 2L") }
        try say(tmux, seconds: seconds[0]) { $0.contains("keys mode:") }
        // A sentence in keys mode is never keys: vim gets nothing.
        try say(tmux, seconds: seconds[1]) { $0.contains("not a key") }
        // Escape reaches vim, which had nothing to leave: its screen is back as it drew it, row
        // for row (waited for, as a frame between the take and the row painted back may be read).
        try say(tmux, seconds: seconds[2]) { $0 == before }
        try say(tmux, seconds: seconds[3]) { $0.split(separator: "\n").last { !$0.isEmpty }?.hasPrefix(":q") == true }
        try say(tmux, seconds: seconds[4]) { $0.contains("EXIT=0") }
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "line one\nline two\n")
        #expect(try cli.history(rows: 0).isEmpty)  // keys are not dictation
    }
}
