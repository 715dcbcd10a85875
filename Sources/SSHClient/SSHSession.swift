import CLibSSH2
import Foundation

/// An SSH connection: the TCP socket and the libssh2 session on it, in non-blocking mode.
///
/// The session pointer is owned here and lent only inside this module; channels keep their
/// session alive by a strong reference. Not thread-safe: one thread (the session loop) drives it.
public final class SSHSession {
    let raw: OpaquePointer
    /// The TCP connection, or the tunnel through a jump host.
    private let transport: any SSHTransport
    public let host: String
    public let port: Int
    /// How long a set-up step (key exchange, authentication, opening a channel) may stall.
    let setupTimeout: Double

    /// The socket, for the caller's poll loop.
    public var socket: Int32 { transport.fd }

    /// The tunnels this session runs through, nearest first: one per jump host.
    public var tunnels: [Tunnel] {
        guard let tunnel = transport as? Tunnel else { return [] }
        return [tunnel] + tunnel.jumpSession.tunnels
    }

    /// Connects over TCP, or over `tunnel` (a jump host's channel to `host`) or `proxy` (a
    /// ProxyCommand), and runs the SSH handshake (banner and key exchange).
    public init(
        host: String, port: Int, timeout: Double, over tunnel: Tunnel? = nil, proxy: ProxyCommand? = nil
    ) throws(SSHError) {
        LibSSH2.initialized
        self.host = host
        self.port = port
        setupTimeout = timeout
        if let tunnel {
            transport = tunnel
        } else if let proxy {
            transport = proxy
        } else {
            transport = try TCPConnection.connect(host: host, port: port, timeout: timeout)
        }
        guard let session = libssh2_session_init_ex(nil, nil, nil, nil) else {
            throw .library(call: "libssh2_session_init_ex", code: LIBSSH2_ERROR_ALLOC, message: "out of memory")
        }
        raw = session
        libssh2_session_set_blocking(raw, 0)
        do {
            _ = try blocking("libssh2_session_handshake") { libssh2_session_handshake($0, socket) }
        } catch .library(_, let code, let message) {
            throw .closedDuringSetup(host: host, port: port, reason: Self.handshakeReason(code, message))
        } catch .closedByRemote {
            throw .closedDuringSetup(
                host: host, port: port, reason: "the server closed the connection (is it an SSH server?)")
        } catch {
            throw error
        }
    }

    deinit {
        // Best effort: a polite goodbye without waiting on a peer that may be gone.
        _ = libssh2_session_disconnect_ex(raw, SSH_DISCONNECT_BY_APPLICATION, "bye", "")
        libssh2_session_free(raw)
    }

    /// The server's host key, known once the handshake is done.
    public var hostKey: HostKey? {
        var length = 0
        var type: Int32 = 0
        guard let key = libssh2_session_hostkey(raw, &length, &type),
            let hash = libssh2_hostkey_hash(raw, LIBSSH2_HOSTKEY_HASH_SHA256)
        else { return nil }
        let blob = [UInt8](UnsafeRawBufferPointer(start: key, count: length))
        let sha256 = [UInt8](UnsafeRawBufferPointer(start: hash, count: 32))
        return HostKey(libssh2Type: type, blob: blob, sha256: sha256)
    }

    /// Which way libssh2 is waiting on the socket, for the poll set.
    public var pollEvents: Int16 {
        let directions = libssh2_session_block_directions(raw)
        var events = Int16(POLLIN)
        if directions & LIBSSH2_SESSION_BLOCK_OUTBOUND != 0 { events |= Int16(POLLOUT) }
        return events
    }

    /// Sends keepalives every `interval` seconds (0 turns them off).
    public func configureKeepalive(interval: Int) {
        libssh2_keepalive_config(raw, 1, UInt32(max(0, interval)))
    }

    /// Sends a keepalive if one is due; returns the seconds until the next is due.
    public func sendKeepalive() throws(SSHError) -> Int {
        var next: Int32 = 0
        let rc = libssh2_keepalive_send(raw, &next)
        if rc != 0 && rc != LibSSH2.eagain { throw error(call: "libssh2_keepalive_send", code: rc) }
        return Int(next)
    }

    // MARK: - Calls

    /// Runs a set-up call until it stops answering EAGAIN, polling the socket in between;
    /// a negative result is an error.
    func blocking(_ call: String, _ body: (OpaquePointer) -> Int32) throws(SSHError) -> Int32 {
        let rc = try untilDone(call, body)
        if rc < 0 { throw error(call: call, code: rc) }
        return rc
    }

    /// Runs a call until it stops answering EAGAIN and returns its code for the caller to
    /// read (authentication failures are answers, not errors); a lost connection throws.
    func untilDone(_ call: String, _ body: (OpaquePointer) -> Int32) throws(SSHError) -> Int32 {
        while true {
            let rc = body(raw)
            switch rc {
            case LibSSH2.eagain: try waitForSocket(call)
            case LIBSSH2_ERROR_SOCKET_RECV, LIBSSH2_ERROR_SOCKET_DISCONNECT, LIBSSH2_ERROR_SOCKET_SEND:
                throw error(call: call, code: rc)
            default: return rc
            }
        }
    }

    /// Like `blocking`, for calls that return a pointer and report EAGAIN through last_errno.
    func blockingPointer(_ call: String, _ body: (OpaquePointer) -> OpaquePointer?) throws(SSHError) -> OpaquePointer {
        while true {
            if let pointer = body(raw) { return pointer }
            let code = libssh2_session_last_errno(raw)
            guard code == LibSSH2.eagain else { throw error(call: call, code: code) }
            try waitForSocket(call)
        }
    }

    /// One non-blocking call: done, would block, or an error carrying libssh2's own message.
    func step(_ call: String, _ rc: Int) throws(SSHError) -> Step<Int> {
        if rc == Int(LibSSH2.eagain) { return .wouldBlock }
        if rc < 0 { throw error(call: call, code: Int32(rc)) }
        return .done(rc)
    }

    /// Waits until libssh2 can go on, up to the set-up timeout. Tunnels a session loop has
    /// taken over move only when stepped, so while a call waits here (a channel's close) it
    /// steps them itself.
    private func waitForSocket(_ call: String) throws(SSHError) {
        let relayed = tunnels.filter(\.isTakenOver)
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(setupTimeout * 1e9)
        while true {
            for tunnel in relayed { tunnel.step() }
            var fds = [pollfd(fd: socket, events: pollEvents, revents: 0)]
            for tunnel in relayed {
                fds += tunnel.descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            }
            let now = DispatchTime.now().uptimeNanoseconds
            let left = now < deadline ? Int32((deadline - now + 999_999) / 1_000_000) : 0  // ms, rounded up
            let wait = relayed.contains(where: \.isBacklogged) ? min(1, left) : left
            let ready = poll(&fds, nfds_t(fds.count), wait)
            if fds[0].revents != 0 { return }
            if ready == 0 && DispatchTime.now().uptimeNanoseconds >= deadline {
                throw .closedDuringSetup(
                    host: host, port: port, reason: "no answer from the server for \(Int(setupTimeout)) s")
            }
        }
    }

    func error(call: String, code: Int32) -> SSHError {
        var message: UnsafeMutablePointer<CChar>?
        var length: Int32 = 0
        _ = libssh2_session_last_error(raw, &message, &length, 0)
        let text = message.map { String(cString: $0) } ?? "error \(code)"
        switch code {
        case LIBSSH2_ERROR_SOCKET_RECV, LIBSSH2_ERROR_SOCKET_DISCONNECT, LIBSSH2_ERROR_SOCKET_SEND:
            return .closedByRemote(host: host)
        default:
            return .library(call: call, code: code, message: text)
        }
    }

    private static func handshakeReason(_ code: Int32, _ message: String) -> String {
        switch code {
        case LIBSSH2_ERROR_BANNER_RECV, LIBSSH2_ERROR_SOCKET_DISCONNECT:
            "the server closed the connection (is it an SSH server?)"
        case LIBSSH2_ERROR_KEX_FAILURE: "no key exchange method in common (\(message))"
        default: message
        }
    }
}
