import SSHClient

/// Keeps the remote shell's context current through a session, as a loop participant: all of
/// it at connect, a refresh when a recording starts (its feed says so), the directory shortly
/// after a line is entered, once the command has had its moment. The gatherer runs on the
/// session's socket, which the loop already waits on: it needs no descriptor of its own.
package final class ContextKeeper: LoopParticipant {
    private let gatherer: ContextGatherer
    private let feed: ContextFeed?
    /// Where the shell says it is (OSC 7), as the loop last read it from the remote's output.
    package var directory: String?
    /// When a typed line was last entered (Enter to the remote).
    private var enteredAt: Double?
    package static let afterEnter = 0.3

    package init(gatherer: ContextGatherer, feed: ContextFeed?, now: Double) {
        self.gatherer = gatherer
        self.feed = feed
        gatherer.request(.full, directory: nil, now: now)
    }

    /// A line was entered: the directory is looked at again shortly after (it may have been a `cd`).
    package func entered(now: Double) {
        if !gatherer.disabled { enteredAt = now }
    }

    package var descriptors: [Int32] { [] }

    package func deadline(now: Double) -> Double? {
        let run = gatherer.timeout(now: now).map { now + Double($0) / 1000 }
        guard let enteredAt, !gatherer.isBusy else { return run }
        return Swift.min(run ?? .infinity, enteredAt + Self.afterEnter)
    }

    /// The loop gives this turn only when no keystroke waits (libssh2 sends one packet at a
    /// time, and a keystroke's must not wait behind the script's).
    package func step(woken: Bool, now: Double) -> LoopOutput {
        if feed?.takeRefreshRequest() == true {
            gatherer.request(.refresh, directory: directory, now: now)
            if gatherer.disabled { feed?.refreshEnded(nil) }  // no refresh will come
        }
        if let entered = enteredAt, now - entered >= Self.afterEnter, !gatherer.isBusy {
            enteredAt = nil
            gatherer.request(.directory, directory: directory, now: now)
        }
        gatherer.step(now: now)
        return LoopOutput()
    }
}
