import Foundation
import TestFixtures
import Testing

/// Dictation inside `voicesh connect`, in a real terminal (tmux) against a real sshd, with
/// `--audio-file` standing in for the microphone: what a person at the keyboard sees.
struct DictationTerminalTests: SessionSuite {
    let fixture: SessionFixture
    let speech: String

    init() throws {
        fixture = try SessionFixture()
        speech = try SpeechFiles.speech("git status", in: fixture.cli)
    }

    /// A saved profile for the sandbox; `engine` lines go in its `[engine]` table (allowed to
    /// run a local command: some tests use one).
    func profile(_ name: String, engine: String = "", extra: String = "") throws {
        try cli.importProfile(name, for: sshd, extra: extra, engine: engine, allowCommand: true)
    }

    /// A pane running `voicesh connect` into a plain bash with a `remote$ ` prompt (or `remote`,
    /// which shows `ready` once it is up).
    func session(
        _ profile: String, remote: String = "env PS1='remote$ ' bash --norc --noprofile", ready: String = "remote$"
    ) throws -> Tmux {
        let tmux = try Tmux(
            [CLI.binary.path, "connect", "--audio-file", speech, profile, "--", remote], environment: cli.environment)
        try tmux.wait { $0.contains(ready) }
        return tmux
    }

    /// Presses the toggle, lets the file play, presses it again, and waits for the prompt.
    func dictate(_ tmux: Tmux, seconds: Double = 2.2, until shown: String = "⏎ insert") throws -> String {
        try tmux.send("C-]")
        try tmux.wait { $0.contains("● rec") }
        usleep(useconds_t(seconds * 1_000_000))
        try tmux.send("C-]")
        return try tmux.wait { $0.contains(shown) }
    }

    /// Dictates, then edits the shown `line`: `erasing` characters off its end, then `typing`;
    /// runs the result with ^R.
    func dictateAndEdit(
        _ tmux: Tmux, _ line: String, seconds: Double = 2.2, erasing count: Int, typing text: String
    ) throws {
        _ = try dictate(tmux, seconds: seconds)
        try tmux.send("e")
        try tmux.wait { $0.contains("edit: \(line)") }
        for _ in 0..<count { try tmux.send("BSpace") }
        try tmux.send(text, literal: true)
        try tmux.send("C-r")
    }

    @Test func saysGitStatusInsertsThenRuns() throws {
        try profile("demo")
        let tmux = try session("demo")
        var screen = try dictate(tmux)
        // The edge engine may have other readings (Tab): the line then says which one it shows.
        #expect(
            screen.contains("remote$ git status  ⏎ insert · ^R run") || screen.contains("remote$ git status  ⇥ 1/"),
            "\(screen)")
        try tmux.send("Enter")
        screen = try tmux.wait { !$0.contains("⏎ insert") && $0.hasPrefix("remote$ git") }
        // Inserted, not run: the text sits at the prompt and nothing has been executed.
        #expect(screen.split(separator: "\n").first == "remote$ git status", "\(screen)")
        #expect(!screen.contains("not a git repository"))
        try tmux.send("C-u")  // clear the line at the remote's own prompt
        screen = try dictate(tmux)
        try tmux.send("C-r")
        screen = try tmux.wait { $0.contains("not a git repository") }
        #expect(screen.contains("remote$ git status\nfatal: not a git repository"), "\(screen)")
        let rows = try cli.history(rows: 2)
        #expect(rows.map { $0["outcome"] as? String } == ["ran", "inserted"])
        #expect(rows.first?["final_text"] as? String == "git status")
        #expect(rows.first?["engine"] as? String == "edge/pocketsphinx")
        #expect((rows.first?["latency_ms"] as? Int ?? -1) >= 0)
        // Both went as heard: each recording is kept to learn the voice from (learn is on for
        // edge profiles), with the words heard, the user's only, though history keeps no audio.
        let kept = try recordings(count: 2)
        #expect(kept.map(\.words) == ["git status", "git status"])
        #expect(kept.allSatisfy { $0.mode == 0o600 })
    }

    /// The voice store's recordings, once `count` are there (they are written off the loop).
    func recordings(count: Int) throws -> [(words: String, mode: Int)] {
        let store = cli.home.appendingPathComponent("voice/recordings").path
        let fm = FileManager.default
        var names: [String] = []
        for _ in 0..<100 {
            names = ((try? fm.contentsOfDirectory(atPath: store)) ?? []).filter { $0.hasSuffix(".wav") }.sorted()
            if names.count >= count { break }
            usleep(50_000)
        }
        return try names.map { name in
            let base = store + "/" + name.dropLast(4)
            let words = try String(contentsOfFile: base + ".txt", encoding: .utf8)
            let mode = try fm.attributesOfItem(atPath: base + ".wav")[.posixPermissions] as? Int ?? 0
            return (words.trimmingCharacters(in: .newlines), mode)
        }
    }

    @Test func aDiscardedDictationLeavesTheScreenAsItWas() throws {
        try profile("demo")
        let tmux = try session("demo")
        try tmux.send("echo before", "Enter")
        try tmux.wait { $0.contains("before\nremote$") }
        let before = try tmux.screen()
        _ = try dictate(tmux)
        try tmux.send("Escape")
        let after = try tmux.wait { !$0.contains("⏎ insert") }
        #expect(after == before)
        // Cancelled while recording: the same.
        try tmux.send("C-]")
        try tmux.wait { $0.contains("● rec") }
        try tmux.send("Escape")
        #expect(try tmux.wait { !$0.contains("● rec") } == before)
        #expect(try cli.history().map { $0["outcome"] as? String } == ["discarded"])
    }

    @Test func theToggleTwiceQuicklyReachesTheRemote() throws {
        try profile("demo")
        let tmux = try session("demo", remote: "echo ready; exec od -An -c", ready: "ready")
        try tmux.send("C-]", "C-]")
        // The remote's echo first, as a person types on after seeing it: keys that come in the
        // very read that ends a dictation are not typing (a bounced Enter must not run a line).
        try tmux.wait { $0.contains("ready\n^]") }
        try tmux.send("x", "Enter", "C-d")
        let screen = try tmux.wait { $0.contains("EXIT=") }
        #expect(screen.contains("035   x  \\n"), "\(screen)")  // 035 octal: ctrl-] itself
    }

    @Test func riskyCommandsAskASecondTime() throws {
        try profile("risky", engine: "recognizer = \"command\"\ncommand = \"echo git push dash dash force\"")
        let tmux = try session("risky")
        var screen = try dictate(tmux, seconds: 0.5, until: "⚠")
        #expect(screen.contains("git push --force  ⚠ force-pushes over the remote's history  ⏎"), "\(screen)")
        try tmux.send("C-r")
        screen = try tmux.wait { $0.contains("press y to run it") }
        try tmux.send("n")
        screen = try tmux.wait { $0.contains("⏎") && !$0.contains("press y") }
        #expect(!screen.contains("not a git repository"))
        try tmux.send("C-r")
        try tmux.wait { $0.contains("press y to run it") }
        try tmux.send("y")
        screen = try tmux.wait { $0.contains("not a git repository") }
        #expect(screen.contains("remote$ git push --force\nfatal"), "\(screen)")
    }

    @Test func editingTheTextBeforeInserting() throws {
        try profile("edit", engine: "recognizer = \"command\"\ncommand = \"echo echo hello\"")
        let tmux = try session("edit")
        try dictateAndEdit(tmux, "echo hello", seconds: 0.5, erasing: 10, typing: "printf edited")
        let screen = try tmux.wait { $0.contains("\neditedremote$") }
        #expect(screen.contains("remote$ printf edited\neditedremote$"), "\(screen)")
        #expect(try cli.history().first?["outcome"] as? String == "ran")
        // A rewrite, not a small edit: the recording does not say the text, so it is not kept.
        #expect(try recordings(count: 1).isEmpty)
    }

    /// Learning from a corrected dictation: the recogniser (a command standing in for a wrong
    /// ear) hears `git stash` where the recording says `git status`. A line rewritten into
    /// something never said is not kept; the line corrected to what was said is kept with the
    /// sent text's spoken words, after real pocketsphinx aligned the audio with them.
    @Test func aCorrectedDictationIsLearntWithTheSentTextOnlyWhenTheAudioSaysIt() throws {
        try profile("fix", engine: "recognizer = \"command\"\ncommand = \"echo git stash\"", extra: "learn = \"on\"")
        let tmux = try session("fix")
        // Rewritten into a line the recording does not say: run, and not learnt.
        try dictateAndEdit(tmux, "git stash", erasing: 9, typing: "printf rewritten")
        try tmux.wait { $0.contains("\nrewrittenremote$") }
        // Corrected to what was said (more than a small edit of two words): run, and learnt.
        try dictateAndEdit(tmux, "git stash", erasing: 5, typing: "status")
        try tmux.wait { $0.contains("not a git repository") }
        #expect(try cli.history(rows: 2).map { $0["final_text"] as? String } == ["git status", "printf rewritten"])
        // The queue labels in order, and the first alignment builds the shell model in this
        // fresh cache: the second recording's arrival means the first was decided.
        let store = cli.home.appendingPathComponent("voice/recordings").path
        let deadline = Date().addingTimeInterval(240)
        while Date() < deadline,
            ((try? FileManager.default.contentsOfDirectory(atPath: store)) ?? []).filter({ $0.hasSuffix(".wav") })
                .isEmpty
        {
            usleep(200_000)
        }
        let kept = try recordings(count: 1)
        #expect(kept.map(\.words) == ["git status"], "\(kept)")
        #expect(kept.allSatisfy { $0.mode == 0o600 })
    }

    @Test func controlCharactersInTheTextAreStripped() throws {
        // A recogniser that answers with an escape sequence and a newline in its text.
        try profile("evil", engine: "recognizer = \"command\"\ncommand = \"printf 'echo safe\\\\033[2J\\\\nreboot'\"")
        let tmux = try session("evil")
        _ = try dictate(tmux, seconds: 0.5)
        try tmux.send("Enter")
        let screen = try tmux.wait { !$0.contains("⏎ insert") && $0.contains("reboot") }
        // The whole escape sequence and the newline are gone: one line, not cleared, not run.
        #expect(screen.split(separator: "\n").first == "remote$ echo safe reboot", "\(screen)")
    }

    @Test func insideVimTheBottomRowIsBorrowedAndGivenBack() throws {
        try profile("demo")
        let file = try cli.file("notes.txt", "line one\nline two\n")
        let tmux = try session("demo", remote: "vim -u NONE -i NONE -N \(file)", ready: "line two")
        // vim's message line says which file it opened: a dictation must give it back as it was.
        let before = try tmux.wait { $0.contains("line two") && $0.contains("notes.txt\" 2L") }
        let styledBefore = try tmux.captureStyled()
        try tmux.send("C-]")
        let recording = try tmux.wait { $0.contains("● rec") }
        #expect(
            recording.split(separator: "\n", omittingEmptySubsequences: false).last { !$0.isEmpty }?.hasPrefix("● rec")
                == true, "\(recording)")
        try tmux.send("Escape")
        let after = try tmux.wait { !$0.contains("● rec") }
        #expect(after == before, "\(before)\n---\n\(after)")
        #expect(try tmux.captureStyled() == styledBefore)
        // Dictated text lands in vim's insert mode, and vim still works.
        try tmux.send("i")
        _ = try dictate(tmux)
        try tmux.send("Enter")
        try tmux.wait { $0.contains("git statusline one") }
        try tmux.send("Escape", ":wq", "Enter")
        try tmux.wait { $0.contains("EXIT=") }
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "git statusline one\nline two\n")
    }

    @Test func insideLessThePromptAndColoursComeBack() throws {
        try profile("demo")
        let lines = (1...60).map { "line \($0)" }.joined(separator: "\n")
        let file = try cli.file("long.txt", lines + "\n")
        // less's first prompt is the file's name, in reverse video; a repaint would turn it into ":".
        let tmux = try session("demo", remote: "LESS= less \(file)", ready: "long.txt")
        let before = try tmux.wait { $0.contains("line 5") && $0.contains("long.txt") }
        let styledBefore = try tmux.captureStyled()
        #expect(styledBefore.contains("\u{1B}[7m"), "\(styledBefore)")  // the prompt is styled
        try tmux.send("C-]")
        let recording = try tmux.wait { $0.contains("● rec") }
        #expect(!recording.contains("long.txt"))  // drawn over, not beside
        try tmux.send("Escape")
        let after = try tmux.wait { !$0.contains("● rec") }
        #expect(after == before, "\(before)\n---\n\(after)")
        #expect(try tmux.captureStyled() == styledBefore)
        // A dictation whose text is shown, then discarded, gives the row back too; less still works.
        _ = try dictate(tmux)
        try tmux.send("Escape")
        #expect(try tmux.wait { !$0.contains("⏎ insert") } == before)
        try tmux.send("q")
        try tmux.wait { $0.contains("EXIT=") }
    }

    @Test func aMissingMicrophoneIsOneLineAndTheSessionGoesOn() throws {
        try profile("nomic", extra: "audio_device = \"nosuch\"")
        let tmux = try Tmux(
            [CLI.binary.path, "connect", "nomic", "--", "env PS1='remote$ ' bash --norc --noprofile"],
            environment: cli.environment)
        try tmux.wait { $0.contains("remote$") }
        try tmux.send("C-]")
        let screen = try tmux.wait { $0.contains("cannot record") }
        #expect(screen.contains("voicesh: cannot record from nosuch: ALSA knows no device of that name"), "\(screen)")
        try tmux.send("echo still here", "Enter")
        #expect(try tmux.wait { $0.contains("\nstill here") }.contains("remote$ echo still here\nstill here"))
    }

    @Test func autoSendRunsASafeCommandAtOnce() throws {
        try profile(
            "auto", engine: "recognizer = \"command\"\ncommand = \"echo echo auto ran\"", extra: "send = \"auto\"")
        let tmux = try session("auto")
        try tmux.send("C-]")
        try tmux.wait { $0.contains("● rec") }
        usleep(1_200_000)  // past the file's 0.3 s of silence, into the voice (the speech gate)
        try tmux.send("C-]")
        let screen = try tmux.wait { $0.contains("\nauto ran") }
        #expect(screen.contains("remote$ echo auto ran\nauto ran"), "\(screen)")
        #expect(try cli.history().first?["outcome"] as? String == "ran")
    }

    /// `send = "auto"` runs a line only while the shell reads it: in a pager the same bytes would
    /// be the pager's commands, so the line waits to be confirmed and the pager gets nothing.
    @Test func autoSendWaitsInAPager() throws {
        try profile(
            "auto", engine: "recognizer = \"command\"\ncommand = \"echo echo auto ran\"", extra: "send = \"auto\"")
        let pages = try cli.file("pages.txt", (1...200).map { "page line \($0)" }.joined(separator: "\n") + "\n")
        let tmux = try session("auto")
        try tmux.send("less '\(pages)'", "Enter")
        try tmux.wait { $0.contains("page line 1\n") }
        let screen = try dictate(tmux, seconds: 1.2)
        #expect(screen.contains("echo auto ran"), "\(screen)")
        #expect(try cli.history(rows: 0).isEmpty)  // nothing sent: the row is written when the user answers
        try tmux.send("Escape")
        try tmux.wait { !$0.contains("⏎ insert") }
        try tmux.send("q")
        let after = try tmux.wait { $0.contains("remote$") && !$0.contains("page line 1\n") }
        #expect(!after.contains("auto ran\n"), "\(after)")
        #expect(try cli.history().map { $0["outcome"] as? String } == ["discarded"])
    }

    /// `send = "auto"` runs only what is known harmless: a line that would empty a file waits,
    /// marked, and the file is untouched; a read-only line runs at once.
    @Test func autoSendWaitsOnALineThatWritesAFile() throws {
        let said = try cli.file("said.txt", ": > precious.db\n")
        let precious = try cli.file("precious.db", "keep me\n")
        try profile("auto", engine: "recognizer = \"command\"\ncommand = \"cat \(said)\"", extra: "send = \"auto\"")
        let home = cli.home.path
        let tmux = try session("auto", remote: "cd '\(home)' && env PS1='remote$ ' bash --norc --noprofile")
        var screen = try dictate(tmux, seconds: 1.2, until: "⚠")  // into the voice: the speech gate
        #expect(screen.contains("remote$ : > precious.db  ⚠ overwrites precious.db  ⏎"), "\(screen)")
        usleep(500_000)
        #expect(try String(contentsOfFile: precious, encoding: .utf8) == "keep me\n")
        #expect(try cli.history(rows: 0).isEmpty)  // nothing sent: the row is written when the user answers
        try tmux.send("Escape")
        try tmux.wait { !$0.contains("⚠") }
        #expect(try String(contentsOfFile: precious, encoding: .utf8) == "keep me\n")

        try "cat precious.db\n".write(toFile: said, atomically: true, encoding: .utf8)
        try tmux.send("C-]")
        try tmux.wait { $0.contains("● rec") }
        usleep(500_000)
        try tmux.send("C-]")
        screen = try tmux.wait { $0.contains("\nkeep me") }
        #expect(screen.contains("remote$ cat precious.db\nkeep me"), "\(screen)")
        #expect(try cli.history(rows: 2).map { $0["outcome"] as? String } == ["ran", "discarded"])
    }

    /// A recogniser unsure of one word (its `transcript_segment` lists words with confidence):
    /// the word is underlined on the line, or in brackets under NO_COLOR, and `send = auto`
    /// waits for the user instead of running it.
    @Test(arguments: [false, true])
    func anUnsureWordIsMarkedAndAutoSendWaits(noColor: Bool) throws {
        let segment =
            #"{"type":"transcript_segment","text":"echo gzip staged","words":[{"text":"echo","confidence":0.95},"#
            + #"{"text":"gzip","confidence":0.2},{"text":"staged","confidence":0.9}]}"#
        let recogniser = try cli.script("unsure.sh", "#!/bin/sh\necho '\(segment)'\n")
        try profile("doubt", engine: "recognizer = \"command\"\ncommand = \"\(recogniser)\"", extra: "send = \"auto\"")
        var environment = cli.environment
        // The test runner may itself run under NO_COLOR; an empty one counts as unset (no-color.org).
        environment["NO_COLOR"] = noColor ? "1" : ""
        let tmux = try Tmux(
            [
                CLI.binary.path, "connect", "--audio-file", speech, "doubt", "--",
                "env PS1='remote$ ' bash --norc --noprofile",
            ],
            environment: environment)
        try tmux.wait { $0.contains("remote$") }
        let screen = try dictate(tmux)
        if noColor {
            #expect(screen.contains("echo ⟦gzip⟧ staged  ⏎ insert"), "\(screen)")
        } else {
            #expect(screen.contains("echo gzip staged  ⏎ insert"), "\(screen)")
            let styled = try tmux.captureStyled()
            let before = try #require(styled.range(of: "gzip")).lowerBound
            let from = styled.index(before, offsetBy: -12, limitedBy: styled.startIndex) ?? styled.startIndex
            let sgr = styled[from..<before]
            #expect(sgr.contains("4m") || sgr.contains(";4"), "\(sgr.debugDescription)")
        }
        // Nothing ran: the line waits; Enter inserts the text without the marks.
        #expect(try cli.history(rows: 0).isEmpty)
        try tmux.send("Enter")
        let inserted = try tmux.wait { $0.contains("remote$ echo gzip staged") }
        #expect(!inserted.contains("⟦"))
        // The one row: a row written before the Enter would be in it too (rows keep their order).
        #expect(try cli.history().map { $0["outcome"] as? String } == ["inserted"])
    }

    @Test(arguments: ["assemblyai", "deepgram", "generic"])
    func aStreamingEngineShowsLiveWordsWhileRecording(provider: String) throws {
        let server = try WSServer(provider: provider, text: "kubectl get pods")
        try profile("live", engine: "kind = \"stream\"\nprovider = \"\(provider)\"\nurl = \"\(server.url)\"")
        let tmux = try session("live")
        try tmux.send("C-]")
        // Words arrive while the recording runs, before the toggle stops it.
        let live = try tmux.wait { $0.contains("● rec") && $0.contains("kubectl") }
        #expect(live.contains("● rec"), "\(live)")
        #expect(live.contains("kubectl"), "\(live)")
        usleep(1_500_000)
        try tmux.send("C-]")
        let screen = try tmux.wait { $0.contains("⏎ insert") }
        #expect(screen.contains("remote$ kubectl get pods  ⏎ insert"), "\(screen)")
        // The provider heard the recording as raw PCM in binary frames, never as text.
        #expect(try server.events("violation").isEmpty)
        #expect(try server.events("binary").count > 10)
    }

    @Test func aTimedOutEngineKeepsTheAudioForARetry() throws {
        let server = try STTServer(dialect: "openai", mode: "hang")
        try profile("slow", engine: "kind = \"server\"\nurl = \"\(server.url)\"\ntimeout = 2")
        let tmux = try session("slow")
        let screen = try dictate(tmux, until: "history retry")
        let id = try #require(screen.firstMatch(of: /voicesh history retry (\d+)/).map { String($0.1) })
        #expect(screen.contains("no text within 2 s"), "\(screen)")
        let row = try cli.ok("history", "show", id).stdout
        #expect(row.contains("outcome    timed-out"), "\(row)")
        #expect(row.contains("(kept)"), "\(row)")
        // The kept recording, through another engine.
        let retried = try cli.run("history", "retry", id, "--engine", "edge")
        #expect(retried.status == 0, "\(retried.stderr)")
        #expect(retried.stdout == "git status\n")
        #expect(try cli.ok("history", "show", id).stdout.contains("outcome    printed"))
        // The prompt is still usable: the notice went with the next key.
        try tmux.send("echo ok", "Enter")
        #expect(try tmux.wait { $0.contains("\nok\n") }.contains("remote$ echo ok"))
    }

    /// Nothing lost: a hang-up or SIGTERM while a dictation is recorded, transcribed, shown or
    /// edited keeps it, text and audio, as interrupted; `history retry` and `show` work on it.
    @Test(arguments: ["recording", "transcribing", "shown", "edited", "dropped"])
    func aSessionThatEndsKeepsTheDictation(stage: String) throws {
        let server = try STTServer(dialect: "openai", mode: "hang")
        switch stage {
        case "transcribing":
            try profile("slow", engine: "kind = \"server\"\nurl = \"\(server.url)\"\ntimeout = 60")
        default:
            try profile("slow", engine: "recognizer = \"command\"\ncommand = \"echo ls -la\"")
        }
        let tmux = try session("slow")
        try tmux.send("C-]")
        try tmux.wait { $0.contains("● rec") }
        usleep(1_500_000)
        if stage != "recording" {
            try tmux.send("C-]")
            try tmux.wait { $0.contains(stage == "transcribing" ? "transcribing" : "⏎ insert") }
        }
        if stage == "edited" {
            try tmux.send("e")
            try tmux.send("x", literal: true)
            try tmux.wait { $0.contains("edit:") && $0.contains("ls -lax") }
        }
        switch stage {
        case "shown": try tmux.hangUp()
        case "dropped": sshd.stopSessions()
        default: try tmux.signal(stage == "edited" ? "TERM" : "HUP")
        }
        let row = try #require(try cli.history().first)  // saved on the session's way out
        #expect(row["outcome"] as? String == "interrupted", "\(row)")
        #expect(row["has_audio"] as? Bool == true, "\(row)")
        let text: String? =
            switch stage {
            case "shown", "dropped": "ls -la"
            case "edited": "ls -lax"
            default: ""
            }
        #expect(row["final_text"] as? String == text, "\(row)")
        let id = try #require(row["id"] as? Int)
        let shown = try cli.ok("history", "show", String(id)).stdout
        #expect(shown.contains("outcome    interrupted"), "\(shown)")
        let retried = try cli.run("history", "retry", String(id), "--engine", "edge")
        #expect(retried.status == 0, "\(retried.stderr)")
        #expect(retried.stdout == "git status\n")
        if stage == "edited" || stage == "dropped" {
            // The terminal is the user's again: the pane's shell reads a line as usual.
            try tmux.wait { $0.contains("EXIT=") }
            try tmux.send("stty -a | grep -o -- ' -\\?icanon' ; echo done", "Enter")
            let screen = try tmux.wait { $0.contains("\ndone") }
            #expect(screen.contains(" icanon") && !screen.contains("-icanon"), "\(screen)")
        }
    }

    /// auto_stop: seconds of silence after speech end the recording, with no second key press.
    @Test func aRecordingThatEndsInSilenceStopsByItself() throws {
        let quiet = cli.home.appendingPathComponent("speech-then-silence.wav").path
        try Shell.run("/usr/bin/sox", ["-R", speech, quiet, "pad", "0", "6"])
        try profile("hands", extra: "auto_stop = 1.5")
        let tmux = try Tmux(
            [
                CLI.binary.path, "connect", "--audio-file", quiet, "hands", "--",
                "env PS1='remote$ ' bash --norc --noprofile",
            ],
            environment: cli.environment)
        try tmux.wait { $0.contains("remote$") }
        try tmux.send("C-]")
        try tmux.wait { $0.contains("● rec") }
        // No second toggle: the silence after "git status" ends it.
        let screen = try tmux.wait { $0.contains("⏎ insert") }
        #expect(
            screen.contains("remote$ git status  ⏎ insert") || screen.contains("remote$ git status  ⇥ 1/"), "\(screen)")
        try tmux.send("Escape")
        let row = try #require(try cli.history().first)  // saved on the session's way out
        let seconds = try #require(row["audio_seconds"] as? Double)
        // Stopped in the silence: after the speech, well before the file's end.
        #expect(seconds < 5.5, "\(row)")
    }

    /// What is shown is all of what is sent: a text cut on the line needs `y` to run.
    @Test func aTextTooLongForTheLineIsNotRunWithoutY() throws {
        let long = "echo " + String(repeating: "A", count: 120) + " ; touch /tmp/voicesh-unseen ; echo BBBB"
        try profile("long", engine: "recognizer = \"command\"\ncommand = \"echo '\(long)'\"")
        let tmux = try session("long")
        _ = try dictate(tmux, seconds: 0.5, until: "⏎ ^R e r esc")
        try tmux.send("C-r")
        let asked = try tmux.wait { $0.contains("not all of it was shown") }
        #expect(asked.contains("press y to run it"), "\(asked)")
        try tmux.send("n")  // anything else goes back
        try tmux.wait { $0.contains("⏎ ^R e r esc") }
        try tmux.send("Escape")
        try tmux.wait { !$0.contains("⏎ ^R e r esc") }  // a lone Esc is held 30 ms, then the row is written
        #expect(try cli.history().first?["outcome"] as? String == "discarded")
    }

    /// Narrowing the window while the text is shown, then Esc, leaves no fragment behind.
    @Test func narrowingTheWindowThenEscapeLeavesTheScreenClean() throws {
        try profile("narrow", engine: "recognizer = \"command\"\ncommand = \"echo git status\"")
        let tmux = try session("narrow")
        _ = try dictate(tmux, seconds: 0.5)
        try tmux.resize(columns: 40, rows: 30)
        try tmux.wait { $0.contains("⏎ ^R e r esc") || $0.contains("insert") }
        try tmux.send("Escape")
        let screen = try tmux.wait { !$0.contains("⏎") && !$0.contains("esc") }
        #expect(!screen.contains("⏎") && !screen.contains("esc") && !screen.contains("discard"), "\(screen)")
    }

    /// A bracketed paste with a newline in the editor is one line: nothing is dropped, nothing runs.
    @Test func aPasteWithANewlineInTheEditorKeepsAllOfIt() throws {
        try profile("paste", engine: "recognizer = \"command\"\ncommand = \"echo echo\"")
        let tmux = try session("paste")
        _ = try dictate(tmux, seconds: 0.5)
        try tmux.send("e")
        try tmux.wait { $0.contains("edit:") }
        try tmux.send("\u{1B}[200~ one\ntwo\u{1B}[201~", literal: true)
        try tmux.wait { $0.contains("echo one two") }
        try tmux.send("Enter")
        let screen = try tmux.wait { $0.contains("remote$ echo one two") && !$0.contains("edit:") }
        #expect(screen.contains("remote$ echo one two"), "\(screen)")
        #expect(try cli.history().first?["final_text"] as? String == "echo one two")
    }

    /// A failed take's recording is kept for a retry even when its row cannot be written: it
    /// goes to a file, and the notice says where.
    @Test func aFailedTakesRecordingIsKeptWhenItsRowCannotBeWritten() throws {
        try profile("locked", engine: "recognizer = \"command\"\ncommand = \"false\"")
        // Wide enough for the whole notice: what failed, the history, where the recording is.
        let tmux = try Tmux(
            [CLI.binary.path, "connect", "--audio-file", speech, "locked", "--", "env PS1='remote$ ' bash --norc"],
            columns: 320, environment: cli.environment)
        try tmux.wait { $0.contains("remote$") }
        let holder = try cli.holdWriteLock()
        defer { holder.terminate() }
        let screen = try dictate(tmux, seconds: 0.5, until: "voicesh transcribe ")
        #expect(screen.contains("the history could not be written"), "\(screen)")
        // The line shortens the directory (…/); the file is in the temporary directory.
        let name = try #require(
            screen.firstMatch(of: /voicesh transcribe \S*?(voicesh-[0-9]+-[0-9]+-[0-9A-F]+\.wav)/).map { String($0.1) },
            "\(screen)")
        let path = (cli.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp") + "/" + name
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(FileManager.default.fileExists(atPath: path), "\(path)")
    }

    /// A history that cannot be written is a notice on the line, not a log line over the
    /// prompt; the text still goes to the shell.
    @Test func aHistoryThatCannotBeWrittenIsANoticeAndTheTextStillGoes() throws {
        try profile("locked", engine: "recognizer = \"command\"\ncommand = \"echo echo sent\"")
        let tmux = try session("locked")
        _ = try dictate(tmux, seconds: 0.5)
        let holder = try cli.holdWriteLock()
        defer { holder.terminate() }
        let written = try tmux.recordOutput()
        try tmux.send("Enter")
        let screen = try tmux.wait {
            $0.contains("voicesh: the history could not be written") && $0.contains("remote$ echo sent")
        }
        #expect(!screen.contains("error"), "\(screen)")  // no log line
        // The text goes at once: the remote echoes it before the row, waiting on the locked
        // store (5 s) off the loop, says it could not be written.
        let stream = String(decoding: try Data(contentsOf: written), as: UTF8.self)
        let echo = try #require(stream.range(of: "echo sent"), "\(stream.debugDescription)")
        let notice = try #require(stream.range(of: "could not be written"), "\(stream.debugDescription)")
        #expect(echo.lowerBound < notice.lowerBound, "\(stream.debugDescription)")
    }
}
