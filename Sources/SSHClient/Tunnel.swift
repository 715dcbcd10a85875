import CLibSSH2
import Foundation

/// The way to the next hop through a jump host, as `ssh -J` makes it: a `direct-tcpip`
/// channel on the jump host's session (RFC 4254 §7.2) to the next host and port.
///
/// libssh2 runs a session on a socket, not on a channel, so the tunnel is a
/// `socketpair(AF_UNIX)`: the next session gets one end (`fd`), and a pump copies between the
/// other end and the channel. The pump starts on a thread of its own, because the next hop's
/// handshake blocks this thread; once the session is set up, its loop takes the pump over
/// (`takeOver`, then `step` each turn), so a keystroke crosses no thread and each libssh2
/// session is still driven by one thread at a time. A pump still on its thread ends when the
/// next session closes its end; the tunnel waits for that before it lets go of the pump, so
/// the jump host's session is freed here, in order, and never by a thread still running while
/// the process exits (OpenSSL's exit handlers would pull its state away).
public final class Tunnel: SSHTransport {
    /// The next session's end of the socket pair.
    let fd: Int32
    private let pump: TunnelPump
    private let done: DispatchSemaphore
    /// The owner's loop moves the bytes now, not the pump's thread.
    private var takenOver = false

    /// Starts the pump between `channel` and `pair[1]`; the next session gets `pair[0]`.
    private init(channel: ForwardedChannel, pair: [Int32]) {
        fd = pair[0]
        let pump = TunnelPump(channel: channel, fd: pair[1])
        let done = DispatchSemaphore(value: 0)
        // Unowned: the tunnel holds the pump until `done`, so the thread never frees it.
        Thread { [unowned pump] in
            pump.run()
            done.signal()
        }.start()
        self.pump = pump
        self.done = done
    }

    deinit {
        close(fd)
        if takenOver {
            pump.end()
        } else {
            done.wait()
        }
    }

    /// The jump host's session this tunnel runs on (itself maybe through another tunnel).
    public var jumpSession: SSHSession { pump.session }

    /// From now on the caller moves this tunnel's bytes, from one thread: it waits on
    /// `descriptors` and calls `step` each turn. Returns once the pump's thread has stopped.
    public func takeOver() {
        guard !takenOver else { return }
        pump.handOver()
        done.wait()
        takenOver = true
    }

    /// The caller's loop moves the bytes now (`takeOver`).
    public var isTakenOver: Bool { takenOver }

    /// What to wait on for it: the jump host's socket and the pump's end of the pair.
    public var descriptors: [Int32] { pump.descriptors }

    /// Bytes wait for a side that could not take them yet: turn again soon.
    public var isBacklogged: Bool { pump.isBacklogged }

    /// Moves what can move now, without waiting (after `takeOver`).
    public func step() { pump.step() }

    /// Opens the channel on `session` (authenticated, not yet driven by anything else) to
    /// `host`:`port` as the jump host resolves it, and starts the pump.
    public static func open(through session: SSHSession, to host: String, port: Int) throws(SSHError) -> Tunnel {
        let channel: ForwardedChannel
        do {
            channel = try ForwardedChannel(session: session, host: host, port: port)
        } catch .library(_, LIBSSH2_ERROR_CHANNEL_FAILURE, let message) {
            // libssh2 keeps only the reason code: "Channel open failure (connect failed)".
            let reason = message.range(of: "(").map { String(message[$0.upperBound...].dropLast()) } ?? message
            throw .forwardingFailed(to: host, port: port, reason: reason)
        }
        var pair: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
            throw .noSocketPair(for: .tunnel, reason: String(cString: strerror(errno)))
        }
        return Tunnel(channel: channel, pair: pair)
    }
}

/// A `direct-tcpip` channel; keeps its session alive, frees the channel when it goes away.
final class ForwardedChannel {
    let session: SSHSession
    let raw: OpaquePointer

    init(session: SSHSession, host: String, port: Int) throws(SSHError) {
        self.session = session
        // The originator address is informational; ssh -W sends 127.0.0.1 port 65535 too.
        raw = try session.blockingPointer("libssh2_channel_direct_tcpip_ex") { s in
            libssh2_channel_direct_tcpip_ex(s, host, Int32(port), "127.0.0.1", 65535)
        }
    }

    deinit { libssh2_channel_free(raw) }
}
