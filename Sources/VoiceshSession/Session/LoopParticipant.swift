import SSHClient
import VoiceshCore

/// What the loop tells its participants, each in the same order (`SessionDriver.participants`).
package enum LoopEvent {
    /// The loop is about to sleep: the last moment to act on what the socket brought (libssh2
    /// read it, so no descriptor will say so). The shell's channel is read after it, so packets
    /// a participant's own calls took off the socket are shown before the loop sleeps.
    /// `keysWaiting`: keystrokes the channel has not taken yet (whose packets go first).
    case beforeSleep(keysWaiting: Bool)
    /// A participant's turn once the loop wakes; `woken`: one of its own descriptors is readable.
    case turn(woken: Bool)
    /// A read from the keyboard on its way to the remote; each participant's `LoopOutput.keys`
    /// is what the next one gets, then the `~` escapes.
    case keys([UInt8])
    /// Keys for the remote (past the escapes), told once `flushOutbound` has tried them
    /// (some may still wait in `outbound`).
    case sent([UInt8])
    /// The remote's output is about to be written.
    case outputComing
    /// It was written: the bytes, and what the loop's one scan read from them.
    case outputWritten(RemoteOutput)
    /// The window changed size.
    case resized
}

/// One write of the remote's output, as `OutputScanner` read it. Its bytes live only for the call.
package struct RemoteOutput {
    package let bytes: UnsafeRawBufferPointer
    package let modes: TerminalModes
    /// Questions it asked the terminal: their answers are the remote's.
    package let queries: [TerminalReply.Kind]
    /// Where the shell says it is (OSC 7), if it has said.
    package let directory: String?
}

/// What a participant's step gives the loop: bytes for the remote (dictated, so they pass the
/// `~` escapes: they were not typed) and bytes for the local terminal, which the loop alone
/// writes; for `keys`, the keys that go on (nil: all of them).
package struct LoopOutput: Equatable, Sendable {
    package var remote: [UInt8] = []
    package var screen: [UInt8] = []
    package var keys: [UInt8]?

    package init(remote: [UInt8] = [], screen: [UInt8] = [], keys: [UInt8]? = nil) {
        self.remote = remote
        self.screen = screen
        self.keys = keys
    }

    package static func += (output: inout LoopOutput, more: LoopOutput) {
        output.remote += more.remote
        output.screen += more.screen
    }
}

/// One part of the session loop beside the shell (after mosh's overlays, `wait_time` and
/// `apply`): the descriptors it waits on, when it must have a turn at the latest, and its
/// step for each event. The loop sleeps until the earliest deadline of all, or until a
/// descriptor is ready, and tells every participant every event through `step` alone.
package protocol LoopParticipant: AnyObject {
    /// Descriptors whose input is this participant's (none: it runs on time and turns alone).
    var descriptors: [Int32] { get }
    /// When the loop must turn for it at the latest, in seconds on the loop's clock (nil: only when woken).
    func deadline(now: Double) -> Double?
    /// Its step for one event.
    func step(_ event: LoopEvent, now: Double) throws(SSHError) -> LoopOutput
    /// It wants `outputWritten` (the loop then scans the remote's output; none: it does not).
    var readsOutput: Bool { get }
}

extension LoopParticipant {
    package var readsOutput: Bool { false }
}
