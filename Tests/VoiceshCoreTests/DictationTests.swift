import Testing

@testable import VoiceshCore

/// The dictation's pure parts: the state machine, keys, the line editor, the view.
/// The machine's tests are events in, effects out: no terminal, no clock.
struct DictationStateMachineTests {
    typealias Machine = DictationStateMachine
    var machine = Machine(settings: .init(toggle: .defaultToggle, timeout: 30))

    /// Records take `number` from 0 to 2 and has the engine answer `text` at 3; the line had room for it.
    mutating func record(_ text: String, raw: String? = nil, take number: Int = 1) -> [Machine.Effect] {
        #expect(machine.toggle(now: 0) == [.startRecording(take: number)])
        #expect(machine.key(.toggle, now: 2) == [.stopRecording])
        guard case .transcribing(let take, let deadline, answering: _) = machine.state else {
            Issue.record("\(machine.state)")
            return []
        }
        #expect(take.number == number && take.stoppedAt == 2 && deadline == 32)
        let effects = machine.transcribed(.init(text: text, rawText: raw ?? text, engine: "edge"), take: number, now: 3)
        _ = machine.shown(room: 200)
        return effects
    }

    var take: Machine.Take? { machine.take }

    /// The history row a `save` effect asks for.
    @Test mutating func insertIsTheDefaultAndNeverRuns() {
        #expect(record("git status") == [])
        let prompt = Machine.Prompt(text: "git status", rawText: "git status")
        guard case .confirming(let take, prompt) = machine.state else { Issue.record("\(machine.state)"); return }
        #expect(take.heard?.engine == "edge" && take.latencyMs == 1000)
        let effects = machine.key(.enter, now: 4)
        #expect(saved(effects).map(\.outcome) == [.inserted])
        #expect(effects.last == .send(prompt, run: false))
        #expect(saved(effects).first?.keepAudio == false)
        #expect(machine.state == .idle)
    }

    @Test mutating func runIsItsOwnKey() {
        _ = record("ls")
        let effects = machine.key(.control("r"), now: 4)
        #expect(saved(effects).map(\.outcome) == [.ran])
        #expect(effects.last == .send(.init(text: "ls", rawText: "ls"), run: true))
    }

    @Test mutating func otherKeysWhileConfirmingDoNothing() {
        _ = record("ls")
        #expect(machine.key(.text("x"), now: 4) == [])
        #expect(machine.key(.left, now: 4) == [])
        #expect(machine.key(.paste("rm -rf /"), now: 4) == [])
        #expect(machine.ownsKeyboard)
    }

    /// Enter runs the whole remote line: a text run after one inserted is checked with it, so
    /// `rm -rf ~` inserted then `/` run asks first; an Enter typed since clears the line.
    @Test mutating func aRunIsCheckedWithWhatWasInsertedBeforeIt() {
        _ = record("rm -rf ~")
        #expect(saved(machine.key(.enter, now: 4)).map(\.outcome) == [.inserted])
        _ = record("/", take: 2)
        #expect(machine.key(.control("r"), now: 4) == [])
        guard case .confirmingRisk(_, let prompt, run: true) = machine.state else {
            Issue.record("\(machine.state)")
            return
        }
        #expect(prompt.text == "/" && prompt.risk?.hasPrefix("with rm -rf ~ on the line before it") == true)
        _ = machine.key(.escape, now: 5)  // not run: the line again
        _ = machine.key(.escape, now: 5)  // discarded
        #expect(machine.state == .idle)
        _ = machine.typed([0x0D], now: 6)  // the user's own Enter: the line is the shell's again
        _ = record("/", take: 3)
        #expect(saved(machine.key(.control("r"), now: 7)).map(\.outcome) == [.ran])
    }

    @Test mutating func riskyCommandsAskTwiceToRun() {
        _ = record("sudo rm -rf /")
        guard case .confirming(let take, let prompt) = machine.state else { Issue.record("\(machine.state)"); return }
        #expect(prompt.risk != nil)
        #expect(machine.key(.control("r"), now: 4) == [])
        #expect(machine.state == .confirmingRisk(take, prompt, run: true))
        #expect(machine.key(.text("n"), now: 5) == [])  // anything but y goes back
        #expect(machine.state == .confirming(take, prompt))
        _ = machine.key(.control("r"), now: 6)
        let effects = machine.key(.text("y"), now: 7)
        #expect(saved(effects).map(\.outcome) == [.ran])
        #expect(effects.last == .send(prompt, run: true))
        // Inserting it (no Enter) needs no second answer on an ordinary profile.
        _ = record("sudo rm -rf /", take: 2)
        #expect(machine.key(.enter, now: 4).last == .send(prompt, run: false))
    }

    @Test func productionProfilesAskTwiceToInsertAndNeverAutoSend() {
        var machine = Machine(settings: .init(toggle: .defaultToggle, send: .auto, production: true))
        machine.remoteModes(.shellPrompt)
        _ = machine.toggle(now: 0)
        _ = machine.key(.toggle, now: 1)
        #expect(machine.transcribed(.init(text: "uptime", rawText: "uptime"), take: 1, now: 2) == [])
        _ = machine.shown(room: 80)
        #expect(machine.key(.enter, now: 3).last == .send(.init(text: "uptime", rawText: "uptime"), run: false))
        _ = machine.toggle(now: 4)
        _ = machine.key(.toggle, now: 5)
        _ = machine.transcribed(.init(text: "shutdown -h now", rawText: "shutdown dash h now"), take: 2, now: 6)
        _ = machine.shown(room: 80)
        #expect(machine.key(.enter, now: 7) == [])
        guard case .confirmingRisk(_, _, run: false) = machine.state else { Issue.record("\(machine.state)"); return }
    }

    /// An unsure word holds a line `send = auto` would run: it waits, marked, for the user.
    @Test func autoSendWaitsOnAnUnsureWord() {
        var machine = Machine(settings: .init(toggle: .defaultToggle, send: .auto))
        machine.remoteModes(.shellPrompt)
        _ = machine.toggle(now: 0)
        _ = machine.key(.toggle, now: 1)
        let heard = Heard(text: "uptime -p", rawText: "uptime dash p", unsure: [1])
        #expect(machine.transcribed(heard, take: 1, now: 2) == [])
        guard case .confirming(_, let prompt) = machine.state else { Issue.record("\(machine.state)"); return }
        #expect(prompt.unsure == [1])
        _ = machine.shown(room: 200)
        // The user's Enter still inserts it; an edit clears the marks.
        #expect(saved(machine.key(.enter, now: 3)).map(\.outcome) == [.inserted])
        #expect(Machine.Prompt(text: "uptime -p", rawText: "", edited: true).unsure.isEmpty)
        #expect(Machine.Prompt(text: "uptime -p", rawText: "", unsure: [0, 7]).unsure == [0])
    }

    @Test func autoSendRunsOnlySafeCommands() {
        var machine = Machine(settings: .init(toggle: .defaultToggle, send: .auto))
        machine.remoteModes(.shellPrompt)
        _ = machine.toggle(now: 0)
        _ = machine.key(.toggle, now: 1)
        let effects = machine.transcribed(.init(text: "uptime", rawText: "uptime"), take: 1, now: 2)
        #expect(effects.map(\.self).last == .send(.init(text: "uptime", rawText: "uptime"), run: true))
        #expect(saved(effects).map(\.outcome) == [.ran])
        _ = machine.toggle(now: 3)
        _ = machine.key(.toggle, now: 4)
        #expect(machine.transcribed(.init(text: "reboot", rawText: "reboot"), take: 2, now: 5) == [])
        guard case .confirming = machine.state else { Issue.record("\(machine.state)"); return }
    }

    @Test mutating func editThenInsert() {
        _ = record("git stash")
        _ = machine.key(.text("e"), now: 4)
        for key in [Key.backspace, .backspace, .text("tus")] { _ = machine.key(key, now: 5) }
        let effects = machine.key(.enter, now: 6)
        #expect(effects.last == .send(.init(text: "git status", rawText: "git stash", edited: true), run: false))
        #expect(saved(effects).map(\.outcome) == [.edited])
        #expect(saved(effects).first?.text == "git status")
    }

    @Test mutating func aPasteWithANewlineInTheEditorIsOneLineAndNothingIsLost() {
        _ = record("echo")
        _ = machine.key(.text("e"), now: 4)
        #expect(machine.key(.paste(" one\ntwo"), now: 5) == [])
        guard case .editing(_, _, let editor) = machine.state else { Issue.record("\(machine.state)"); return }
        #expect(editor.text == "echo one two")
    }

    @Test mutating func escapeLeavesTheEditorWithTheTextAsItWas() {
        _ = record("ls")
        _ = machine.key(.text("e"), now: 4)
        _ = machine.key(.text(" -la"), now: 5)
        _ = machine.key(.escape, now: 6)
        guard case .confirming(_, let prompt) = machine.state else { Issue.record("\(machine.state)"); return }
        #expect(prompt == .init(text: "ls", rawText: "ls"))
    }

    @Test mutating func discardAndReRecord() {
        _ = record("ls")
        let effects = machine.key(.text("r"), now: 4)
        #expect(saved(effects).map(\.outcome) == [.discarded])
        #expect(effects.last == .startRecording(take: 2))
        guard case .recording(let take, partial: "", answering: _) = machine.state else {
            Issue.record("\(machine.state)"); return
        }
        #expect(take.number == 2 && take.startedAt == 4 && take.heard == nil)
        #expect(machine.key(.escape, now: 5) == [.cancelRecording])
        _ = record("ls", take: 3)
        #expect(saved(machine.key(.escape, now: 4)).map(\.outcome) == [.discarded])
        #expect(machine.state == .idle)
    }

    @Test mutating func toggleTwiceQuicklySendsTheToggleItself() {
        #expect(machine.toggle(now: 10) == [.startRecording(take: 1)])
        #expect(machine.key(.toggle, now: 10.2) == [.cancelRecording, .sendToRemote([0x1D])])
        #expect(machine.state == .idle)
    }

    @Test mutating func partialsShowWhileRecordingOnlyAndOnlyTheirOwnTake() {
        _ = machine.toggle(now: 0)
        _ = machine.partial("git", take: 1)
        _ = machine.partial("stale", take: 0)
        guard case .recording(_, partial: "git", answering: _) = machine.state else {
            Issue.record("\(machine.state)"); return
        }
        _ = machine.key(.enter, now: 1)
        _ = machine.partial("late", take: 1)
        guard case .transcribing(_, deadline: 31, answering: _) = machine.state else {
            Issue.record("\(machine.state)"); return
        }
    }

    @Test mutating func silenceIsANoticeAndItsAudioIsKept() {
        var settings = machine.settings
        settings.noSpeechError = "the wording layer's words"
        machine = Machine(settings: settings)
        let effects = record("")
        #expect(saved(effects).map(\.outcome) == [.failed])
        #expect(saved(effects).first?.keepAudio == true)
        #expect(saved(effects).first?.error == "the wording layer's words")
        guard case .notice(let notice) = machine.state else { Issue.record("\(machine.state)"); return }
        #expect(notice.message.contains("no speech"))
        #expect(!machine.ownsKeyboard)
        #expect(machine.take == nil)  // the learner may run under a notice
        #expect(machine.tick(now: notice.until - 1) == [])
        #expect(machine.showsLine)
        _ = machine.tick(now: notice.until)
        #expect(machine.state == .idle)
        #expect(!machine.showsLine)
    }

    @Test mutating func aFailureKeepsTheAudioAndTheNoticeGetsTheRetryHint() {
        _ = machine.toggle(now: 20)
        _ = machine.key(.toggle, now: 22)
        _ = machine.engineNote("1 s of audio dropped", take: 1)
        _ = machine.engineNote("a note of a take that is over", take: 0)
        let effects = machine.failed(
            take: 1, message: "no text within 30 s (engine.timeout)", brief: "timed out", timedOut: true, now: 23)
        #expect(effects.first == .cancelTranscription)
        let entry = saved(effects).first
        #expect(entry?.outcome == .timedOut && entry?.keepAudio == true)
        #expect(entry?.error == "no text within 30 s (engine.timeout); 1 s of audio dropped")
        _ = machine.saved(id: 6, take: 2)  // another take's row gives no hint
        if case .notice(let waiting) = machine.state { #expect(waiting.retry == nil && waiting.awaitsRow) }
        _ = machine.saved(id: 7, take: 1)
        guard case .notice(let notice) = machine.state else { Issue.record("\(machine.state)"); return }
        #expect(notice.message == "timed out; recording kept: voicesh history retry 7")
        #expect(machine.dismissNotice() == [])
        #expect(machine.state == .idle)
        // An answer from a take that is over changes nothing.
        #expect(machine.failed(take: 1, message: "late", now: 30) == [])
        #expect(machine.transcribed(.init(text: "x", rawText: "x"), take: 1, now: 30) == [])
    }

    @Test mutating func aHistoryThatCannotBeWrittenIsANotice() {
        _ = record("ls")
        _ = machine.key(.enter, now: 4)
        _ = machine.historyFailed("the history could not be written: disk full", take: 1, now: 5)
        guard case .notice(let notice) = machine.state else { Issue.record("\(machine.state)"); return }
        #expect(notice.message == "the history could not be written: disk full")
    }

    @Test mutating func escapeCancelsTranscription() {
        _ = machine.toggle(now: 0)
        _ = machine.key(.toggle, now: 1)
        #expect(machine.key(.escape, now: 2) == [.cancelTranscription])
        #expect(machine.transcribed(.init(text: "late", rawText: "late"), take: 1, now: 3) == [])
        #expect(machine.state == .idle)
    }

    @Test mutating func anEngineThatEndsTheStreamItselfStopsTheRecording() {
        _ = machine.toggle(now: 0)
        let effects = machine.transcribed(.init(text: "ls", rawText: "ls"), take: 1, now: 4)
        #expect(effects == [.stopRecording])
        guard case .confirming(let take, _) = machine.state else { Issue.record("\(machine.state)"); return }
        #expect(take.stoppedAt == 4)
    }

    @Test mutating func theCountdownIsTheRunningEnginesOwn() {
        _ = machine.toggle(now: 0)
        _ = machine.key(.toggle, now: 1)
        guard case .transcribing(_, deadline: 31, answering: _) = machine.state else {
            Issue.record("\(machine.state)"); return
        }
        // The primary gave up at 20 s; the fallback (10 s) runs from then.
        _ = machine.engineRestarted(take: 1, timeout: 10, now: 21)
        guard case .transcribing(_, deadline: 31, answering: _) = machine.state else {
            Issue.record("\(machine.state)"); return
        }
        _ = machine.engineRestarted(take: 1, timeout: 15, now: 25)
        guard case .transcribing(_, deadline: 40, answering: _) = machine.state else {
            Issue.record("\(machine.state)"); return
        }
        // A fallback that starts while recording sets the timeout counted from the stop.
        _ = machine.key(.escape, now: 26)
        _ = machine.toggle(now: 30)
        _ = machine.engineRestarted(take: 2, timeout: 5, now: 31)
        _ = machine.key(.toggle, now: 32)
        guard case .transcribing(_, deadline: 37, answering: _) = machine.state else {
            Issue.record("\(machine.state)"); return
        }
    }

    @Test func autoStopEndsTheRecordingAfterSilenceFollowingSpeech() {
        var machine = Machine(settings: .init(toggle: .defaultToggle, autoStop: 1.5))
        _ = machine.toggle(now: 0)
        #expect(machine.tick(now: 5) == [])  // silence before any speech does not stop it
        _ = machine.speech(true, take: 1, now: 5)
        _ = machine.speech(false, take: 1, now: 7)
        #expect(machine.tick(now: 8) == [])
        _ = machine.speech(true, take: 1, now: 8.2)  // speaking again: the silence starts over
        #expect(machine.tick(now: 9.5) == [])
        _ = machine.speech(false, take: 1, now: 9.6)
        #expect(machine.tick(now: 11.1) == [.stopRecording])
        guard case .transcribing(let take, _, answering: _) = machine.state else {
            Issue.record("\(machine.state)"); return
        }
        #expect(take.stoppedAt == 11.1)
        // Off (0), silence never stops a recording; the toggle always does.
        var off = Machine(settings: .init(toggle: .defaultToggle))
        _ = off.toggle(now: 0)
        _ = off.speech(true, take: 1, now: 1)
        _ = off.speech(false, take: 1, now: 2)
        #expect(off.tick(now: 100) == [])
        #expect(off.key(.toggle, now: 100) == [.stopRecording])
    }

    @Test mutating func aTextTheLineCouldNotShowWholeWantsY() {
        _ = machine.toggle(now: 0)
        _ = machine.key(.toggle, now: 1)
        let long = "echo " + String(repeating: "A", count: 80) + " ; touch /tmp/x ; echo B"
        _ = machine.transcribed(.init(text: long, rawText: long), take: 1, now: 2)
        _ = machine.shown(room: 40)
        #expect(machine.key(.control("r"), now: 3) == [])
        guard case .confirmingRisk(_, let prompt, run: true) = machine.state else {
            Issue.record("\(machine.state)")
            return
        }
        #expect(prompt.risk == nil)
        #expect(machine.key(.text("y"), now: 4).last == .send(prompt, run: true))
        // Nor is a text sent before the line was drawn at all.
        _ = machine.toggle(now: 5)
        _ = machine.key(.toggle, now: 6)
        _ = machine.transcribed(.init(text: "ls", rawText: "ls"), take: 2, now: 7)
        #expect(machine.key(.enter, now: 8) == [])
        // The editor shows all of it: from there it goes.
        _ = machine.key(.escape, now: 9)
        _ = machine.key(.text("e"), now: 10)
        #expect(machine.key(.enter, now: 11).last == .send(.init(text: "ls", rawText: "ls"), run: false))
    }

    @Test func theBottomRowIsBorrowedForATakeAndGivenBackAfterIt() {
        var machine = Machine(settings: .init(toggle: .defaultToggle))
        #expect(machine.toggle(now: 0, fullScreen: true) == [.borrowRow, .startRecording(take: 1)])
        #expect(machine.key(.escape, now: 1) == [.cancelRecording, .returnRow])
        _ = machine.toggle(now: 2, fullScreen: true)
        _ = machine.key(.toggle, now: 3)
        _ = machine.failed(take: 2, message: "no network", now: 4)
        // The notice stays in the borrowed row until it goes.
        #expect(machine.tick(now: 20) == [.returnRow])
        _ = machine.toggle(now: 21, fullScreen: true)
        _ = machine.key(.toggle, now: 22)
        _ = machine.transcribed(.init(text: "ls", rawText: "ls"), take: 3, now: 23)
        _ = machine.shown(room: 80)
        #expect(machine.key(.text("r"), now: 24).contains(.borrowRow) == false)  // still borrowed
        #expect(machine.key(.escape, now: 25) == [.cancelRecording, .returnRow])
    }

    @Test(arguments: ["recording", "transcribing", "confirming", "editing", "confirmingRisk"])
    func anInterruptedTakeIsKeptWithItsTextAndAudio(_ stage: String) {
        var machine = Machine(settings: .init(toggle: .defaultToggle))
        _ = machine.toggle(now: 0)
        if stage != "recording" { _ = machine.key(.toggle, now: 2) }
        if !["recording", "transcribing"].contains(stage) {
            _ = machine.transcribed(.init(text: "rm -rf build", rawText: "rm dash rf build"), take: 1, now: 3)
            _ = machine.shown(room: 80)
        }
        if stage == "editing" {
            _ = machine.key(.text("e"), now: 4)
            _ = machine.key(.text("2"), now: 5)
        }
        if stage == "confirmingRisk" {
            _ = machine.shown(room: 3)
            _ = machine.key(.enter, now: 4)
        }
        let effects = machine.interrupted("the terminal hung up", now: 9)
        let entry = effects.compactMap { if case .save(let entry) = $0 { entry } else { nil } }.first
        #expect(entry?.outcome == .interrupted)
        #expect(entry?.keepAudio == true)
        #expect(entry?.error == "the terminal hung up")
        switch stage {
        case "recording":
            #expect(effects.first == .cancelRecording)
            #expect(entry?.text == "" && entry?.take.stoppedAt == 9)
        case "transcribing":
            #expect(effects.first == .cancelTranscription)
            #expect(entry?.text == "")
        case "editing":
            #expect(entry?.text == "rm -rf build2" && entry?.rawText == "rm dash rf build")
        default:
            #expect(entry?.text == "rm -rf build" && entry?.rawText == "rm dash rf build")
        }
        #expect(machine.state == .idle)
        #expect(machine.interrupted("again", now: 10) == [])
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
        "rm -r /tmp/scratch/dir",  // issue 44: recursive outside the working directory, /tmp included
    ])
    func flags(_ command: String) {
        #expect(RiskCheck.reason(command) != nil, "\(command)")
    }

    @Test(arguments: [
        "rm -rf build", "rm -r scratch/dir", "rm file.txt", "ls -la /", "chmod 644 /etc/hosts", "git push",
        "curl -o x https://example.com", "echo dd", "git status", "grep -r reboot /var/log", "cat /dev/sda1.txt",
        "echo hi >&2", "docker ps",
    ])
    func leavesAlone(_ command: String) {
        #expect(RiskCheck.reason(command) == nil, "\(command)")
    }
}

struct AutoSendTests {
    /// `send = auto` runs a line only while a shell reads it: not at a shell that never said so,
    /// not in a pager or an editor, not after the shell handed the terminal to a command.
    @Test func autoSendRunsOnlyWhileAShellIsReading() {
        func effects(after output: String?) -> [DictationStateMachine.Effect] {
            var machine = DictationStateMachine(settings: .init(toggle: .defaultToggle, send: .auto))
            if let output { machine.remoteModes(.after(output)) }
            _ = machine.toggle(now: 0)
            _ = machine.key(.toggle, now: 1)
            return machine.transcribed(.init(text: "uptime", rawText: "uptime"), take: 1, now: 2)
        }
        let runs = DictationStateMachine.Effect.send(.init(text: "uptime", rawText: "uptime"), run: true)
        #expect(effects(after: "\u{1B}[?2004hremote$ ").contains(runs))
        #expect(effects(after: nil).isEmpty)  // a shell that never turned bracketed paste on
        #expect(effects(after: "\u{1B}[?2004h$ git log\r\n\u{1B}[?2004l").isEmpty)  // less -X, no alternate screen
        #expect(effects(after: "\u{1B}[?2004h$ vim\r\n\u{1B}[?2004l\u{1B}[?1049h\u{1B}[?2004h").isEmpty)  // vim
        #expect(effects(after: "\u{1B}[?1049h\u{1B}[?1049l\u{1B}[?2004h$ ").contains(runs))  // back at the prompt
    }

    /// The first ear's text: held back where `send = auto` may run the line, shown to confirm
    /// (refining) where it may not (no shell reading, e.g. in a pager).
    @Test func autoSendShowsTheFirstTextWhereItWouldNotRun() {
        func firstShown(shellReading: Bool) -> Bool {
            var machine = DictationStateMachine(settings: .init(toggle: .defaultToggle, send: .auto))
            if shellReading { machine.remoteModes(.shellPrompt) }
            _ = machine.toggle(now: 0)
            _ = machine.key(.toggle, now: 1)
            _ = machine.heardFirst(.init(text: "uptime", rawText: "uptime"), take: 1, now: 2)
            if case .confirming = machine.state { return true }
            return false
        }
        #expect(!firstShown(shellReading: true))
        #expect(firstShown(shellReading: false))
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

    /// A session that ends inside vim puts the terminal back: only what is still set is undone.
    @Test func theModesLeftSetAreUndone() {
        var vim = TerminalModes()
        #expect(vim.reset.isEmpty)
        vim.feed(Array("\u{1B}[?1049h\u{1B}[?2004h".utf8))
        #expect(vim.reset == Array("\u{1B}[?1049l\u{1B}[?2004l\u{1B}[?25h".utf8))
        vim.feed(Array("\u{1B}[?1049l".utf8))
        #expect(vim.reset == Array("\u{1B}[?2004l\u{1B}[?25h".utf8))
    }
}

struct KeyTests {
    @Test func decodesKeysAndTheToggle() {
        let keys = Key.decode(
            Array("ab\u{1D}\r\u{1B}\u{12}\u{7F}\u{1B}[D\u{1B}[3~\u{1B}[12;40R".utf8), toggle: .defaultToggle)
        #expect(
            keys == [
                .text("ab"), .toggle, .enter, .other, .backspace, .left, .delete,
                .reply(TerminalReply(sequence: Array("\u{1B}[12;40R".utf8))!),
            ])
        // ESC and a control byte (alt-ctrl-r above) means nothing here; ESC alone is Escape.
        #expect(Key.decode([0x1B], toggle: .defaultToggle) == [.escape])
        let f9 = try! KeyChord(parsing: "f9")
        #expect(Key.decode(Array("\u{1B}[20~x".utf8), toggle: f9) == [.toggle, .text("x")])
    }

    /// Every sequence, fed one byte at a time, decodes as it does whole.
    static let sequences: [(String, [Key])] = [
        ("\u{1B}[12;40R", [.reply(TerminalReply(sequence: Array("\u{1B}[12;40R".utf8))!)]),
        ("\u{1B}[?64;1;2c", [.reply(TerminalReply(sequence: Array("\u{1B}[?64;1;2c".utf8))!)]),
        ("\u{1B}[>41;390;0c", [.reply(TerminalReply(sequence: Array("\u{1B}[>41;390;0c".utf8))!)]),
        ("\u{1B}[0n", [.reply(TerminalReply(sequence: Array("\u{1B}[0n".utf8))!)]),
        ("\u{1B}[D", [.left]), ("\u{1B}[C", [.right]), ("\u{1B}[H", [.home]), ("\u{1B}[F", [.end]),
        ("\u{1B}OD", [.left]), ("\u{1B}OH", [.home]), ("\u{1B}[1~", [.home]), ("\u{1B}[7~", [.home]),
        ("\u{1B}[4~", [.end]), ("\u{1B}[8~", [.end]), ("\u{1B}[3~", [.delete]), ("\u{1B}[1;5D", [.left]),
        ("\u{1B}[200~echo one\ntwo\u{1B}[201~", [.paste("echo one\ntwo")]),
        ("\u{1B}[20~", [.other]), ("\u{1B}x", [.other]), ("\u{1B}\u{1B}[D", [.escape, .left]),
        ("\u{1D}", [.toggle]), ("\r", [.enter]), ("\u{7F}", [.backspace]), ("\u{12}", [.control("r")]),
        ("é€😀", [.text("é€😀")]),
        // Found by the fuzz target: a sequence too long to be a key ends at 32 bytes, whole
        // or in pieces (fed whole, it ran on to its final byte).
        (
            "\u{1B}[" + String(repeating: "1", count: 40) + "~x",
            [.other, .text(String(repeating: "1", count: 10) + "~x")]
        ),
        (
            "ls\u{1B}[5;7R -l",
            [.text("ls"), .reply(TerminalReply(sequence: Array("\u{1B}[5;7R".utf8))!), .text(" -l")]
        ),
    ]

    @Test(arguments: sequences)
    func dripFedSequencesDecodeAsWholeOnes(_ sequence: String, _ expected: [Key]) {
        let bytes = Array(sequence.utf8)
        var whole = KeyDecoder(toggle: .defaultToggle)
        #expect(whole.feed(bytes) + whole.timeout() == expected)
        var dripped = KeyDecoder(toggle: .defaultToggle)
        var keys: [Key] = []
        for byte in bytes { keys += dripped.feed([byte]) }
        keys += dripped.timeout()
        // Text arrives a character at a time: join it to compare.
        #expect(Self.joined(keys) == Self.joined(expected), "\(sequence.debugDescription)")
        // And split at every point into two reads.
        for cut in 1..<bytes.count {
            var two = KeyDecoder(toggle: .defaultToggle)
            let split = two.feed(bytes[..<cut]) + two.feed(bytes[cut...]) + two.timeout()
            #expect(Self.joined(split) == Self.joined(expected), "\(sequence.debugDescription) cut at \(cut)")
        }
    }

    /// Found by the fuzz target (Fuzz/Sources/FuzzKeyDecoder): a lead byte took in as many bytes
    /// as it announced, whatever they were, so a broken character swallowed the key after it
    /// and a valid one decoded differently fed a byte at a time.
    @Test(
        arguments: [
            ([0xF3, 0x53, 0xF0, 0x9F, 0x98, 0x80], [Key.text("\u{FFFD}S😀")]),
            ([0xE0, 0x1D, 0x61], [.text("\u{FFFD}"), .toggle, .text("a")]),
            ([0xC3, 0x1B, 0x5B, 0x44], [.text("\u{FFFD}"), .left]),
            ([0xF0, 0x9F, 0x0D], [.text("\u{FFFD}"), .enter]),
        ] as [([UInt8], [Key])])
    func aBrokenCharacterLeavesTheKeysAfterIt(_ bytes: [UInt8], _ expected: [Key]) {
        var whole = KeyDecoder(toggle: .defaultToggle)
        #expect(whole.feed(bytes) + whole.timeout() == expected)
        var dripped = KeyDecoder(toggle: .defaultToggle)
        var keys: [Key] = []
        for byte in bytes { keys += dripped.feed([byte]) }
        keys += dripped.timeout()
        #expect(Self.joined(keys) == expected)
    }

    /// Found by the fuzz target: a paste whose end never came was held through every timeout,
    /// so the decoder stayed waiting (the session's deadline always due) and took every later
    /// key into the paste, the toggle too.
    @Test func aPasteWhoseEndNeverComesEndsAtTheTimeout() {
        var decoder = KeyDecoder(toggle: .defaultToggle)
        #expect(decoder.feed(Array("\u{1B}[200~echo one\necho".utf8)) == [])
        #expect(decoder.isWaiting)
        #expect(decoder.timeout() == [.paste("echo one\necho")])
        #expect(!decoder.isWaiting)
        #expect(decoder.feed([0x1D, 0x61]) == [.toggle, .text("a")])
    }

    @Test func aSplitCursorReportIsNotEscape() {
        var decoder = KeyDecoder(toggle: .defaultToggle)
        #expect(decoder.feed(Array("\u{1B}[12;".utf8)) == [])
        #expect(decoder.isWaiting)
        let report = decoder.feed(Array("40R".utf8))
        #expect(report == [.reply(TerminalReply(sequence: Array("\u{1B}[12;40R".utf8))!)])
        if case .reply(let reply) = report.first { #expect(reply.position.map { [$0.row, $0.column] } == [12, 40]) }
        #expect(!decoder.isWaiting)
        // A lone ESC waits for what follows; with nothing, it is the Escape key.
        #expect(decoder.feed([0x1B]) == [])
        #expect(decoder.timeout() == [.escape])
        let f9 = try! KeyChord(parsing: "f9")
        var toggle = KeyDecoder(toggle: f9)
        #expect(toggle.feed(Array("\u{1B}[2".utf8)) == [])
        #expect(toggle.feed(Array("0~".utf8)) == [.toggle])
    }

    static func joined(_ keys: [Key]) -> [Key] {
        var out: [Key] = []
        for key in keys {
            if case .text(let more) = key, case .text(let text)? = out.last {
                out[out.count - 1] = .text(text + more)
            } else {
                out.append(key)
            }
        }
        return out
    }

    @Test func repliesAreFoundAmongKeystrokesEvenWhenSplit() {
        let stream = Array("ls\u{1B}[5;7R -l\u{1B}[A\u{1B}[?1;2c\u{1B}[12;40R".utf8)
        for cut in 0...stream.count {
            var filter = TerminalReplyFilter()
            let pieces = filter.feed(stream[..<cut]) + filter.feed(stream[cut...])
            var keys: [UInt8] = []
            var replies: [[UInt8]] = []
            for piece in pieces {
                switch piece {
                case .keys(let bytes): keys += bytes
                case .reply(let reply): replies.append(reply.bytes)
                }
            }
            keys += filter.timeout()
            #expect(keys == Array("ls -l\u{1B}[A".utf8), "cut at \(cut)")
            #expect(
                replies == ["\u{1B}[5;7R", "\u{1B}[?1;2c", "\u{1B}[12;40R"].map { Array($0.utf8) }, "cut at \(cut)")
        }
        // In order: the keys before a reply come before it.
        var filter = TerminalReplyFilter()
        let reply = TerminalReply(sequence: Array("\u{1B}[5;7R".utf8))!
        #expect(filter.feed(Array("a\u{1B}[5;7Rb".utf8)) == [.keys([0x61]), .reply(reply), .keys([0x62])])
        // A lone ESC (the Escape key) is held only until the next read or the timeout.
        #expect(filter.feed([0x1B]) == [])
        #expect(filter.timeout() == [0x1B])
        #expect(filter.feed(Array("x".utf8)) == [.keys(Array("x".utf8))])
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
    let take = DictationStateMachine.Take(number: 1, startedAt: 0, borrowsRow: false, stoppedAt: 0, timeout: 30)

    func visible(_ s: String) -> String {
        s.replacing(/\x{1B}\[[0-9;]*m/, with: "")
    }

    @Test func neverWiderThanTheRoomLeft() {
        let prompt = DictationStateMachine.Prompt(text: "kubectl get pods --all-namespaces", rawText: "")
        for width in [1, 5, 20, 40, 200] {
            let line = visible(view.render(.confirming(take, prompt), level: 0, now: 0, width: width).line)
            #expect(line.count <= width)
        }
        let wide = view.render(.confirming(take, prompt), level: 0, now: 0, width: 200)
        #expect(visible(wide.line).hasPrefix(prompt.text + "  ⏎ insert"))
        #expect(wide.textRoom == prompt.text.count)
        #expect(view.render(.idle, level: 1, now: 0, width: 80).line == "")
    }

    @Test func longTextKeepsItsEndsAndTheKeysAndSaysItWasCut() {
        let prompt = DictationStateMachine.Prompt(
            text: "sudo journalctl -u nginx --since today | grep -i error | tail -n 50", rawText: "")
        let drawn = view.render(.confirming(take, prompt), level: 0, now: 0, width: 50)
        let line = visible(drawn.line)
        #expect(line == "sudo journalctl -…error | tail -n 50  ⏎ ^R e r esc")
        #expect(line.count <= 50)
        #expect(drawn.textRoom.map { $0 < prompt.text.count } == true)
        var editor = LineEditor(prompt.text)
        for _ in 0..<30 { editor.apply(.left) }
        let editing = visible(view.render(.editing(take, prompt, editor), level: 0, now: 0, width: 40).line)
        #expect(editing.count <= 40)
        #expect(editing.hasPrefix("edit: ") && editing.hasSuffix("  ⏎ ^R esc"))
        #expect(editing.contains("grep"))  // the cursor's neighbourhood, not the start
        #expect(!editing.contains("sudo"))
    }

    /// Unsure words underlined (bold, SGR 4); with plain marks in brackets, never sent.
    @Test func unsureWordsAreMarked() {
        let prompt = DictationStateMachine.Prompt(text: "git commit --amend", rawText: "", unsure: [2])
        let line = view.render(.confirming(take, prompt), level: 0, now: 0, width: 120).line
        #expect(line.hasPrefix("\u{1B}[0;1mgit commit \u{1B}[0;1;4m--amend\u{1B}[0;1;31m\u{1B}[0;2m"))
        #expect(visible(line).hasPrefix("git commit --amend  ⏎ insert"))
        let plain = DictationView(toggle: .defaultToggle, plainMarks: true)
        let drawn = plain.render(.confirming(take, prompt), level: 0, now: 0, width: 120)
        #expect(visible(drawn.line).hasPrefix("git commit ⟦--amend⟧  ⏎ insert"))
        #expect(drawn.textRoom == prompt.text.count + 2)
        // Cut to fit, the text loses its marks with its middle (and is not run without `y`).
        let narrow = visible(plain.render(.confirming(take, prompt), level: 0, now: 0, width: 24).line)
        #expect(!narrow.contains("⟦") && narrow.count <= 24)
        let spaced = DictationStateMachine.Prompt(text: "echo 'a  b' c", rawText: "", unsure: [3])
        #expect(
            visible(plain.render(.confirming(take, spaced), level: 0, now: 0, width: 120).line).hasPrefix(
                "echo 'a  b' ⟦c⟧"))
        #expect(DictationView.wantsPlainMarks(environment: ["TERM": "dumb"]))
        #expect(DictationView.wantsPlainMarks(environment: ["TERM": "xterm", "NO_COLOR": "1"]))
        #expect(!DictationView.wantsPlainMarks(environment: ["TERM": "xterm-256color", "NO_COLOR": ""]))
    }

    @Test func recordingShowsClockLevelAndPartial() {
        let line = visible(view.render(.recording(take, partial: "git sta"), level: 1, now: 65, width: 120).line)
        #expect(line.hasPrefix("● rec 1:05 █████ git sta  ctrl-] stop"))
        #expect(
            visible(view.render(.recording(take, partial: ""), level: 0, now: 0, width: 120).line).contains("▁▁▁▁▁"))
        let waiting = visible(view.render(.transcribing(take, deadline: 30), level: 0, now: 2.5, width: 120).line)
        #expect(waiting.contains("transcribing 28 s left"))
    }
}

struct StatusLineTests {
    let size: StatusLine.Size = (columns: 80, rows: 24)

    @Test func atAPromptTheLineGoesAfterTheCursorAndComesOffWithOneErase() {
        var line = StatusLine()
        #expect(line.room(size) == nil)
        #expect(line.ask(now: 0) == Array("\u{1B}[6n".utf8))
        #expect(line.questionsAsked == 1)
        #expect(line.ask(now: 0.1) == [])  // one question at a time
        #expect(line.cursorReported(row: 5, column: 10, size: size, now: 0.2) == [])
        #expect(line.room(size) == 70)
        #expect(!line.isVisible)
        #expect(line.draw("hi", size: size) == Array("hi\u{1B}[K\u{1B}[10G".utf8))
        #expect(line.isVisible)
        #expect(line.remoteWillWrite(size) == Array("\u{1B}[K".utf8))
        #expect(!line.isVisible)
        #expect(line.remoteWillWrite(size) == [])  // once
        #expect(line.room(size) == nil)
    }

    /// The answer to a question asked before the remote wrote says where the cursor was: it
    /// is asked again, and only the fresh answer places the line.
    @Test func anAnswerOlderThanTheOutputIsAskedAgain() {
        var line = StatusLine()
        _ = line.ask(now: 0)
        _ = line.remoteWillWrite(size)  // more output after the question
        #expect(line.ask(now: 0.1) == [])  // still one on its way
        #expect(line.cursorReported(row: 5, column: 10, size: size, now: 0.2) == Array("\u{1B}[6n".utf8))
        #expect(line.room(size) == nil)
        #expect(line.questionsAsked == 2)
        #expect(line.cursorReported(row: 9, column: 3, size: size, now: 0.3) == [])
        #expect(line.room(size) == 77)
    }

    /// A lost answer does not leave the line off the screen for good; a terminal that never
    /// answers is not asked for ever.
    @Test func aLostAnswerIsAskedAgainAndASilentTerminalGivesUp() {
        var line = StatusLine()
        _ = line.ask(now: 0)
        #expect(line.ask(now: 0.5) == [])
        #expect(line.ask(now: 1.0) == Array("\u{1B}[6n".utf8))
        #expect(!line.terminalSilent)
        _ = line.ask(now: 2.0)
        #expect(line.terminalSilent)
        #expect(line.ask(now: 9) == [])
        // Once it has answered, it is asked again after any loss.
        var answered = StatusLine()
        _ = answered.ask(now: 0)
        _ = answered.cursorReported(row: 1, column: 1, size: size, now: 0)
        for second in 1...5 { #expect(answered.ask(now: Double(second)) == Array("\u{1B}[6n".utf8)) }
        #expect(!answered.terminalSilent)
    }

    @Test func aBorrowedRowIsDrawnAndClearedAtTheBottom() {
        var line = StatusLine()
        line.borrowsRow = true
        _ = line.ask(now: 0)
        _ = line.cursorReported(row: 3, column: 7, size: size, now: 0)
        #expect(line.room(size) == 79)
        #expect(line.draw("x", size: size) == Array("\u{1B}[24;1Hx\u{1B}[K\u{1B}[3;7H".utf8))
        #expect(line.clear(size) == Array("\u{1B}[24;1H\u{1B}[2K\u{1B}[3;7H".utf8))
        // With the program's row known, erasing paints it back instead.
        line.underneath = Array("\u{1B}[0m:\u{1B}[0m\u{1B}[K\u{1B}[0m".utf8)
        _ = line.ask(now: 0)
        _ = line.cursorReported(row: 3, column: 7, size: size, now: 0)
        _ = line.draw("x", size: size)
        #expect(line.erase(size) == Array("\u{1B}[24;1H\u{1B}[0m:\u{1B}[0m\u{1B}[K\u{1B}[0m\u{1B}[3;7H".utf8))
    }

    @Test func afterTheWindowChangesTheEraseReachesTheRowsBelow() {
        var line = StatusLine()
        _ = line.ask(now: 0)
        _ = line.cursorReported(row: 5, column: 10, size: size, now: 0)
        _ = line.draw("a long hint line", size: size)
        // A terminal that re-wraps on narrowing may have put the line's end on the next row.
        #expect(line.resized((columns: 20, rows: 24)) == Array("\u{1B}[J".utf8))
        _ = line.ask(now: 0)
        _ = line.cursorReported(row: 5, column: 10, size: size, now: 0)
        _ = line.draw("again", size: size)
        #expect(line.erase(size) == Array("\u{1B}[K".utf8))
    }
}
