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
        _ = try step(woken: false, now: now)
    }

    package var descriptors: [Int32] { [] }

    package func deadline(now: Double) -> Double? { due }

    package func step(woken: Bool, now: Double) throws(SSHError) -> LoopOutput {
        let next = try session.sendKeepalive()
        due = next > 0 ? now + Double(next) : nil
        return LoopOutput()
    }
}
