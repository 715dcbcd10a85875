import SSHClient

/// Keeps the remote shell's context current through a session, as a loop participant: all of
/// it at connect (once the keys pause), a refresh when a recording starts (its feed says so),
/// the directory shortly after a line is entered (`ContextGatheringMachine` decides when). The
/// gatherer runs on the session's socket, which the loop already waits on: it needs no
/// descriptor of its own.
package final class ContextKeeper: LoopParticipant {
    private let gatherer: ContextGatherer
    private let feed: ContextFeed?
    /// Where the shell says it is (OSC 7), as the loop last read it from the remote's output.
    private var directory: String?

    package init(gatherer: ContextGatherer, feed: ContextFeed?, now: Double) {
        self.gatherer = gatherer
        self.feed = feed
        gatherer.request(.full, directory: nil, now: now)
    }

    package var descriptors: [Int32] { [] }

    /// It reads the remote's output (modes, questions, the directory).
    package var readsOutput: Bool { true }

    package func deadline(now: Double) -> Double? {
        gatherer.deadline(now: now)
    }

    /// It moves on before the loop sleeps (its channel's answers come in the shell's reads), and
    /// only when no keystroke waits (libssh2 sends one packet at a time, and a keystroke's must
    /// not wait behind the script's); a line entered (it may have been a `cd`) has the directory
    /// looked at again shortly after.
    package func step(_ event: LoopEvent, now: Double) -> LoopOutput {
        switch event {
        case .beforeSleep(keysWaiting: false):
            if feed?.takeRefreshRequest() == true { gatherer.refreshAsked(directory: directory, now: now) }
            gatherer.step(now: now, directory: directory)
        case .sent(let keys):
            gatherer.typed(now: now)
            if keys.contains(0x0D) { gatherer.entered(now: now) }
        case .outputWritten(let output): directory = output.directory
        case .beforeSleep, .turn, .keys, .outputComing, .resized: break
        }
        return LoopOutput()
    }
}
