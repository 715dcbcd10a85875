import SSHClient

/// What a participant's turn gives the loop: bytes for the remote (dictated, so they pass the
/// `~` escapes: they were not typed) and bytes for the local terminal, which the loop alone writes.
package struct LoopOutput: Equatable, Sendable {
    package var remote: [UInt8] = []
    package var screen: [UInt8] = []

    package init(remote: [UInt8] = [], screen: [UInt8] = []) {
        self.remote = remote
        self.screen = screen
    }

    package static func += (output: inout LoopOutput, more: LoopOutput) {
        output.remote += more.remote
        output.screen += more.screen
    }
}

/// One part of the session loop beside the shell (after mosh's overlays, `wait_time` and
/// `apply`): the descriptors it waits on, when it must have a turn at the latest, and the turn.
/// The loop sleeps until the earliest deadline of all, or until a descriptor is ready.
package protocol LoopParticipant: AnyObject {
    /// Descriptors whose input is this participant's (none: it runs on time and turns alone).
    var descriptors: [Int32] { get }
    /// When the loop must turn for it at the latest, in seconds on the loop's clock (nil: only when woken).
    func deadline(now: Double) -> Double?
    /// Its turn; `woken`: one of its descriptors is readable.
    func step(woken: Bool, now: Double) throws(SSHError) -> LoopOutput
}

extension [any LoopParticipant] {
    /// The poll timeout for all of them: milliseconds to the earliest deadline (-1: none).
    package func pollTimeout(now: Double) -> Int32 {
        guard let due = compactMap({ $0.deadline(now: now) }).min() else { return -1 }
        return Int32(Swift.min(Double(Int32.max), Swift.max(0, ((due - now) * 1000).rounded(.up))))
    }
}
