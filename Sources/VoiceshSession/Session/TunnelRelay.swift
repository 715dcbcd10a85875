import SSHClient

/// The jump hosts' tunnels as part of the session loop: once the target's session is set up,
/// the loop moves their bytes, a step when their descriptors wake it, instead of a thread per
/// hop, so a keystroke through `-J` crosses no thread (their threads carried the set-up, whose
/// handshakes block this one).
package final class TunnelRelay: LoopParticipant {
    private let tunnels: [Tunnel]

    /// Takes `tunnels` (nearest first) over from their threads; nil when there are none.
    package init?(_ tunnels: [Tunnel]) {
        guard !tunnels.isEmpty else { return nil }
        self.tunnels = tunnels
        for tunnel in tunnels { tunnel.takeOver() }
    }

    package var descriptors: [Int32] { tunnels.flatMap(\.descriptors) }

    /// Bytes a side could not take yet are tried again in a millisecond: the loop waits for
    /// readable descriptors only.
    package func deadline(now: Double) -> Double? {
        tunnels.contains(where: \.isBacklogged) ? now + 0.001 : nil
    }

    /// A step only when one of its descriptors woke the loop (or bytes wait): a step is two
    /// reads per hop, and a turn for nothing would spend them on EAGAIN. Nearest first, so a
    /// reply crosses every hop in one pass.
    package func step(_ event: LoopEvent, now: Double) throws(SSHError) -> LoopOutput {
        guard case .turn(let woken) = event, woken || tunnels.contains(where: \.isBacklogged) else {
            return LoopOutput()
        }
        for tunnel in tunnels { tunnel.step() }
        return LoopOutput()
    }
}
