import Testing

@testable import VoiceshCore

/// The dictation machine with `hands_free` on: takes spoken at a shown line answer or correct
/// it, or replace it; keys only in keys mode; history by voice.
struct HandsFreeDictationTests {
    typealias Machine = DictationStateMachine
    var machine: Machine
    var clock = 0.0

    init() {
        var settings = Machine.Settings(toggle: .defaultToggle, timeout: 30)
        settings.handsFree = true
        machine = Machine(settings: settings)
    }

    init(machine: Machine) {
        self.machine = machine
    }

    /// One take: the toggle, the toggle again, the engine's `words` (raw) made into `text`.
    mutating func take(_ words: String, text: String? = nil) -> [Machine.Effect] {
        clock += 10
        var effects = machine.toggle(now: clock)
        effects += machine.key(.toggle, now: clock + 2)
        guard let number = machine.take?.number else {
            Issue.record("no take: \(machine.state)")
            return effects
        }
        effects += machine.transcribed(
            .init(text: text ?? SpokenShell().normalize(words), rawText: words), take: number, now: clock + 3)
        effects += machine.released()
        _ = machine.shown(room: 200)
        return effects
    }

    /// The line without its colours.
    func visible(_ line: String) -> String {
        line.replacing(/\x{1B}\[[0-9;]*m/, with: "")
    }

    var shownText: String? {
        if case .confirming(_, let prompt) = machine.state { return prompt.text }
        return nil
    }

    func sent(_ effects: [Machine.Effect]) -> [(String, Bool)] {
        effects.compactMap { if case .send(let prompt, let run) = $0 { (prompt.text, run) } else { nil } }
    }

    @Test mutating func dictateCorrectAndRunByVoice() {
        _ = take("git checkout feature")
        #expect(shownText == "git checkout feature")
        let first = machine.take?.number
        #expect(saved(take("change feature to main")).isEmpty)
        #expect(shownText == "git checkout main")
        #expect(machine.take?.number == first)  // the line's own take, edited
        _ = take("add dash dash quiet")
        #expect(shownText == "git checkout main --quiet")
        let effects = take("run it")
        #expect(sent(effects).map(\.0) == ["git checkout main --quiet"] && sent(effects).map(\.1) == [true])
        #expect(saved(effects).map(\.outcome) == [.ran])
        #expect(saved(effects).first?.take.number == first && saved(effects).first?.rawText == "git checkout feature")
        #expect(machine.state == .idle)
    }

    @Test mutating func everyEditCanBeUndone() {
        _ = take("ls dash v dash l a")
        _ = take("delete dash v")
        #expect(shownText == "ls -la")
        _ = take("add slash tmp")
        #expect(shownText == "ls -la /tmp")
        _ = take("undo")
        #expect(shownText == "ls -la")
        _ = take("undo")
        #expect(shownText == "ls -v -la")
        _ = take("undo")
        #expect(shownText == "ls -v -la")  // nothing more to undo
    }

    @Test mutating func anEditedLineIsCheckedForRiskAgain() {
        _ = take("rm dash r f old")
        #expect(shownText == "rm -rf old")
        guard case .confirming(_, let before) = machine.state else {
            Issue.record("\(machine.state)")
            return
        }
        _ = take("change old to slash")
        guard case .confirming(_, let after) = machine.state else {
            Issue.record("\(machine.state)")
            return
        }
        #expect(after.text == "rm -rf /" && after.risk != nil && after.edited)
        #expect(before.risk != after.risk)
        // Run asks for "yes" on a risky line; anything else leaves it unsent.
        #expect(sent(take("run it")).isEmpty)
        guard case .confirmingRisk = machine.state else {
            Issue.record("\(machine.state)")
            return
        }
        let effects = take("yes")
        #expect(sent(effects).map(\.0) == ["rm -rf /"])
    }

    @Test mutating func aLineThatIsNotACommandReplacesTheShownOne() {
        _ = take("git stats")
        let effects = take("git status")
        #expect(saved(effects).map(\.outcome) == [.discarded])
        #expect(saved(effects).first?.text == "git stats")
        #expect(shownText == "git status")
    }

    @Test mutating func insertCancelAgain() {
        _ = take("uptime")
        var effects = take("insert it")
        #expect(sent(effects).map(\.1) == [false])
        _ = take("uptime")
        effects = take("cancel")
        #expect(saved(effects).map(\.outcome) == [.discarded] && sent(effects).isEmpty && machine.state == .idle)
        _ = take("uptime")
        effects = take("again")
        #expect(saved(effects).map(\.outcome) == [.discarded])
        guard case .recording = machine.state else {
            Issue.record("\(machine.state)")
            return
        }
    }

    /// The line a take answers is part of that take's state, recording and transcribing, and
    /// the screen says Esc goes back to it; a take with no line says Esc cancels.
    @Test mutating func theAnsweredLineIsTheTakesState() {
        let view = DictationView(toggle: .defaultToggle)
        _ = machine.toggle(now: 1)
        #expect(machine.answering == nil)
        #expect(visible(view.render(machine.state, level: 0, now: 1, width: 120).line).contains("esc cancel"))
        _ = machine.key(.escape, now: 2)
        _ = take("uptime")
        guard case .confirming(let lineTake, let prompt) = machine.state else {
            Issue.record("\(machine.state)")
            return
        }
        let shown = Machine.Shown(take: lineTake, prompt: prompt, risk: nil, room: 200)
        _ = machine.toggle(now: 100)
        guard case .recording(let answer, partial: "", answering: shown?) = machine.state else {
            Issue.record("\(machine.state)")
            return
        }
        #expect(answer.number == lineTake.number + 1)
        #expect(visible(view.render(machine.state, level: 0, now: 100, width: 120).line).contains("esc back"))
        _ = machine.key(.toggle, now: 102)
        guard case .transcribing(_, _, answering: shown?) = machine.state else {
            Issue.record("\(machine.state)")
            return
        }
        // The microphone goes away under the answer: the line's row is kept, as discarded.
        let effects = machine.unavailable("no microphone", now: 103)
        #expect(saved(effects).map(\.outcome) == [.discarded] && saved(effects).first?.text == "uptime")
        #expect(machine.answering == nil)
    }

    @Test mutating func escapeDuringAnAnswerGoesBackToTheLine() {
        _ = take("uptime")
        _ = machine.toggle(now: 100)
        #expect(machine.key(.escape, now: 101) == [.cancelRecording])
        #expect(shownText == "uptime")
        // Nothing heard: the line stays.
        _ = take("", text: "")
        #expect(shownText == "uptime")
    }

    @Test mutating func keysOnlyInKeysMode() {
        var effects = take("escape")
        #expect(!effects.contains { if case .sendToRemote = $0 { true } else { false } })
        #expect(shownText == "escape")  // dictation, shown to confirm, never a key
        _ = machine.key(.escape, now: 50)
        machine.remoteModes(.fullScreen)
        _ = take("keys mode")
        #expect(machine.keysMode)
        effects = take("escape")
        #expect(effects.contains(.sendToRemote([0x1B])))
        effects = take("type colon q")
        #expect(effects.contains(.sendToRemote(Array(":q".utf8))))
        effects = take("git status please")  // a sentence is never keys
        #expect(!effects.contains { if case .sendToRemote = $0 { true } else { false } })
        guard case .notice(let notice) = machine.state else {
            Issue.record("\(machine.state)")
            return
        }
        #expect(notice.message.contains("not a key"))
        _ = take("stop keys")
        #expect(!machine.keysMode)
    }

    /// Spoken keys meet the risk check every line meets: an Enter that would run a risky line
    /// typed by voice (vim's `:!` taken off) is not pressed, and says why; a safe one is.
    @Test mutating func anEnterThatWouldRunARiskyLineIsNotPressed() {
        machine.remoteModes(.fullScreen)
        _ = take("keys mode")
        var effects = take("type colon bang rm dash rf tilde")
        let typed =
            effects.compactMap { effect -> [UInt8]? in
                if case .sendToRemote(let bytes) = effect { bytes } else { nil }
            }.first ?? []
        #expect(String(decoding: typed, as: UTF8.self).hasPrefix(":!rm -rf"), "\(effects)")
        effects = take("enter")
        #expect(!effects.contains { if case .sendToRemote = $0 { true } else { false } }, "\(effects)")
        guard case .notice(let notice) = machine.state else {
            Issue.record("\(machine.state)")
            return
        }
        #expect(notice.message.hasPrefix("not pressed: enter: rm -rf"), "\(notice.message)")
        // Escape leaves vim's command line: what is typed next is a line of its own.
        _ = take("escape")
        _ = take("type colon w q")
        #expect(take("enter").contains(.sendToRemote([0x0D])))
    }

    /// The first ear's words, less sure, never act: a command waits for the final words;
    /// dictation is shown first as ever.
    @Test mutating func aCommandActsOnTheFinalWordsOnly() {
        clock += 10
        _ = machine.toggle(now: clock)
        _ = machine.key(.toggle, now: clock + 2)
        let number = machine.take?.number ?? 0
        #expect(
            machine.heardFirst(.init(text: "rerun make", rawText: "rerun make"), take: number, now: clock + 3) == [])
        #expect(machine.take?.number == number && shownText == nil)
        let effects = machine.heardFinal(.init(text: "rerun make", rawText: "rerun make"), take: number, now: clock + 4)
        #expect(effects.contains(.findHistory(.startingWith("make"))), "\(effects)")
        clock += 10
        _ = machine.key(.escape, now: clock)
        _ = machine.toggle(now: clock + 1)
        _ = machine.key(.toggle, now: clock + 3)
        let next = machine.take?.number ?? 0
        _ = machine.heardFirst(.init(text: "git status", rawText: "git status"), take: next, now: clock + 4)
        #expect(shownText == "git status")
    }

    /// On a production profile Enter, ctrl-c and ctrl-d are pressed on the keyboard only.
    @Test func productionKeepsEnterAndInterruptsToTheKeyboard() {
        var settings = Machine.Settings(toggle: .defaultToggle, production: true, timeout: 30)
        settings.handsFree = true
        var test = Self(machine: Machine(settings: settings))
        test.machine.remoteModes(.fullScreen)
        _ = test.take("keys mode")
        #expect(test.take("page down").contains(.sendToRemote(Array("\u{1B}[6~".utf8))))
        for key in ["enter", "control c", "control d"] {
            let effects = test.take(key)
            #expect(!effects.contains { if case .sendToRemote = $0 { true } else { false } }, "\(key)")
        }
    }

    /// Issue 33: at a shell prompt keys would type and run a line past the risk check ("keys
    /// mode", "type find … -delete", "enter" deleted a file). Keys mode is refused there, and
    /// what follows is dictation: shown, marked, never sent.
    @Test mutating func keysModeIsRefusedAtAShellPrompt() {
        machine.remoteModes(.shellPrompt)
        _ = take("keys mode")
        #expect(!machine.keysMode)
        guard case .notice(let notice) = machine.state else {
            Issue.record("\(machine.state)")
            return
        }
        #expect(notice.message.hasPrefix("keys mode is for full-screen programs"))
        var effects = take("type find w -name c20 -delete", text: "find w -name c20 -delete")
        effects += take("enter")
        #expect(!effects.contains { if case .sendToRemote = $0 { true } else { false } })
        #expect(sent(effects).isEmpty)
        #expect(shownText == "enter")
    }

    /// Keys mode ends by itself when the full-screen program leaves (a notice says so), and
    /// never on a take already under way: that take is then heard as dictation.
    @Test mutating func keysModeEndsWhenTheProgramLeaves() {
        machine.remoteModes(.fullScreen)
        _ = take("keys mode")
        #expect(machine.keysMode)
        #expect(machine.remoteModes(.fullScreen, now: 60).isEmpty && machine.keysMode)  // still in vim
        #expect(machine.remoteModes(.shellPrompt, now: 61) == [.redraw])
        #expect(!machine.keysMode)
        guard case .notice(let notice) = machine.state else {
            Issue.record("\(machine.state)")
            return
        }
        #expect(notice.message == "keys mode off: the full-screen program has ended")
        let effects = take("enter")
        #expect(!effects.contains { if case .sendToRemote = $0 { true } else { false } })
        #expect(shownText == "enter")
        // A program that leaves while a keys-mode take records: the take is dictation.
        machine.remoteModes(.fullScreen)
        _ = machine.key(.escape, now: 70)
        _ = take("keys mode")
        clock += 10
        _ = machine.toggle(now: clock)
        machine.remoteModes(.shellPrompt, now: clock + 1)
        _ = machine.key(.toggle, now: clock + 2)
        let number = machine.take?.number ?? -1
        let heard = machine.transcribed(.init(text: "escape", rawText: "escape"), take: number, now: clock + 3)
        #expect(!heard.contains { if case .sendToRemote = $0 { true } else { false } })
        #expect(shownText == "escape")
    }

    @Test mutating func escapeWhileRecordingLeavesKeysMode() {
        machine.remoteModes(.fullScreen)
        _ = take("keys mode")
        _ = machine.toggle(now: 200)
        _ = machine.key(.escape, now: 201)
        #expect(!machine.keysMode)
    }

    @Test mutating func historyByVoice() {
        var effects = take("run last")
        #expect(effects.contains(.findHistory(.last)))
        effects = machine.historyFound(["uptime"], now: 20)
        #expect(sent(effects).map(\.0) == ["uptime"] && sent(effects).map(\.1) == [true])
        #expect(saved(effects).first?.outcome == .ran && saved(effects).first?.rawText == "run last")

        effects = take("rerun git")
        #expect(effects.contains(.findHistory(.startingWith("git"))))
        effects = machine.historyFound([], now: 30)
        guard case .notice(let notice) = machine.state else {
            Issue.record("\(machine.state)")
            return
        }
        #expect(notice.message == "no command in the history starts with git" && sent(effects).isEmpty)

        _ = take("history search docker")
        _ = machine.historyFound(["docker ps", "docker images"], now: 40)
        guard case .notice(let list) = machine.state else {
            Issue.record("\(machine.state)")
            return
        }
        #expect(list.message == "say pick N: 1 docker ps · 2 docker images")
        _ = take("pick two")
        #expect(shownText == "docker images")
    }

    /// The engine listens for what the take's text is read as: in keys mode, keys only, even
    /// while a search's list waits for "pick N" (a pick is not a key).
    @Test mutating func keysModeListensForKeysOnlyAfterASearch() throws {
        _ = take("history search docker")
        _ = machine.historyFound(["docker ps", "docker images"], now: 40)
        machine.remoteModes(.fullScreen)
        _ = take("keys mode")
        #expect(machine.keysMode)
        clock += 10
        let effects = machine.toggle(now: clock)
        let number = try #require(machine.take?.number)
        let keys = VoiceGrammar.sentences(listening: .keys, line: "")
        #expect(effects.contains(.startRecording(take: number, commands: keys)))
        _ = machine.key(.toggle, now: clock + 1)
        _ = machine.transcribed(.init(text: "pick two", rawText: "pick two"), take: number, now: clock + 2)
        #expect(shownText == nil)
        guard case .notice(let notice) = machine.state else {
            Issue.record("\(machine.state)")
            return
        }
        #expect(notice.message.hasPrefix("not a key"))
    }

    @Test func withoutHandsFreeTheToggleStillRecordsAgain() {
        var machine = Machine(settings: .init(toggle: .defaultToggle))
        _ = machine.toggle(now: 0)
        _ = machine.key(.toggle, now: 1)
        _ = machine.transcribed(.init(text: "uptime", rawText: "uptime"), take: 1, now: 2)
        let effects = machine.key(.toggle, now: 3)
        #expect(effects.first.map { if case .save(let e) = $0 { e.outcome == .discarded } else { false } } == true)
        _ = machine.key(.toggle, now: 4)
        _ = machine.transcribed(.init(text: "run it", rawText: "run it"), take: 2, now: 5)
        guard case .confirming(_, let prompt) = machine.state else {
            Issue.record("\(machine.state)")
            return
        }
        #expect(prompt.text == "run it")
    }
}
