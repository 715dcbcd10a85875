import SSHClient
import Testing
import VoiceshCore
import VoiceshSession

/// The loop's contract: it sleeps until the earliest of its participants' deadlines; the
/// keepalive and the dictation say theirs.
@Suite(.serialized)
struct LoopParticipantTests {
    /// A connection that counts the keepalives asked of it and says the next is due in `next` s.
    final class Link: SessionLink {
        var interval = -1
        var sent = 0
        let next: Int
        init(next: Int) { self.next = next }
        var socket: Int32 { -1 }
        var pollEvents: Int16 { 0 }
        func configureKeepalive(interval: Int) { self.interval = interval }
        func sendKeepalive() throws(SSHError) -> Int {
            sent += 1
            return next
        }
    }

    @Test func theLoopSleepsUntilTheEarliestDeadline() {
        #expect(SessionDriver.pollTimeout(until: [nil], now: 10) == -1)  // nothing but descriptors: wait for them
        #expect(SessionDriver.pollTimeout(until: [12.5, nil, 10.25], now: 10) == 250)
        #expect(SessionDriver.pollTimeout(until: [9, 11], now: 10) == 0)  // overdue: no sleep
    }

    @Test func aKeepaliveIsAskedForAtOnceAndThenWhenLibssh2SaysItIsDue() throws {
        let link = Link(next: 15)
        let keepalive = try #require(try Keepalive(session: link, interval: 15, now: 100))
        #expect(link.interval == 15 && link.sent == 1)
        #expect(keepalive.deadline(now: 101) == 115)
        _ = try keepalive.step(.keys([0x61]), now: 112)  // not its turn: nothing asked
        #expect(link.sent == 1)
        _ = try keepalive.step(.turn(woken: false), now: 115)
        #expect(link.sent == 2 && keepalive.deadline(now: 115) == 130)
    }

    @Test func noKeepaliveIsNoParticipant() throws {
        let link = Link(next: 0)
        #expect(try Keepalive(session: link, interval: 0, now: 0) == nil)
        #expect(link.interval == 0 && link.sent == 0)  // libssh2 is told it is off, as ssh's 0
    }

    @Test func anIdleDictationSleepsARecordingMovesEveryFrameAHeldEscapeWaitsItsKeyWait() {
        let clock = TestClock()
        let dictation = DrivenDictation(Fakes.dictation(says: "ls", terminal: Window(), clock: clock), clock: clock)
        #expect(dictation.controller.deadline(now: clock.now) == nil)  // woken by its inbox alone
        _ = dictation.type(KeyChord.defaultToggle.bytes)
        dictation.turn(woken: false)  // the recording's first frame
        let frame = dictation.controller.deadline(now: clock.now) ?? 0
        #expect(frame > clock.now && frame <= clock.now + 0.1)
        _ = dictation.type([0x1B])  // a lone ESC may begin a longer key
        let wait = dictation.controller.deadline(now: clock.now) ?? 0
        #expect(wait > clock.now && wait <= clock.now + DictationController.keyWait)
    }
}
