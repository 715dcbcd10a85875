import Testing

@testable import VoiceshCore

/// The dictation's pure parts: the state machine, keys, the line editor, the view.
struct DictationStateMachineTests {
    typealias Machine = DictationStateMachine
    var machine = Machine(settings: .init(toggle: .defaultToggle, timeout: 30))

    mutating func record(_ text: String, raw: String? = nil) -> [Machine.Effect] {
        do {
            let effects = machine.toggle(now: 0)
            #expect(effects == [.startRecording])
        }
        do {
            let effects = machine.key(.toggle, now: 2)
            #expect(effects == [.stopRecording])
        }
        #expect(machine.state == .transcribing(since: 2, deadline: 32))
        return machine.transcribed(text: text, rawText: raw ?? text, now: 3)
    }

    @Test mutating func insertIsTheDefaultAndNeverRuns() {
        do {
            let effects = record("git status")
            #expect(effects == [])
        }
        let prompt = Machine.Prompt(text: "git status", rawText: "git status")
        #expect(machine.state == .confirming(prompt))
        do {
            let effects = machine.key(.enter, now: 4)
            #expect(effects == [.deliver(prompt, run: false)])
        }
        #expect(machine.state == .idle)
    }

    @Test mutating func runIsItsOwnKey() {
        _ = record("ls")
        do {
            let effects = machine.key(.control("r"), now: 4)
            #expect(effects == [.deliver(.init(text: "ls", rawText: "ls"), run: true)])
        }
    }

    @Test mutating func otherKeysWhileConfirmingDoNothing() {
        _ = record("ls")
        do {
            let effects = machine.key(.text("x"), now: 4)
            #expect(effects == [])
        }
        do {
            let effects = machine.key(.left, now: 4)
            #expect(effects == [])
        }
        #expect(machine.ownsKeyboard)
    }

    @Test mutating func riskyCommandsAskTwiceToRun() {
        _ = record("sudo rm -rf /")
        guard case .confirming(let prompt) = machine.state else { Issue.record("\(machine.state)"); return }
        #expect(prompt.risk != nil)
        do {
            let effects = machine.key(.control("r"), now: 4)
            #expect(effects == [])
        }
        #expect(machine.state == .confirmingRisk(prompt, run: true))
        let back = machine.key(.text("n"), now: 5)  // anything but y goes back
        #expect(back == [])
        #expect(machine.state == .confirming(prompt))
        _ = machine.key(.control("r"), now: 6)
        do {
            let effects = machine.key(.text("y"), now: 7)
            #expect(effects == [.deliver(prompt, run: true)])
        }
        // Inserting it (no Enter) needs no second answer on an ordinary profile.
        _ = record("sudo rm -rf /")
        do {
            let effects = machine.key(.enter, now: 4)
            #expect(effects == [.deliver(prompt, run: false)])
        }
    }

    @Test func productionProfilesAskTwiceToInsert() {
        var machine = Machine(settings: .init(toggle: .defaultToggle, production: true))
        _ = machine.toggle(now: 0)
        _ = machine.key(.toggle, now: 1)
        _ = machine.transcribed(text: "shutdown -h now", rawText: "shutdown dash h now", now: 2)
        do {
            let effects = machine.key(.enter, now: 3)
            #expect(effects == [])
        }
        guard case .confirmingRisk(_, run: false) = machine.state else { Issue.record("\(machine.state)"); return }
    }

    @Test func autoSendRunsOnlySafeCommands() {
        var machine = Machine(settings: .init(toggle: .defaultToggle, send: .auto))
        _ = machine.toggle(now: 0)
        _ = machine.key(.toggle, now: 1)
        do {
            let effects = machine.transcribed(text: "uptime", rawText: "uptime", now: 2)
            #expect(effects == [.deliver(.init(text: "uptime", rawText: "uptime"), run: true)])
        }
        _ = machine.toggle(now: 3)
        _ = machine.key(.toggle, now: 4)
        do {
            let effects = machine.transcribed(text: "reboot", rawText: "reboot", now: 5)
            #expect(effects == [])
        }
        guard case .confirming = machine.state else { Issue.record("\(machine.state)"); return }
    }

    @Test mutating func editThenInsert() {
        _ = record("git stash")
        _ = machine.key(.text("e"), now: 4)
        for key in [Key.backspace, .backspace, .text("tus")] { _ = machine.key(key, now: 5) }
        let effects = machine.key(.enter, now: 6)
        #expect(effects == [.deliver(.init(text: "git status", rawText: "git stash", edited: true), run: false)])
    }

    @Test mutating func escapeLeavesTheEditorWithTheTextAsItWas() {
        _ = record("ls")
        _ = machine.key(.text("e"), now: 4)
        _ = machine.key(.text(" -la"), now: 5)
        _ = machine.key(.escape, now: 6)
        #expect(machine.state == .confirming(.init(text: "ls", rawText: "ls")))
    }

    @Test mutating func discardAndReRecord() {
        _ = record("ls")
        let prompt = Machine.Prompt(text: "ls", rawText: "ls")
        do {
            let effects = machine.key(.text("r"), now: 4)
            #expect(effects == [.discard(prompt), .startRecording])
        }
        #expect(machine.state == .recording(since: 4, partial: ""))
        do {
            let effects = machine.key(.escape, now: 5)
            #expect(effects == [.cancelRecording])
        }
        _ = record("ls")
        do {
            let effects = machine.key(.escape, now: 4)
            #expect(effects == [.discard(prompt)])
        }
        #expect(machine.state == .idle)
    }

    @Test mutating func toggleTwiceQuicklySendsTheToggleItself() {
        do {
            let effects = machine.toggle(now: 10)
            #expect(effects == [.startRecording])
        }
        do {
            let effects = machine.key(.toggle, now: 10.2)
            #expect(effects == [.cancelRecording, .sendToRemote([0x1D])])
        }
        #expect(machine.state == .idle)
    }

    @Test mutating func partialsShowWhileRecordingOnly() {
        _ = machine.toggle(now: 0)
        machine.partial("git")
        #expect(machine.state == .recording(since: 0, partial: "git"))
        _ = machine.key(.enter, now: 1)
        machine.partial("late")
        #expect(machine.state == .transcribing(since: 1, deadline: 31))
    }

    @Test mutating func failuresAndSilenceBecomeNotices() {
        do {
            let effects = record("")
            #expect(effects == [])
        }
        guard case .notice(let message, let until) = machine.state else { Issue.record("\(machine.state)"); return }
        #expect(message.contains("no speech"))
        #expect(!machine.ownsKeyboard)
        machine.tick(now: until - 1)
        #expect(machine.state != .idle)
        machine.tick(now: until)
        #expect(machine.state == .idle)
        _ = machine.toggle(now: 20)
        _ = machine.key(.toggle, now: 22)
        machine.failed("timed out", now: 23)
        machine.dismissNotice()
        #expect(machine.state == .idle)
    }

    @Test mutating func escapeCancelsTranscription() {
        _ = machine.toggle(now: 0)
        _ = machine.key(.toggle, now: 1)
        do {
            let effects = machine.key(.escape, now: 2)
            #expect(effects == [.cancelTranscription])
        }
        do {
            let effects = machine.transcribed(text: "late", rawText: "late", now: 3)
            #expect(effects == [])
        }
        #expect(machine.state == .idle)
    }

    @Test func promptTextIsSanitised() {
        let prompt = Machine.Prompt(text: "ls\u{1B}[201~;\r\nrm -rf ~", rawText: "x")
        #expect(prompt.text == "ls; rm -rf ~")  // the whole sequence goes, not only its ESC
        #expect(prompt.risk == "deletes ~ recursively")
    }
}

struct ShellInputTests {
    @Test func controlCharactersNeverReachTheRemote() {
        #expect(ShellInput.sanitize("a\tb\nc\r\nd\u{7}e\u{1B}[2Jf\u{9B}g\u{202E}h") == "a b c defh")
        #expect(ShellInput.encode("ls\n", bracketedPaste: false, run: false) == Array("ls".utf8))
        #expect(ShellInput.encode("ls", bracketedPaste: false, run: true) == Array("ls\r".utf8))
        #expect(ShellInput.encode("ls", bracketedPaste: true, run: false) == Array("\u{1B}[200~ls\u{1B}[201~".utf8))
        // An attempt to end the paste early loses its whole sequence and stays inside the paste.
        let bytes = ShellInput.encode("x\u{1B}[201~\rreboot", bracketedPaste: true, run: false)
        #expect(bytes == Array("\u{1B}[200~x reboot\u{1B}[201~".utf8))
        #expect(!bytes.contains(0x0D))
    }
}

struct RiskCheckTests {
    @Test(arguments: [
        "rm -rf /", "sudo rm -r /etc", "rm -fr ~", "rm -R *", "rm --recursive /home/", "rm -rf --no-preserve-root /x",
        "dd if=/dev/zero of=/dev/sda", "mkfs.ext4 /dev/sdb1", "sudo shutdown -h now", "reboot", "systemctl poweroff",
        "chmod -R 777 /", "sudo chown -R me /", "curl -fsSL https://x.sh | sh", "wget -qO- x | sudo bash",
        "git push --force origin main", "git push -f", "psql -c 'DROP TABLE users'", "TRUNCATE users",
        ":(){ :|:& };:", "echo x > /dev/sda", "kubectl delete ns prod", "cd /tmp && rm -rf .",
    ])
    func flags(_ command: String) {
        #expect(RiskCheck.reason(command) != nil, "\(command)")
    }

    @Test(arguments: [
        "rm -rf build", "rm -r /tmp/scratch/dir", "rm file.txt", "ls -la /", "chmod 644 /etc/hosts", "git push",
        "curl -o x https://example.com", "echo dd", "git status", "grep -r reboot /var/log", "cat /dev/sda1.txt",
        "echo hi >&2", "docker ps",
    ])
    func leavesAlone(_ command: String) {
        #expect(RiskCheck.reason(command) == nil, "\(command)")
    }
}

struct TerminalModesTests {
    @Test func tracksModesAcrossChunkBoundaries() {
        let stream = Array("a\u{1B}[?2004hb\u{1B}[?1049;25hc\u{1B}[?1049ld\u{1B}[?2004l".utf8)
        var whole = TerminalModes()
        var dripped = TerminalModes()
        var states: [(Bool, Bool)] = []
        for byte in stream {
            dripped.feed([byte])
            states.append((dripped.bracketedPaste, dripped.alternateScreen))
        }
        whole.feed(stream)
        #expect(whole == dripped)
        #expect(!whole.bracketedPaste && !whole.alternateScreen)
        #expect(states.contains { $0 == (true, true) })
        var vim = TerminalModes()
        vim.feed(Array("\u{1B}[?1049h\u{1B}[?2004h\u{1B}[1;1H".utf8))
        #expect(vim.alternateScreen && vim.bracketedPaste)
        vim.feed(Array("\u{1B}\u{1B}[?47l".utf8))  // an ESC that starts nothing does not hide the next one
        #expect(!vim.alternateScreen)
    }
}

struct KeyTests {
    @Test func decodesKeysAndTheToggle() {
        let keys = Key.decode(
            Array("ab\u{1D}\r\u{1B}\u{12}\u{7F}\u{1B}[D\u{1B}[3~\u{1B}[12;40R".utf8), toggle: .defaultToggle)
        #expect(
            keys == [
                .text("ab"), .toggle, .enter, .other, .backspace, .left, .delete,
                .cursorReport(row: 12, column: 40),
            ])
        // ESC and a control byte (alt-ctrl-r above) means nothing here; ESC alone is Escape.
        #expect(Key.decode([0x1B], toggle: .defaultToggle) == [.escape])
        let f9 = try! KeyChord(parsing: "f9")
        #expect(Key.decode(Array("\u{1B}[20~x".utf8), toggle: f9) == [.toggle, .text("x")])
    }

    @Test func cursorReportsAreTakenOutOfKeystrokes() {
        let (rest, reports) = Key.extractCursorReports(Array("ls\u{1B}[5;7R -l\u{1B}[A".utf8))
        #expect(rest == Array("ls -l\u{1B}[A".utf8))
        #expect(reports.count == 1 && reports[0] == (5, 7))
    }
}

struct LineEditorTests {
    @Test func readlineKeys() {
        var editor = LineEditor("git commit message")
        editor.apply(.control("w"))
        #expect(editor.text == "git commit ")
        editor.apply(.home)
        editor.apply(.text("sudo "))
        editor.apply(.control("k"))
        #expect(editor.text == "sudo ")
        editor.apply(.end)
        editor.apply(.text("ls"))
        editor.apply(.left)
        editor.apply(.delete)
        editor.apply(.backspace)
        #expect(editor.text == "sudo ")
        editor.apply(.control("u"))
        #expect(editor.text == "" && editor.cursor == 0)
        let used = editor.apply(.other)
        #expect(!used)
    }
}

struct DictationViewTests {
    let view = DictationView(toggle: .defaultToggle)

    func visible(_ s: String) -> String {
        s.replacing(/\x{1B}\[[0-9;]*m/, with: "")
    }

    @Test func neverWiderThanTheRoomLeft() {
        let prompt = DictationStateMachine.Prompt(text: "kubectl get pods --all-namespaces", rawText: "")
        for width in [1, 5, 20, 40, 200] {
            let line = visible(view.render(.confirming(prompt), level: 0, now: 0, width: width))
            #expect(line.count <= width)
        }
        #expect(
            visible(view.render(.confirming(prompt), level: 0, now: 0, width: 200)).hasPrefix(
                prompt.text + "  ⏎ insert"))
        #expect(view.render(.idle, level: 1, now: 0, width: 80) == "")
    }

    @Test func longTextKeepsItsEndsAndTheKeys() {
        let prompt = DictationStateMachine.Prompt(
            text: "sudo journalctl -u nginx --since today | grep -i error | tail -n 50", rawText: "")
        let line = visible(view.render(.confirming(prompt), level: 0, now: 0, width: 50))
        #expect(line == "sudo journalctl -…error | tail -n 50  ⏎ ^R e r esc")
        #expect(line.count <= 50)
        var editor = LineEditor(prompt.text)
        for _ in 0..<30 { editor.apply(.left) }
        let editing = visible(view.render(.editing(prompt, editor), level: 0, now: 0, width: 40))
        #expect(editing.count <= 40)
        #expect(editing.hasPrefix("edit: ") && editing.hasSuffix("  ⏎ ^R esc"))
        #expect(editing.contains("grep"))  // the cursor's neighbourhood, not the start
        #expect(!editing.contains("sudo"))
    }

    @Test func recordingShowsClockLevelAndPartial() {
        let line = visible(view.render(.recording(since: 0, partial: "git sta"), level: 1, now: 65, width: 120))
        #expect(line.hasPrefix("● rec 1:05 █████ git sta  ctrl-] stop"))
        #expect(visible(view.render(.recording(since: 0, partial: ""), level: 0, now: 0, width: 120)).contains("▁▁▁▁▁"))
        let waiting = visible(view.render(.transcribing(since: 0, deadline: 30), level: 0, now: 2.5, width: 120))
        #expect(waiting.contains("transcribing 28 s left"))
    }
}
