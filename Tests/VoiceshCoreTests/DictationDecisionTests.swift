import Testing

@testable import VoiceshCore

/// The decisions the session's controller used to make from the machine's state, now the
/// machine's own: a read from the keyboard, the fallback's timeout, how a failure is kept,
/// and which takes are let go. Events in, effects out.
struct DictationDecisionTests {
    typealias Machine = DictationStateMachine
    var machine = Machine(settings: .init(toggle: .defaultToggle, timeout: 30))
    let toggle = KeyChord.defaultToggle.bytes

    /// Records take 1 from 0 to 2: the engine runs until 32.
    mutating func recordAndStop() {
        #expect(machine.typed(toggle, now: 0) == [.passThrough([]), .startRecording(take: 1), .keys([])])
        #expect(machine.typed([0x0D], now: 2) == [.keys([0x0D])])
        #expect(machine.key(.enter, now: 2) == [.stopRecording])
    }

    // MARK: The keyboard

    @Test mutating func bytesWhileIdleGoOnToTheRemote() {
        #expect(machine.typed(Array("ls -l\r".utf8), now: 0) == [.passThrough(Array("ls -l\r".utf8))])
        #expect(machine.state == .idle)
    }

    @Test mutating func theToggleWhileIdleStartsARecordingAndWhatFollowsIsItsKeys() {
        let effects = machine.typed(Array("ab".utf8) + toggle + Array("c".utf8), now: 5)
        #expect(effects == [.passThrough(Array("ab".utf8)), .startRecording(take: 1), .keys(Array("c".utf8))])
        #expect(machine.take?.number == 1 && machine.take?.startedAt == 5)
    }

    @Test mutating func theToggleInAFullScreenProgramBorrowsARow() {
        let effects = machine.typed(toggle, now: 0, fullScreen: true)
        #expect(effects == [.passThrough([]), .borrowRow, .startRecording(take: 1), .keys([])])
    }

    @Test mutating func aDictationOwnsEveryByteEvenTheToggle() {
        _ = machine.typed(toggle, now: 0)
        #expect(machine.typed(Array("x".utf8) + toggle, now: 1) == [.keys(Array("x".utf8) + toggle)])
    }

    @Test mutating func anyKeyDismissesANoticeAndGoesOn() {
        _ = machine.unavailable("no microphone", now: 0)
        guard case .notice = machine.state else { Issue.record("\(machine.state)"); return }
        #expect(machine.typed(Array("q".utf8), now: 1) == [.redraw, .passThrough(Array("q".utf8))])
        #expect(machine.state == .idle)
    }

    @Test mutating func aNoticeOnABorrowedRowGivesTheRowBack() {
        _ = machine.typed(toggle, now: 0, fullScreen: true)
        _ = machine.unavailable("no microphone", now: 1)
        #expect(machine.typed([0x20], now: 2) == [.returnRow, .redraw, .passThrough([0x20])])
    }

    @Test mutating func anEmptyReadLeavesANoticeUp() {
        _ = machine.unavailable("no microphone", now: 0)
        #expect(machine.typed([], now: 1) == [.passThrough([])])
        guard case .notice = machine.state else { Issue.record("\(machine.state)"); return }
    }

    @Test mutating func theToggleOverANoticeDismissesItThenRecords() {
        _ = machine.unavailable("no microphone", now: 0)
        let effects = machine.typed(toggle, now: 1)
        #expect(effects == [.redraw, .passThrough([]), .startRecording(take: 1), .keys([])])
    }

    // MARK: Keys and the line

    @Test mutating func aReadWhileTheTerminalOwesAnAnswerIsSortedFirst() {
        let read = Array("ls".utf8)
        #expect(machine.read(read, answersAwaited: false, now: 0) == [.passThrough(read)])  // as typed
        #expect(machine.read(read, answersAwaited: true, now: 0) == [.sortReplies(read)])
        _ = machine.unavailable("no microphone", now: 0)
        #expect(machine.read(read, answersAwaited: true, now: 1) == [.sortReplies(read), .redraw])  // a notice
        _ = machine.typed(toggle, now: 2)
        #expect(machine.read(read, answersAwaited: true, now: 3) == [.keys(read)])  // the dictation's keys
    }

    @Test mutating func theLineIsDrawnWhileADictationOrANoticeIsUpElseTakenOff() {
        #expect(machine.draw() == [.clearLine])
        #expect(machine.screenChanged(resized: true) == [])  // nothing to place
        _ = machine.typed(toggle, now: 0)
        #expect(machine.draw() == [.drawLine(machine.state)])
        #expect(machine.screenChanged(resized: false) == [.placeLine(resized: false)])
        _ = machine.key(.escape, now: 1)
        _ = machine.unavailable("no microphone", now: 1)
        #expect(machine.draw() == [.drawLine(machine.state)])
        #expect(machine.screenChanged(resized: true) == [.placeLine(resized: true)])
    }

    /// Take 1's text on the confirmation line, not yet drawn.
    mutating func confirming(_ text: String = "ls") {
        recordAndStop()
        _ = machine.transcribed(.init(text: text, rawText: text, engine: "edge"), take: 1, now: 3)
    }

    @Test mutating func aKeyThatAnswersTheLineWaitsUntilItIsShown() {
        confirming()
        machine.pressed(.enter, now: 4)
        #expect(machine.nextKey(lineShown: false) == nil)
        guard case .confirming = machine.state else { Issue.record("\(machine.state)"); return }
        _ = machine.shown(room: 80)
        let effects = machine.nextKey(lineShown: true) ?? []
        #expect(saved(effects).map(\.outcome) == [.inserted])
        #expect(machine.nextKey(lineShown: true) == nil)
    }

    @Test mutating func lettersReadTogetherAnswerTheLineOneByOne() {
        confirming()
        _ = machine.shown(room: 80)
        machine.pressed(.text("ex"), now: 4)  // typed quickly: one read
        while let effects = machine.nextKey(lineShown: true) { #expect(effects == []) }
        guard case .editing(_, _, let editor) = machine.state else { Issue.record("\(machine.state)"); return }
        #expect(editor.text == "lsx")
    }

    @Test mutating func keysWhileRecordingGoAtOnceInOrder() {
        _ = machine.typed(toggle, now: 0)
        machine.pressed(.text("x"), now: 1)
        machine.pressed(.enter, now: 2)
        #expect(machine.nextKey(lineShown: false) == [])  // a key that means nothing here
        #expect(machine.nextKey(lineShown: false) == [.stopRecording])
        #expect(machine.nextKey(lineShown: false) == nil)
    }

    @Test mutating func aHeldKeyKeepsTheTimeItWasPressed() {
        _ = machine.typed(toggle, now: 0)
        machine.pressed(.toggle, now: 0.2)  // a double press, though taken later
        #expect(machine.nextKey(lineShown: false) == [.cancelRecording, .sendToRemote(toggle)])
    }

    @Test mutating func keysLeftWhenTheDictationEndsAreDropped() {
        confirming()
        _ = machine.shown(room: 80)
        machine.pressed(.escape, now: 4)
        machine.pressed(.text("q"), now: 4)
        #expect(saved(machine.nextKey(lineShown: true) ?? []).map(\.outcome) == [.discarded])
        #expect(machine.nextKey(lineShown: true) == nil)
        _ = machine.typed(toggle, now: 10)  // the next take starts with no keys of the last
        #expect(machine.nextKey(lineShown: true) == nil)
    }

    @Test mutating func aKeyOverANoticeIsNotTheDictations() {
        _ = machine.unavailable("no microphone", now: 0)
        machine.pressed(.enter, now: 1)
        _ = machine.typed(toggle, now: 2)
        #expect(machine.nextKey(lineShown: true) == nil)
    }

    @Test mutating func anAnswerNoOneAskedForIsAKeyForTheRemoteUnlessADictationOwnsTheKeyboard() {
        let report = Array("\u{1B}[5;3R".utf8)
        #expect(machine.unaskedReply(report) == [.sendToRemote(report)])
        _ = machine.typed(toggle, now: 0)
        #expect(machine.unaskedReply(report) == [])
    }

    @Test mutating func aRecordingStartsWithWhatItMaySay() {
        var settings = Machine.Settings(toggle: .defaultToggle, timeout: 30)
        settings.handsFree = true
        machine = Machine(settings: settings)
        let effects = machine.typed(toggle, now: 0)
        #expect(effects.contains(.startRecording(take: 1, commands: machine.spokenCommands)))
        #expect(!machine.spokenCommands.isEmpty)
        _ = machine.key(.enter, now: 2)
        _ = machine.transcribed(.init(text: "ls", rawText: "ls", engine: "edge"), take: 1, now: 3)
        // The toggle at the line: a take that answers it, listening for the line's answers.
        let answering = machine.key(.toggle, now: 4)
        #expect(answering.contains(.startRecording(take: 2, commands: machine.spokenCommands)))
        #expect(machine.spokenCommands != VoiceGrammar.sentences(listening: .history, line: ""))
    }

    @Test mutating func theLineMovesWhileRecordingAndWaitsForTheTerminalElseSleeps() {
        #expect(machine.nextFrame(after: 5, lineOnScreen: false) == nil)  // idle: nothing to draw
        _ = machine.typed(toggle, now: 0)
        #expect(machine.nextFrame(after: 5, lineOnScreen: true) == 5 + Machine.frame)  // the clock
        _ = machine.key(.enter, now: 2)
        _ = machine.transcribed(.init(text: "ls", rawText: "ls", engine: "edge"), take: 1, now: 3)
        #expect(machine.nextFrame(after: 5, lineOnScreen: true) == nil)  // a line that waits for a key
        #expect(machine.nextFrame(after: 5, lineOnScreen: false) == 5 + Machine.frame)  // ask again
        _ = machine.key(.escape, now: 4)
        _ = machine.historyFailed("the disk is full", take: 1, now: 4)
        #expect(machine.nextFrame(after: 5, lineOnScreen: true) == 5 + Machine.frame)  // a notice goes by itself
    }

    // MARK: Takes let go

    @Test mutating func aCancelledRecordingIsLetGoOnce() {
        _ = machine.typed(toggle, now: 0)
        #expect(machine.released() == [])
        #expect(machine.key(.escape, now: 1) == [.cancelRecording])
        #expect(machine.released() == [.release(take: 1)])
        #expect(machine.released() == [])
    }

    @Test mutating func aStoppedRecordingIsStillHeld() {
        recordAndStop()
        #expect(machine.released() == [])
        _ = machine.transcribed(.init(text: "ls", rawText: "ls", engine: "edge"), take: 1, now: 3)
        #expect(machine.released() == [])
    }

    @Test mutating func aSentTakeIsLetGoAfterItsRow() {
        recordAndStop()
        _ = machine.transcribed(.init(text: "ls", rawText: "ls", engine: "edge"), take: 1, now: 3)
        _ = machine.shown(room: 80)
        let effects = machine.key(.enter, now: 4)
        #expect(saved(effects).map(\.outcome) == [.inserted])
        #expect(machine.released() == [.release(take: 1)])
    }

    @Test mutating func aDiscardThatRecordsAgainLetsTheOldTakeGo() {
        recordAndStop()
        _ = machine.transcribed(.init(text: "ls", rawText: "ls", engine: "edge"), take: 1, now: 3)
        #expect(machine.key(.text("r"), now: 4).contains(.startRecording(take: 2)))
        #expect(machine.released() == [.release(take: 1)])
        #expect(machine.take?.number == 2)
    }

    @Test mutating func aFailedTakeIsLetGo() {
        recordAndStop()
        _ = machine.engineFailed(
            .whisper(.stopped), take: 1, message: "the engine failed: boom", brief: "failed", now: 5)
        #expect(machine.released() == [.release(take: 1)])
    }

    // MARK: The engine

    @Test mutating func theFallbackRunsOnItsOwnTimeout() {
        machine = Machine(settings: .init(toggle: .defaultToggle, timeout: 30, fallbackTimeout: 12))
        recordAndStop()
        #expect(machine.fallingBack(take: 1, now: 5) == [])
        guard case .transcribing(let take, let deadline, answering: _) = machine.state else {
            Issue.record("\(machine.state)"); return
        }
        #expect(take.timeout == 12 && deadline == 17)
    }

    @Test mutating func aFallbackWithoutATimeoutGetsThirtySeconds() {
        recordAndStop()
        _ = machine.fallingBack(take: 1, now: 5)
        guard case .transcribing(_, let deadline, answering: _) = machine.state else {
            Issue.record("\(machine.state)"); return
        }
        #expect(deadline == 35)
    }

    @Test mutating func aFallbackForAnotherTakeChangesNothing() {
        recordAndStop()
        _ = machine.fallingBack(take: 7, now: 5)
        guard case .transcribing(_, let deadline, answering: _) = machine.state else {
            Issue.record("\(machine.state)"); return
        }
        #expect(deadline == 32)
    }

    @Test(arguments: [
        (EngineError.timedOut(seconds: 30), Dictation.Outcome.timedOut),
        (.server(.status(500, detail: "boom")), .failed), (.server(.keyNotSet(variable: "K")), .failed),
        (.noSpeech, .failed),
    ])
    mutating func aTimeoutIsKeptApartFromOtherFailures(error: EngineError, outcome: Dictation.Outcome) {
        recordAndStop()
        let effects = machine.engineFailed(error, take: 1, message: "the whole reason", brief: "short", now: 40)
        #expect(effects.first == .cancelTranscription)
        #expect(saved(effects).map(\.outcome) == [outcome])
        #expect(saved(effects).first?.error == "the whole reason" && saved(effects).first?.keepAudio == true)
        guard case .notice(let notice) = machine.state else { Issue.record("\(machine.state)"); return }
        #expect(notice.message == "short" && notice.awaitsRow)
    }
}
