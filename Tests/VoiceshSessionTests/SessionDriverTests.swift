import Foundation
import Testing
import VoiceshCore
import VoiceshSession

/// Waits for `condition` through 2,000 turns of 5 ms (ten seconds on a free machine), without
/// holding a thread (engine tasks need one). Turns, not a deadline: when other tests hold every
/// thread of the pool, the waiting task and the task it waits for stall together, and a
/// deadline would run out while neither could move.
func waitFor(_ condition: () -> Bool) async -> Bool {
    for _ in 0..<2_000 {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(5))
    }
    return condition()
}

/// The session loop in-process: keys from a terminal on pipes, a remote shell on a pipe, the
/// loop on a thread of its own. What reaches the remote and the screen is what is checked.
@Suite(.serialized)
struct SessionDriverTests {
    let toggle = KeyChord.defaultToggle.bytes
    let clock = TestClock()

    /// A running loop and the way it ended, once it has.
    final class Running: @unchecked Sendable {
        let ended = Locked<SessionDriver.End?>(nil)
        private let done = Locked(false)
        private let driver: SessionDriver

        init(_ driver: SessionDriver) {
            self.driver = driver
            Thread.detachNewThread { [self] in
                ended.value = try? self.driver.run()
                done.value = true
            }
        }

        func end() async -> SessionDriver.End? {
            _ = await waitFor { done.value }
            return ended.value
        }
    }

    func start(
        _ remote: PipeRemote, _ terminal: PipeTerminal, dictation: DictationController? = nil,
        participants: [any LoopParticipant] = []
    ) -> Running {
        Running(
            SessionDriver(
                session: remote, channel: remote, signals: SignalPipe(signals: [SIGWINCH]), interactive: true,
                participants: [dictation].compactMap { $0 } + participants, terminal: terminal, clock: { clock.now }))
    }

    /// A participant that keeps the name of every event the loop tells it, and takes the keys
    /// it is told to (as dictation takes its own); due at once if `due`, until its first turn.
    final class Witness: LoopParticipant, @unchecked Sendable {
        let events = Locked<[String]>([])
        let takes: UInt8?
        private let due: Locked<Bool>
        init(takes: UInt8? = nil, due: Bool = false) { (self.takes, self.due) = (takes, Locked(due)) }
        var descriptors: [Int32] { [] }
        var readsOutput: Bool { true }
        func deadline(now: Double) -> Double? { due.value ? now : nil }
        func step(_ event: LoopEvent, now: Double) -> LoopOutput {
            let name: String
            var output = LoopOutput()
            switch event {
            case .beforeSleep: name = "beforeSleep"
            case .turn:
                name = "turn"
                due.value = false
            case .keys(let keys):
                name = "keys \(String(decoding: keys, as: UTF8.self))"
                output.keys = keys.filter { $0 != takes }
            case .sent(let keys): name = "sent \(String(decoding: keys, as: UTF8.self))"
            case .outputComing: name = "outputComing"
            case .outputWritten(let written): name = "outputWritten \(String(decoding: written.bytes, as: UTF8.self))"
            case .resized: name = "resized"
            }
            events.update { $0.append(name) }
            return output
        }
    }

    /// The one contract: every participant hears every event, in the loop's order, through
    /// `step` alone; keys pass from one to the next; what the socket brought is acted on
    /// before the loop sleeps (a context whose answers come in the shell's reads needs that).
    /// A turn is a participant's only when its descriptor woke the loop or its deadline came:
    /// a keystroke waits for no one else's bookkeeping.
    @Test func everyParticipantHearsEveryEventInOrder() async throws {
        let (remote, terminal) = (PipeRemote(), PipeTerminal())
        let (first, second) = (Witness(takes: UInt8(ascii: "x"), due: true), Witness())
        let running = start(remote, terminal, participants: [first, second])
        remote.say("$ ")
        #expect(await waitFor { second.events.value.contains("outputWritten $ ") })
        #expect(await waitFor { second.events.value.last == "beforeSleep" })
        let written = try #require(first.events.value.firstIndex(of: "outputWritten $ "))
        #expect(first.events.value[written - 1] == "outputComing")
        // Then a look at everything else without sleeping (only turns), and `beforeSleep` before any sleep:
        // nothing else would wake the loop here (no deadline, no key).
        let after = first.events.value[(written + 1)...]
        #expect(after.prefix { $0 != "beforeSleep" }.allSatisfy { $0 == "turn" }, "\(after)")
        terminal.type(Array("lxs\r".utf8))
        #expect(await waitFor { remote.received == Array("ls\r".utf8) })  // the first took its x
        #expect(await waitFor { second.events.value.contains("sent ls\r") })
        #expect(first.events.value.contains("keys lxs\r") && second.events.value.contains("keys ls\r"))
        #expect(first.events.value.filter { $0.hasPrefix("turn") }.count == 1)  // due once
        #expect(!second.events.value.contains("turn"))  // never due, never woken
        terminal.type(Array("~.".utf8))
        #expect(await running.end() == .userDisconnected)
    }

    @Test func keysGoToTheRemoteAndItsOutputToTheScreen() async throws {
        let (remote, terminal) = (PipeRemote(), PipeTerminal())
        let running = start(remote, terminal)
        remote.say("$ ")
        #expect(await waitFor { terminal.text.hasSuffix("$ ") })
        terminal.type(Array("ls\r".utf8))
        #expect(await waitFor { remote.received == Array("ls\r".utf8) })
        terminal.type(Array("~.".utf8))  // after Enter: ssh's escape to disconnect
        #expect(await running.end() == .userDisconnected)
        #expect(remote.received == Array("ls\r".utf8))
    }

    @Test func theRemoteHangingUpEndsTheLoop() async throws {
        let (remote, terminal) = (PipeRemote(), PipeTerminal())
        let running = start(remote, terminal)
        remote.say("bye\r\n")
        remote.hangUp()
        #expect(await running.end() == .remoteClosed)
        #expect(terminal.text == "bye\r\n")
    }

    @Test func aDictationIsConfirmedAndTypedIntoTheRemote() async throws {
        let (remote, terminal) = (PipeRemote(), PipeTerminal())
        let running = start(
            remote, terminal, dictation: Fakes.dictation(says: "git status", terminal: terminal, clock: clock))
        terminal.type(Array("l".utf8) + toggle)
        #expect(await waitFor { terminal.text.contains("\u{1B}[6n") })  // the line asks where the cursor is
        terminal.type(Array("\u{1B}[5;3R".utf8))
        // A second toggle within 0.4 s would be a double press; a second or more before the loop
        // has read the answer would count it lost (StatusLine.answerWait) and ask again.
        clock.advance(0.5)
        terminal.type(toggle)
        #expect(await waitFor { terminal.text.contains("git status") })  // the prompt, on the screen only
        #expect(remote.received == Array("l".utf8))
        terminal.type([0x0D])
        #expect(await waitFor { remote.received == Array("lgit status".utf8) })  // inserted, not run
        remote.hangUp()
        #expect(await running.end() == .remoteClosed)
    }

    @Test func aDiscardedDictationSendsNothing() async throws {
        let (remote, terminal) = (PipeRemote(), PipeTerminal())
        let running = start(
            remote, terminal, dictation: Fakes.dictation(says: "rm -rf /tmp/x", terminal: terminal, clock: clock))
        terminal.type(toggle)
        #expect(await waitFor { terminal.text.contains("\u{1B}[6n") })
        terminal.type(Array("\u{1B}[5;3R".utf8))
        clock.advance(0.5)
        terminal.type(toggle)
        #expect(await waitFor { terminal.text.contains("rm -rf /tmp/x") })
        terminal.type([0x1B])  // Esc: the loop's own clock ends the key's wait
        #expect(await waitFor { terminal.text.hasSuffix("\u{1B}[K") })  // the line comes off
        terminal.type(Array("x".utf8))
        #expect(await waitFor { remote.received == Array("x".utf8) })  // the keyboard is the remote's again
        remote.hangUp()
        #expect(await running.end() == .remoteClosed)
    }
}
