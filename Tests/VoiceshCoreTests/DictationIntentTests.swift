import Testing

@testable import VoiceshCore

/// Intent takes: a take that begins with a lead asks the intent model for a command, which is
/// then confirmed like any dictation and never run unasked; a failure keeps the request.
struct DictationIntentTests {
    typealias Machine = DictationStateMachine
    var machine: Machine

    init() {
        var settings = Machine.Settings(toggle: .defaultToggle, timeout: 30)
        settings.intentTimeout = 20
        machine = Machine(settings: settings)
    }

    func heard(_ text: String) -> Heard { .init(text: text, rawText: text, engine: "edge") }

    func written(_ command: String, _ explanation: String = "lists the files") -> Intent {
        Intent(
            request: "how do i list files", answer: IntentAnswer(command: command, explanation: explanation),
            model: "qwen", endpoint: "local")
    }

    /// Records take 1 from 0 to 2; its words come at 2.5.
    mutating func say(_ words: String) -> [Machine.Effect] {
        _ = machine.toggle(now: 0)
        _ = machine.key(.toggle, now: 2)
        return machine.transcribed(heard(words), take: 1, now: 2.5)
    }

    var view: DictationView { DictationView(toggle: .defaultToggle) }

    @Test func leadsBeginATakeAsWholeWords() {
        #expect(IntentLead.request(in: "How do I find big files?") == "How do I find big files?")
        #expect(IntentLead.request(in: "command to show disk space") == "command to show disk space")
        #expect(IntentLead.request(in: "give me a command to count lines") == "give me a command to count lines")
        #expect(IntentLead.request(in: "how do i") == nil)  // nothing asked
        #expect(IntentLead.request(in: "echo how do i list files") == nil)  // not at the start
        #expect(IntentLead.request(in: "howdy do i") == nil)
        #expect(IntentLead.request(in: "commands to run") == nil)
    }

    @Test mutating func aLeadAsksTheModelAndTheCommandIsConfirmed() throws {
        #expect(say("how do i list files") == [.writeIntent(take: 1, request: "how do i list files")])
        guard case .transcribing(let take, let deadline, _) = machine.state else {
            Issue.record("\(machine.state)")
            return
        }
        #expect(take.intent == IntentTake(request: "how do i list files") && deadline == 22.5)
        #expect(view.render(machine.state, level: 0, now: 2.6, width: 100).line.contains("writing a command"))

        #expect(machine.intentWritten(written("ls -la"), take: 1, now: 4) == [])
        guard case .confirming(let shown, let prompt) = machine.state else {
            Issue.record("\(machine.state)")
            return
        }
        #expect(prompt.text == "ls -la" && prompt.rawText == "how do i list files" && prompt.risk == nil)
        #expect(shown.intent?.explanation == "lists the files" && shown.intent?.model == "qwen")
        #expect(shown.latencyMs == 2000)
        let line = view.render(machine.state, level: 0, now: 4.1, width: 160).line
        #expect(
            line.contains("ls -la") && line.contains("# lists the files") && line.contains("asked: how do i list files")
        )
        _ = machine.shown(room: 100)
        let effects = machine.key(.enter, now: 5)
        #expect(effects.contains(.send(prompt, run: false)))
        let row = try #require(effects.compactMap { if case .save(let entry) = $0 { entry } else { nil } }.first)
        #expect(row.outcome == .inserted && row.text == "ls -la" && row.take.intent?.request == "how do i list files")
    }

    /// Tab asks the model for another command while the line waits as it was, shows it when it
    /// comes, and goes round once the model repeats itself; the row keeps the one chosen.
    /// The command shows, dim and escaped away, as soon as the model has written it; while
    /// it has not passed the check the line still waits for the whole answer.
    @Test mutating func aDraftShowsWhileTheExplanationComes() throws {
        _ = say("how do i list files")
        #expect(machine.intentDraft(written("ls -la \u{1B}[2J", ""), checked: false, take: 1, now: 2.6) == [])
        #expect(machine.intentDraft(written("rm -rf /", ""), checked: true, take: 2, now: 2.6) == [])  // another take's
        guard case .transcribing(let take, _, _) = machine.state else {
            Issue.record("\(machine.state)")
            return
        }
        #expect(take.intent?.draft == "ls -la")
        let line = view.render(machine.state, level: 0, now: 2.6, width: 100).line
        #expect(line.contains("ls -la") && !line.contains("writing a command") && !line.contains("[2J"), "\(line)")
        #expect(IntentTake(stored: take.intent?.stored)?.draft == nil)  // never kept in a row
        _ = machine.intentWritten(written("ls -la"), take: 1, now: 4)
        guard case .confirming(_, let prompt) = machine.state else {
            Issue.record("\(machine.state)")
            return
        }
        #expect(prompt.text == "ls -la")
        // Late: the line stays.
        #expect(machine.intentDraft(written("ls -l", ""), checked: true, take: 1, now: 5) == [])
        guard case .confirming(_, let still) = machine.state else {
            Issue.record("\(machine.state)")
            return
        }
        #expect(still.text == "ls -la")
    }

    /// A command that passed the check is the answer's (no repair will replace it): it is
    /// confirmed as soon as it is written, the explanation joining it when it comes. Tab asks
    /// for no other meanwhile, and a key may send it before.
    @Test mutating func aCheckedCommandIsConfirmedBeforeItsExplanation() throws {
        _ = say("how do i list files")
        #expect(machine.intentDraft(written("ls -la", ""), checked: true, take: 1, now: 3) == [])
        guard case .confirming(let take, let prompt) = machine.state else {
            Issue.record("\(machine.state)")
            return
        }
        #expect(prompt.text == "ls -la" && take.latencyMs == 1000 && take.intent?.explaining == true)
        #expect(take.intent?.model == "qwen" && take.intent?.endpoint == "local")  // a row sent now says who wrote it
        var line = view.render(machine.state, level: 0, now: 3.1, width: 160).line
        #expect(line.contains("ls -la") && line.contains("# explaining …") && line.contains("⏎ insert"), "\(line)")
        #expect(machine.key(.tab, now: 3.2) == [])  // the model is still on the first answer
        #expect(machine.intentWritten(written("ls -la"), take: 1, now: 4) == [.redraw])
        line = view.render(machine.state, level: 0, now: 4.1, width: 160).line
        #expect(line.contains("# lists the files") && !line.contains("explaining"), "\(line)")
        #expect(machine.state.take?.intent?.model == "qwen" && machine.state.take?.latencyMs == 1000)
        _ = machine.shown(room: 100)
        let effects = machine.key(.enter, now: 5)
        #expect(effects.contains(.send(prompt, run: false)))
    }

    @Test mutating func aConfirmedCommandStandsWhenItsExplanationFailsOrComesLate() throws {
        _ = say("how do i list files")
        _ = machine.intentDraft(written("ls -la", ""), checked: true, take: 1, now: 3)
        #expect(machine.intentFailed(.timedOut(seconds: 20), take: 1, message: "m", brief: "b", now: 23) == [.redraw])
        guard case .confirming(let take, let prompt) = machine.state else {
            Issue.record("\(machine.state)")
            return
        }
        #expect(prompt.text == "ls -la" && take.intent?.explaining == false)
        // Sent before its explanation: the answer that comes after is no line's.
        _ = machine.key(.escape, now: 24)
        _ = machine.toggle(now: 25)
        _ = machine.key(.toggle, now: 26)
        _ = machine.transcribed(heard("how do i list files"), take: 2, now: 26.5)
        _ = machine.intentDraft(written("ls -la", ""), checked: true, take: 2, now: 27)
        _ = machine.shown(room: 100)
        let sent = machine.key(.enter, now: 27.5)
        #expect(sent.contains(.send(.init(text: "ls -la", rawText: "how do i list files"), run: false)))
        #expect(machine.intentWritten(written("ls -la"), take: 2, now: 28) == [])
        #expect(machine.state == .idle)
    }

    /// The line never changes under a key about to confirm it: an answer for another command
    /// (a repair's cut short, the faulty first returned) brings no explanation and no command.
    @Test mutating func aConfirmedCommandIsNeverReplacedByItsAnswer() {
        _ = say("how do i list files")
        _ = machine.intentDraft(written("ls -la", ""), checked: true, take: 1, now: 3)
        #expect(
            machine.intentWritten(written("ls -la \"", "check: the line is not complete."), take: 1, now: 4) == [
                .redraw
            ])
        #expect(machine.state.prompt?.text == "ls -la", "\(machine.state)")
        #expect(machine.state.take?.intent?.explaining == false)
        #expect(machine.state.take?.intent?.candidates.map(\.explanation) == [""])
    }

    /// The explanation joins a line being edited, so the row keeps it after Esc.
    @Test mutating func anExplanationThatComesDuringAnEditIsKept() {
        _ = say("how do i list files")
        _ = machine.intentDraft(written("ls -la", ""), checked: true, take: 1, now: 3)
        _ = machine.shown(room: 100)
        _ = machine.key(.text("e"), now: 3.5)
        guard case .editing = machine.state else {
            Issue.record("\(machine.state)")
            return
        }
        _ = machine.intentWritten(written("ls -la"), take: 1, now: 4)
        #expect(machine.state.take?.intent?.explanation == "lists the files")
    }

    /// The request is an engine's words (a server's raw text): it is drawn on the line only
    /// cleaned of escape sequences, and asked as drawn.
    @Test mutating func theRequestIsCleanedBeforeItIsDrawnOrAsked() {
        let effects = say("how do i \u{1B}[2Jlist \u{1B}]52;c;?\u{7}files")
        #expect(effects.contains(.writeIntent(take: 1, request: "how do i list files")), "\(effects)")
        #expect(machine.state.take?.intent?.request == "how do i list files")
    }

    @Test mutating func tabAsksForAnotherCommandAndGoesRound() throws {
        _ = say("how do i list files")
        _ = machine.intentWritten(written("ls -la"), take: 1, now: 3)
        var line = view.render(machine.state, level: 0, now: 3.1, width: 160).line
        #expect(line.contains("⇥ another"), "\(line)")
        let first = IntentAnswer(command: "ls -la", explanation: "lists the files")
        #expect(
            machine.key(.tab, now: 4)
                == [.writeIntent(take: 1, request: "how do i list files", others: [first])])
        #expect(machine.state.take?.intent?.asking == true)
        line = view.render(machine.state, level: 0, now: 4.1, width: 160).line
        #expect(line.contains("ls -la") && line.contains("⇥ writing…"), "\(line)")
        #expect(machine.key(.tab, now: 4.2) == [])  // one ask at a time

        #expect(machine.intentWritten(written("ls -l", "long listing"), take: 1, now: 5) == [.redraw])
        var prompt = try #require(confirmed)
        #expect(prompt.text == "ls -l" && prompt.reading == 1 && prompt.readings == 2)
        #expect(machine.state.take?.intent?.explanation == "long listing")
        line = view.render(machine.state, level: 0, now: 5.1, width: 160).line
        #expect(line.contains("# long listing") && line.contains("⇥ 2/2 another"), "\(line)")

        #expect(machine.key(.backTab, now: 6) == [])
        prompt = try #require(confirmed)
        #expect(prompt.text == "ls -la" && prompt.reading == 0)
        #expect(machine.key(.tab, now: 6.5) == [] && confirmed?.text == "ls -l")  // not the last: no ask
        #expect(
            machine.key(.tab, now: 7)
                == [
                    .writeIntent(
                        take: 1, request: "how do i list files",
                        others: [first, .init(command: "ls -l", explanation: "long listing")])
                ])
        // A repeat: the model has nothing more, and Tab goes round from now on.
        #expect(machine.intentWritten(written("ls -la"), take: 1, now: 8) == [.redraw])
        #expect(confirmed?.text == "ls -la" && machine.state.take?.intent?.exhausted == true)
        #expect(machine.key(.tab, now: 9) == [] && confirmed?.text == "ls -l")
        #expect(machine.key(.tab, now: 9.5) == [] && confirmed?.text == "ls -la")

        _ = machine.key(.tab, now: 10)
        _ = machine.shown(room: 100)
        let effects = machine.key(.enter, now: 11)
        #expect(
            effects.contains(
                .send(.init(text: "ls -l", rawText: "how do i list files", reading: 1, readings: 2), run: false)))
        let row = try #require(saved(effects).first)
        #expect(row.text == "ls -l" && row.reading == 1 && row.readings == 2)
        #expect(row.take.intent?.explanation == "long listing")
    }

    /// The command Tab asked for failed: the one shown stands, no notice, and Tab stops asking.
    @Test mutating func aFailedAskKeepsTheCommandShown() {
        _ = say("how do i list files")
        _ = machine.intentWritten(written("ls -la"), take: 1, now: 3)
        _ = machine.key(.tab, now: 4)
        #expect(
            machine.intentFailed(.timedOut(seconds: 20), take: 1, message: "m", brief: "b", now: 5) == [.redraw])
        #expect(confirmed?.text == "ls -la" && machine.state.take?.intent?.exhausted == true)
        #expect(machine.key(.tab, now: 6) == [])
        #expect(!view.render(machine.state, level: 0, now: 6.1, width: 160).line.contains("⇥"))
    }

    /// Another command that comes while the line is edited is counted, never put in its place.
    @Test mutating func anotherCommandWhileEditingIsCountedNotShown() {
        _ = say("how do i list files")
        _ = machine.intentWritten(written("ls -la"), take: 1, now: 3)
        _ = machine.key(.tab, now: 4)
        _ = machine.key(.text("e"), now: 4.5)
        #expect(machine.intentWritten(written("ls -l"), take: 1, now: 5) == [.redraw])
        guard case .editing(_, let prompt, let editor) = machine.state else {
            Issue.record("\(machine.state)")
            return
        }
        #expect(editor.text == "ls -la" && prompt.readings == 2)
        _ = machine.key(.escape, now: 6)
        #expect(confirmed?.text == "ls -la")
        _ = machine.key(.tab, now: 7)
        #expect(confirmed?.text == "ls -l")
    }

    /// The prompt on the confirming line, if that is the state.
    var confirmed: Machine.Prompt? {
        if case .confirming(_, let prompt) = machine.state { prompt } else { nil }
    }

    /// `send = auto` at a shell prompt runs a harmless dictation at once; an intent's command never.
    @Test func anIntentIsNeverRunUnasked() {
        var settings = Machine.Settings(toggle: .defaultToggle, send: .auto, timeout: 30)
        settings.intentTimeout = 20
        var machine = Machine(settings: settings)
        machine.remoteModes(.shellPrompt)
        // The same words dictated would run at once.
        _ = machine.toggle(now: 0)
        _ = machine.key(.toggle, now: 1)
        #expect(
            machine.transcribed(heard("ls"), take: 1, now: 1.5).contains(
                .send(.init(text: "ls", rawText: "ls"), run: true)))
        _ = machine.toggle(now: 2)
        _ = machine.key(.toggle, now: 3)
        _ = machine.transcribed(heard("how do i list files"), take: 2, now: 3.5)
        #expect(machine.intentWritten(written("ls"), take: 2, now: 4) == [])
        guard case .confirming(_, let prompt) = machine.state else {
            Issue.record("\(machine.state)")
            return
        }
        #expect(prompt.text == "ls")
    }

    /// A risky command asks for `y`, as a dictated one does.
    @Test mutating func aRiskyCommandAsksASecondTime() {
        _ = say("command to free some space")
        _ = machine.intentWritten(written("rm -rf /", "deletes everything"), take: 1, now: 3)
        _ = machine.shown(room: 100)
        #expect(machine.key(.control("r"), now: 4) == [])
        guard case .confirmingRisk(_, let prompt, run: true) = machine.state else {
            Issue.record("\(machine.state)")
            return
        }
        #expect(prompt.risk != nil)
    }

    @Test(arguments: [
        (IntentError.timedOut(seconds: 20), Dictation.Outcome.timedOut),
        (IntentError.prose("Sure, here"), .failed),
    ])
    mutating func aFailureIsANoticeAndTheRequestIsKept(error: IntentError, outcome: Dictation.Outcome) throws {
        _ = say("how do i list files")
        let effects = machine.intentFailed(error, take: 1, message: "the words", brief: "brief", now: 3)
        let row = try #require(effects.compactMap { if case .save(let entry) = $0 { entry } else { nil } }.first)
        #expect(row.outcome == outcome && row.rawText == "how do i list files" && row.keepAudio)
        #expect(effects.contains(.cancelTranscription))
        guard case .notice(let notice) = machine.state else {
            Issue.record("\(machine.state)")
            return
        }
        #expect(notice.message == "brief")
    }

    /// Esc while the command is written: the take goes, and a late command is dropped.
    @Test mutating func escapeCancelsAndALateCommandIsDropped() {
        _ = say("how do i list files")
        #expect(machine.key(.escape, now: 3).contains(.cancelTranscription))
        #expect(machine.state == .idle)
        #expect(machine.intentWritten(written("ls"), take: 1, now: 4) == [])
        #expect(machine.state == .idle)
    }

    /// With intent mode off, a lead is dictated like any words.
    @Test func withIntentModeOffALeadIsDictation() {
        var machine = Machine(settings: .init(toggle: .defaultToggle, timeout: 30))
        _ = machine.toggle(now: 0)
        _ = machine.key(.toggle, now: 2)
        #expect(machine.transcribed(heard("how do i list files"), take: 1, now: 2.5) == [])
        guard case .confirming(let take, let prompt) = machine.state else {
            Issue.record("\(machine.state)")
            return
        }
        #expect(take.intent == nil && prompt.text == "how do i list files")
    }

    /// Two ears: the first text is not asked about; the engine's final words are the request,
    /// and a text after that changes nothing.
    @Test mutating func theFinalTextIsTheRequest() {
        _ = machine.toggle(now: 0)
        _ = machine.key(.toggle, now: 2)
        #expect(machine.heardFirst(heard("how do i list file"), take: 1, now: 2.1) == [])
        #expect(
            machine.heardFinal(heard("how do i list files"), take: 1, now: 2.6)
                == [.writeIntent(take: 1, request: "how do i list files")])
        #expect(machine.heardFinal(heard("how do i list"), take: 1, now: 2.7) == [])
        #expect(machine.take?.intent?.request == "how do i list files")
    }

    /// `r` over a command records a take that changes it; a lead in that take asks anew.
    @Test mutating func aTakeRecordedAgainOverACommandChangesIt() {
        _ = say("how do i list files")
        _ = machine.intentWritten(written("ls -la"), take: 1, now: 3)
        _ = machine.key(.text("r"), now: 4)
        _ = machine.key(.toggle, now: 6)
        let base = IntentPrompt.Refinement(request: "how do i list files", command: "ls -la")
        #expect(
            machine.heardFinal(heard("only the five biggest"), take: 2, now: 6.5)
                == [.writeIntent(take: 2, request: "only the five biggest", refining: base)])
        _ = machine.intentWritten(written("ls -laS | head -5"), take: 2, now: 7)
        _ = machine.key(.text("r"), now: 8)
        _ = machine.key(.toggle, now: 10)
        #expect(
            machine.transcribed(heard("how do i show the date"), take: 3, now: 10.5)
                == [.writeIntent(take: 3, request: "how do i show the date")])
    }

    /// `r` over a dictation records a dictation: only an intent's command is changed by words.
    @Test mutating func aTakeRecordedAgainOverADictationIsADictation() {
        _ = say("git status")
        _ = machine.key(.text("r"), now: 4)
        _ = machine.key(.toggle, now: 6)
        #expect(machine.transcribed(heard("git log"), take: 2, now: 6.5) == [])
        #expect(machine.take?.intent == nil)
    }

    /// The intent key records a take whose words are a request, lead or not, heard as plain
    /// English; pressed twice quickly it goes to the remote; within a take it stops it.
    @Test func theIntentKeyAsksWithoutALead() {
        var settings = Machine.Settings(toggle: .defaultToggle, timeout: 30)
        settings.intentTimeout = 20
        settings.intentKey = .defaultIntentKey
        var machine = Machine(settings: settings)
        let effects = machine.typed([0x6C, 0x1C], now: 0)  // "l", then ctrl-\
        #expect(effects.contains(.passThrough([0x6C])))
        #expect(effects.contains(.startRecording(take: 1, commands: [], plainEnglish: true)))
        #expect(machine.take?.asksIntent == true)
        _ = machine.key(.toggle, now: 2)  // the intent key again, as the decoder reads it
        #expect(
            machine.transcribed(heard("show the disk usage of home"), take: 1, now: 2.5)
                == [.writeIntent(take: 1, request: "show the disk usage of home")])
        #expect(machine.heardFirst(heard("sha two five"), take: 1, now: 2.6) == [])

        _ = machine.key(.escape, now: 3)
        _ = machine.typed([0x1C], now: 4)
        #expect(machine.key(.toggle, now: 4.1) == [.cancelRecording, .sendToRemote([0x1C])])  // ctrl-\\ itself
    }

    /// Without intent mode, the intent key is a key like any other, for the remote.
    @Test func withoutIntentModeTheIntentKeyGoesToTheRemote() {
        var machine = Machine(settings: .init(toggle: .defaultToggle, timeout: 30))
        #expect(machine.typed([0x1C], now: 0) == [.passThrough([0x1C])])
        #expect(machine.state == .idle)
    }

    @Test func theDecoderReadsTheIntentKeyAsTheToggle() {
        var decoder = KeyDecoder(toggle: .defaultToggle, intentKey: .defaultIntentKey)
        #expect(decoder.feed([0x1C, 0x61]) == [.toggle, .text("a")])
    }

    /// A hands-free machine whose take 1 was recorded from 0 to 2.
    static func handsFreeTake() -> Machine {
        var settings = Machine.Settings(toggle: .defaultToggle, timeout: 30)
        settings.intentTimeout = 20
        settings.handsFree = true
        var machine = Machine(settings: settings)
        _ = machine.toggle(now: 0)
        _ = machine.key(.toggle, now: 2)
        return machine
    }

    /// Hands-free: a lead works by voice, at a prompt and over a shown line (which it replaces).
    @Test func handsFreeAsksByVoice() {
        var machine = Self.handsFreeTake()
        #expect(
            machine.transcribed(heard("how do i list files"), take: 1, now: 2.5)
                == [.writeIntent(take: 1, request: "how do i list files")])
        _ = machine.intentWritten(written("ls"), take: 1, now: 3)
        _ = machine.key(.toggle, now: 4)  // hands-free: a take that answers the shown line
        _ = machine.key(.toggle, now: 6)
        let effects = machine.transcribed(heard("how do i show the date"), take: 2, now: 6.5)
        #expect(effects.contains(.writeIntent(take: 2, request: "how do i show the date")), "\(effects)")
        #expect(saved(effects).map(\.outcome) == [.discarded])
    }

    /// A take over a line still explained lets its writer go: a line brought back (nothing
    /// heard) stands unexplained, and Tab may ask for another.
    @Test func aTakeOverALineStillExplainedLetsItGo() {
        var machine = Self.handsFreeTake()
        _ = machine.transcribed(heard("how do i list files"), take: 1, now: 2.5)
        _ = machine.intentDraft(written("ls -la", ""), checked: true, take: 1, now: 3)
        _ = machine.key(.toggle, now: 4)
        _ = machine.key(.toggle, now: 6)
        _ = machine.transcribed(heard(""), take: 2, now: 6.5)
        #expect(machine.state.prompt?.text == "ls -la", "\(machine.state)")
        #expect(machine.state.take?.intent?.explaining == false)
        #expect(machine.state.take?.intent?.asksForAnother == true)
    }
}
