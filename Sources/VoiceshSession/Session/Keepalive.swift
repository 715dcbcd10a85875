import SSHClient

/// ssh's `ServerAliveInterval` as a loop participant: libssh2 sends a keepalive when one is
/// due, asked every turn, and says how long until the next.
package final class Keepalive: LoopParticipant {
    private let session: any SessionLink
    /// When the next keepalive is due (nil: none).
    private var due: Double?

    /// Sends the first keepalive at once (`interval` seconds; 0: off).
    package init?(session: any SessionLink, interval: Int, now: Double) throws(SSHError) {
        session.configureKeepalive(interval: interval)
        guard interval > 0 else { return nil }
        self.session = session
        try send(now: now)
    }

    package var descriptors: [Int32] { [] }

    package func deadline(now: Double) -> Double? { due }

    /// Each turn asks libssh2, which sends one only when it is due.
    package func step(_ event: LoopEvent, now: Double) throws(SSHError) -> LoopOutput {
        if case .turn = event { try send(now: now) }
        return LoopOutput()
    }

    private func send(now: Double) throws(SSHError) {
        let next = try session.sendKeepalive()
        due = next > 0 ? now + Double(next) : nil
    }
}
