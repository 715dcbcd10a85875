import Testing

@testable import VoiceshCore

/// The decisions the session's controller used to make from the machine's state, now the
/// machine's own: a read from the keyboard, the fallback's timeout, how a failure is kept,
/// and which takes are let go. Events in, effects out.
struct DictationDecisionTests {
    typealias Machine = DictationStateMachine
    var machine = Machine(settings: .init(toggle: .defaultToggle, timeout: 30))
    let toggle = KeyChord.defaultToggle.bytes

    func saved(_ effects: [Machine.Effect]) -> [Machine.Entry] {
        effects.compactMap { if case .save(let entry) = $0 { entry } else { nil } }
    }

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
        _ = machine.engineFailed(.failed("boom"), take: 1, message: "the engine failed: boom", brief: "failed", now: 5)
        #expect(machine.released() == [.release(take: 1)])
    }

    // MARK: The engine

    @Test mutating func theFallbackRunsOnItsOwnTimeout() {
        machine = Machine(settings: .init(toggle: .defaultToggle, timeout: 30, fallbackTimeout: 12))
        recordAndStop()
        #expect(machine.fallingBack(take: 1, now: 5) == [])
        guard case .transcribing(let take, let deadline) = machine.state else {
            Issue.record("\(machine.state)"); return
        }
        #expect(take.timeout == 12 && deadline == 17)
    }

    @Test mutating func aFallbackWithoutATimeoutGetsThirtySeconds() {
        recordAndStop()
        _ = machine.fallingBack(take: 1, now: 5)
        guard case .transcribing(_, let deadline) = machine.state else { Issue.record("\(machine.state)"); return }
        #expect(deadline == 35)
    }

    @Test mutating func aFallbackForAnotherTakeChangesNothing() {
        recordAndStop()
        _ = machine.fallingBack(take: 7, now: 5)
        guard case .transcribing(_, let deadline) = machine.state else { Issue.record("\(machine.state)"); return }
        #expect(deadline == 32)
    }

    @Test(arguments: [
        (EngineError.timedOut(seconds: 30), Dictation.Outcome.timedOut),
        (.failed("boom"), .failed), (.unavailable("no key"), .failed), (.noSpeech, .failed),
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
