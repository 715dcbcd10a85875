import Testing

@testable import VoiceshCore

/// The decisions of gathering the remote's context, without a channel: when a run starts,
/// what it sends, when it ends and how, what a refresh keeps, when gathering gives up for
/// the session. Events in, effects out.
struct ContextGatheringTests {
    typealias Machine = ContextGatheringMachine
    var machine = Machine(script: "echo hi")

    static let answer = Array("voicesh-context 1\n@cwd proc\n /srv\n@path\n ls\n@history bash\n echo\n@end\n".utf8)

    /// Carries a requested run through its channel to the end of its input.
    mutating func sendAll(now: Double = 0) {
        #expect(machine.turn(now: now, directory: nil) == [.openChannel])
        #expect(machine.opened() == [.start(command: "sh -s")])
        guard case .write(let bytes) = machine.started().first else {
            Issue.record("no write")
            return
        }
        #expect(machine.wrote(bytes.count) == [.endInput])
        #expect(machine.inputEnded() == [.read])
    }

    /// One whole run of `scope` answered with `answer`, started at `now` and read a second later.
    mutating func run(
        _ scope: Machine.Scope, answer: [UInt8] = Self.answer, now: Double = 0, directory: String? = nil
    ) -> [Machine.Effect] {
        machine.request(scope, directory: directory, now: now)
        sendAll(now: now)
        _ = machine.received(answer, progressed: true, endOfOutput: false, now: now + 1)
        let effects = machine.received([], progressed: false, endOfOutput: true, now: now + 1)
        _ = machine.closed(now: now + 1)
        return effects
    }

    /// What the run whose channel just asked to open writes to the script's standard input.
    mutating func scriptInput() -> String {
        _ = machine.opened()
        guard case .write(let bytes) = machine.started().first else { return "" }
        return String(decoding: bytes, as: UTF8.self)
    }

    func reported(_ effects: [Machine.Effect]) -> Machine.Run? {
        effects.lazy.compactMap { if case .report(let run) = $0 { run } else { nil } }.first
    }

    // MARK: Starting

    @Test mutating func nothingHappensUntilARunIsAsked() {
        #expect(machine.turn(now: 0, directory: nil) == [])
        #expect(machine.deadline(now: 0, dataQueued: true) == nil)
        #expect(!machine.isBusy)
    }

    @Test mutating func aRunSendsTheScopeTheDirectoryQuotedAndTheScriptToSh() {
        machine.request(.refresh, directory: "/srv/it's", now: 0)
        #expect(machine.turn(now: 0, directory: nil) == [.openChannel])
        #expect(machine.opened() == [.start(command: "sh -s")])
        let effects = machine.started()
        let expected = "VOICESH_DIR='/srv/it'\\''s'\nVOICESH_PARTS='history dir'\necho hi\n"
        #expect(effects == [.write(Array(expected.utf8))])
    }

    /// The connect-time run waits while keys are being typed, and starts once they pause; its
    /// budget counts from then. A recording's refresh does not wait for the pause.
    @Test mutating func theFirstRunWaitsForAPauseInTheKeys() {
        machine.request(.full, directory: nil, now: 0)
        machine.typed(now: 0.1)
        #expect(machine.deadline(now: 0.1, dataQueued: false) == 0.6)
        #expect(machine.turn(now: 0.3, directory: nil) == [])
        machine.typed(now: 0.4)
        #expect(machine.turn(now: 0.8, directory: nil) == [])
        #expect(machine.turn(now: 0.9, directory: nil) == [.openChannel])
        #expect(machine.deadline(now: 0.9, dataQueued: false) == 5.9)
        #expect(machine.isBusy)
    }

    @Test mutating func noKeysNoWaitAndARecordingDoesNotWaitForAPause() {
        machine.request(.full, directory: nil, now: 0)
        #expect(machine.turn(now: 0, directory: nil) == [.openChannel])

        var typing = Machine(script: "echo hi")
        typing.request(.full, directory: nil, now: 0)
        typing.typed(now: 0.1)
        #expect(typing.refreshAsked(directory: nil, now: 0.2) == [])
        #expect(typing.turn(now: 0.2, directory: nil) == [.openChannel])
        // Later full runs (none but the first is held) and the rest never wait for keys.
        machine = Machine(script: "echo hi")
        _ = run(.full)
        machine.typed(now: 2)
        machine.request(.refresh, directory: nil, now: 2)
        #expect(machine.turn(now: 2, directory: nil) == [.openChannel])
    }

    /// Options read on an earlier visit (`ToolOptionsCache`) are not asked for again: the first
    /// run lists the rest, and every run carries the options known.
    @Test mutating func knownOptionsAreNotAskedAgain() throws {
        var options = ToolOptions()
        options.short = ["t": true]
        machine = Machine(script: "echo hi", knownOptions: ["sort": options])
        machine.request(.full, directory: nil, now: 0)
        #expect(machine.turn(now: 0, directory: nil) == [.openChannel])
        #expect(scriptInput().contains("VOICESH_PARTS='path history dir'\n"))
        machine = Machine(script: "echo hi", knownOptions: ["sort": options])
        let first = try #require(reported(run(.full)))
        #expect(first.context.options == ["sort": options] && first.context.commands == ["ls"])
        let refresh = try #require(reported(run(.refresh)))
        #expect(refresh.context.options == ["sort": options])
        // With none known, the first run asks for them.
        machine = Machine(script: "echo hi")
        machine.request(.full, directory: nil, now: 0)
        _ = machine.turn(now: 0, directory: nil)
        #expect(scriptInput().contains("VOICESH_PARTS='path history dir options'\n"))
    }

    @Test mutating func aPartialWriteSendsTheRestThenTheEndOfInput() {
        machine.request(.directory, directory: nil, now: 0)
        _ = machine.turn(now: 0, directory: nil)
        _ = machine.opened()
        guard case .write(let all) = machine.started().first else {
            Issue.record("no write")
            return
        }
        #expect(machine.wrote(5) == [.write(Array(all.dropFirst(5)))])
        #expect(machine.wrote(all.count - 5) == [.endInput])
        #expect(machine.inputEnded() == [.read])
    }

    @Test mutating func aChannelThatWouldBlockIsAskedAgainAtTheNextTurn() {
        machine.request(.full, directory: nil, now: 0)
        #expect(machine.turn(now: 0, directory: nil) == [.openChannel])
        #expect(machine.turn(now: 1, directory: nil) == [.openChannel])
        _ = machine.opened()
        #expect(machine.turn(now: 2, directory: nil) == [.start(command: "sh -s")])
    }

    @Test mutating func answersOutOfTurnAreIgnored() {
        #expect(machine.opened() == [])
        #expect(machine.received(Self.answer, progressed: true, endOfOutput: true, now: 0) == [])
        #expect(machine.closed(now: 0) == [])
    }

    // MARK: Reading

    @Test mutating func theRunEndsAtTheEndOfOutputAndIsReportedBeforeTheChannelCloses() throws {
        machine.request(.full, directory: nil, now: 10)
        sendAll(now: 10)
        #expect(machine.received(Self.answer, progressed: true, endOfOutput: true, now: 10.5) == [.read])
        let effects = machine.received([], progressed: false, endOfOutput: true, now: 11)
        let run = try #require(reported(effects))
        #expect(effects.last == .close)
        #expect(run.scope == .full && run.seconds == 1 && run.context.directory == "/srv")
        #expect(run.bytes > Self.answer.count)
        #expect(machine.runs == 1 && machine.last == run && machine.isBusy)
        #expect(machine.closed(now: 11) == [])
        #expect(!machine.isBusy)
    }

    @Test mutating func nothingYetAndNoEndWaits() {
        machine.request(.full, directory: nil, now: 0)
        sendAll()
        #expect(machine.received([], progressed: false, endOfOutput: false, now: 0.1) == [])
        #expect(machine.deadline(now: 0.1, dataQueued: true) == 0.1)
        #expect(machine.deadline(now: 0.1, dataQueued: false) == 5)
        #expect(machine.turn(now: 0.2, directory: nil) == [.read])
    }

    @Test mutating func outputAtTheCapEndsTheRunMarkedTruncated() throws {
        machine.request(.full, directory: nil, now: 0)
        sendAll()
        var big = Self.answer
        big += [UInt8](repeating: 0x20, count: RemoteContext.Limit.bytes)
        let run = try #require(reported(machine.received(big, progressed: true, endOfOutput: false, now: 1)))
        #expect(run.context.truncated)
    }

    @Test mutating func aRefreshKeepsThePathAndADirectoryLookKeepsTheHistory() throws {
        _ = run(.full)
        let refresh = try #require(
            reported(run(.refresh, answer: Array("voicesh-context 1\n@history bash\n pwd\n".utf8))))
        #expect(refresh.context.commands == ["ls"])
        #expect(refresh.context.history == ["pwd"])
        let look = try #require(reported(run(.directory, answer: Array("voicesh-context 1\n@cwd proc\n /tmp\n".utf8))))
        #expect(look.context.directory == "/tmp" && look.context.history == ["pwd"])
        #expect(machine.runs == 3)
    }

    // MARK: Giving up

    @Test mutating func outputThatIsNotTheScriptEndsGatheringForTheSession() {
        let effects = run(.full, answer: Array("This account is restricted.\n".utf8))
        #expect(effects == [.giveUp(.notTheScript(bytes: 28)), .close])
        #expect(machine.disabled)
        machine.request(.refresh, directory: nil, now: 5)
        #expect(!machine.isBusy)
        #expect(machine.refreshAsked(directory: nil, now: 5) == [.giveUp(.off)])
    }

    @Test mutating func aFailedCallAbandonsTheChannelAndEndsGathering() {
        machine.request(.full, directory: nil, now: 0)
        _ = machine.turn(now: 0, directory: nil)
        _ = machine.opened()
        #expect(machine.failed() == [.abandon, .giveUp(.failed)])
        #expect(machine.disabled && !machine.isBusy)
    }

    @Test mutating func aChannelThatNeverOpenedHasNothingToAbandon() {
        machine.request(.full, directory: nil, now: 0)
        #expect(machine.failed() == [.giveUp(.failed)])
    }

    @Test mutating func oneRunOverBudgetIsDroppedTwoInARowEndGathering() {
        machine.request(.full, directory: nil, now: 0)
        sendAll()
        #expect(machine.turn(now: 5, directory: nil) == [.read])  // within its 5 s
        #expect(machine.turn(now: 5.01, directory: nil) == [.abandon, .giveUp(.overBudget(5))])
        #expect(!machine.disabled)
        machine.request(.refresh, directory: nil, now: 6)
        _ = machine.turn(now: 6, directory: nil)
        #expect(machine.turn(now: 8.5, directory: nil) == [.giveUp(.overBudget(2))])  // never opened
        #expect(machine.disabled)
    }

    @Test mutating func aRunInTimeForgivesAnEarlierSlowOne() {
        machine.request(.full, directory: nil, now: 0)
        _ = machine.turn(now: 6, directory: nil)
        _ = run(.refresh, now: 10)
        machine.request(.refresh, directory: nil, now: 20)
        _ = machine.turn(now: 23, directory: nil)
        #expect(!machine.disabled)
    }

    // MARK: Queued requests

    @Test mutating func aRequestDuringARunStartsWhenItsChannelIsClosed() {
        machine.request(.full, directory: nil, now: 0)
        sendAll()
        machine.request(.refresh, directory: "/a", now: 0.1)
        machine.request(.directory, directory: "/b", now: 0.2)  // replaces the refresh
        _ = machine.received(Self.answer, progressed: true, endOfOutput: false, now: 0.5)
        _ = machine.received([], progressed: false, endOfOutput: true, now: 0.5)
        #expect(machine.closed(now: 0.6) == [.openChannel])
        #expect(scriptInput().hasPrefix("VOICESH_DIR='/b'\nVOICESH_PARTS='dir'"))
    }

    @Test mutating func aFullRunWaitingIsNotReplaced() {
        machine.request(.refresh, directory: nil, now: 0)
        machine.request(.full, directory: nil, now: 0)
        machine.request(.directory, directory: nil, now: 0)
        sendAll()
        _ = machine.received(Self.answer, progressed: false, endOfOutput: true, now: 0.5)
        _ = machine.closed(now: 0.6)
        #expect(scriptInput().contains("VOICESH_PARTS='path history dir options'"))
    }

    @Test mutating func aGivenUpRunDropsTheRequestWaiting() {
        machine.request(.full, directory: nil, now: 0)
        machine.request(.refresh, directory: nil, now: 0)
        _ = machine.turn(now: 6, directory: nil)
        #expect(!machine.isBusy)
        #expect(machine.turn(now: 7, directory: nil) == [])
    }

    // MARK: After a line is entered

    @Test mutating func theDirectoryIsLookedAtOnceTheEnteredCommandHadItsMoment() {
        machine.entered(now: 10)
        #expect(machine.deadline(now: 10, dataQueued: false) == 10.3)
        #expect(machine.turn(now: 10.2, directory: "/x") == [])
        #expect(machine.turn(now: 10.3, directory: "/x") == [.openChannel])
        #expect(scriptInput().hasPrefix("VOICESH_DIR='/x'\nVOICESH_PARTS='dir'"))
    }

    @Test mutating func theLookWaitsForTheRunUnderWay() {
        machine.request(.full, directory: nil, now: 0)
        sendAll()
        machine.entered(now: 0.1)
        #expect(machine.deadline(now: 0.5, dataQueued: false) == 5)  // the run's, not the look's
        #expect(machine.turn(now: 0.5, directory: nil) == [.read])
        _ = machine.received(Self.answer, progressed: false, endOfOutput: true, now: 1)
        _ = machine.closed(now: 1)
        let look = machine.deadline(now: 1, dataQueued: false) ?? 0
        #expect(abs(look - 0.4) < 1e-9)
        #expect(machine.turn(now: 1, directory: nil) == [.openChannel])
    }

    @Test mutating func noLookAfterGatheringEnded() {
        _ = run(.full, answer: Array("no script here\n".utf8))
        machine.entered(now: 10)
        #expect(machine.deadline(now: 10, dataQueued: false) == nil)
        #expect(machine.turn(now: 11, directory: nil) == [])
    }
}
