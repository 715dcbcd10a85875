import CLibSSH2
import Foundation

/// A session channel with a PTY: the remote shell or command.
///
/// Keeps its session alive by a strong reference, so the session pointer can never be freed
/// under it (the classic libssh2-wrapper slip is a channel holding the raw session pointer).
public final class SSHChannel {
    private let session: SSHSession
    private let raw: OpaquePointer

    /// Opens a session channel with OpenSSH's window (2 MiB). libssh2 keeps every packet the
    /// server sends in its own queue until it is read, and tops the window up to its first size
    /// as it is read: a bigger window lets fast output pile up there while the terminal is slower
    /// (a 32 MiB one held 20 MiB of a bulk run), and it bought no throughput.
    public init(session: SSHSession) throws(SSHError) {
        self.session = session
        raw = try session.blockingPointer("libssh2_channel_open_ex") { s in
            libssh2_channel_open_ex(s, "session", 7, LibSSH2.windowSize, LibSSH2.packetSize, nil, 0)
        }
    }

    private init(session: SSHSession, raw: OpaquePointer) {
        self.session = session
        self.raw = raw
    }

    /// Opens a second channel on a session that is already running, without waiting: nil
    /// while libssh2 waits on the server (call again, with the session loop's next turn).
    /// One open at a time per session: libssh2 keeps the open's progress in the session.
    public static func open(beside session: SSHSession) throws(SSHError) -> SSHChannel? {
        let pointer = libssh2_channel_open_ex(
            session.raw, "session", 7, LibSSH2.windowSize, LibSSH2.packetSize, nil, 0)
        if let pointer { return SSHChannel(session: session, raw: pointer) }
        let code = libssh2_session_last_errno(session.raw)
        if code == LibSSH2.eagain { return nil }
        throw session.error(call: "libssh2_channel_open_ex", code: code)
    }

    deinit { libssh2_channel_free(raw) }

    /// Asks the server to run `command` without waiting: `.wouldBlock` until it answered
    /// (call again with the same command); a refusal throws.
    public func exec(_ command: String) throws(SSHError) -> Step<Int> {
        let rc = libssh2_channel_process_startup(raw, "exec", 4, command, UInt32(command.utf8.count))
        return try session.step("libssh2_channel_process_startup", Int(rc))
    }

    /// Closes the channel without waiting: `.wouldBlock` until the close went out.
    public func closeStep() throws(SSHError) -> Step<Int> {
        try session.step("libssh2_channel_close", Int(libssh2_channel_close(raw)))
    }

    /// Asks for a PTY of this terminal type and size (modes: the server's defaults).
    public func requestPTY(term: String, columns: Int, rows: Int) throws(SSHError) {
        do {
            _ = try session.blocking("libssh2_channel_request_pty_ex") { _ in
                libssh2_channel_request_pty_ex(
                    raw, term, UInt32(term.utf8.count), nil, 0, Int32(columns), Int32(rows), 0, 0)
            }
        } catch .library(_, _, let message) {
            throw .terminalRefused(reason: message)
        }
    }

    /// Passes an environment variable; servers accept only those their AcceptEnv names,
    /// so a refusal is not an error (as with ssh's SendEnv).
    public func setEnvironment(_ name: String, _ value: String) {
        _ = try? session.untilDone("libssh2_channel_setenv_ex") { _ in
            libssh2_channel_setenv_ex(raw, name, UInt32(name.utf8.count), value, UInt32(value.utf8.count))
        }
    }

    /// Starts the login shell, or `command` when given.
    public func start(command: String?) throws(SSHError) {
        let request = command == nil ? "shell" : "exec"
        do {
            _ = try session.blocking("libssh2_channel_process_startup") { _ in
                libssh2_channel_process_startup(
                    raw, request, UInt32(request.utf8.count), command, UInt32(command?.utf8.count ?? 0))
            }
        } catch .library(_, _, let message) {
            throw .startRefused(request: request, reason: message)
        }
    }

    /// Reads what is there from stdout (stream 0) or stderr (stream 1); `.done(0)` at EOF.
    public func read(into buffer: UnsafeMutableRawBufferPointer, stream: Int32 = 0) throws(SSHError) -> Step<Int> {
        let n = libssh2_channel_read_ex(
            raw, stream, buffer.baseAddress?.assumingMemoryBound(to: CChar.self), buffer.count)
        return try session.step("libssh2_channel_read_ex", n)
    }

    /// Whether data for `stream` is already queued in libssh2 (no socket I/O).
    public func hasQueuedData(stream: Int32) -> Bool { libssh2_poll_channel_read(raw, stream) != 0 }

    /// Writes as much as the channel takes now; the caller keeps the rest for later.
    public func write(_ bytes: UnsafeRawBufferPointer) throws(SSHError) -> Step<Int> {
        let n = libssh2_channel_write_ex(raw, 0, bytes.baseAddress?.assumingMemoryBound(to: CChar.self), bytes.count)
        return try session.step("libssh2_channel_write_ex", n)
    }

    /// Tells the remote PTY its new size (SIGWINCH there).
    public func resize(columns: Int, rows: Int) throws(SSHError) -> Step<Int> {
        let rc = libssh2_channel_request_pty_size_ex(raw, Int32(columns), Int32(rows), 0, 0)
        return try session.step("libssh2_channel_request_pty_size_ex", Int(rc))
    }

    public var isEOF: Bool { libssh2_channel_eof(raw) != 0 }

    public func sendEOF() throws(SSHError) -> Step<Int> {
        try session.step("libssh2_channel_send_eof", Int(libssh2_channel_send_eof(raw)))
    }

    /// Closes the channel and reads how the remote ended: libssh2 reports the exit status
    /// only once the close is complete.
    public func close() throws(SSHError) -> (status: Int32, signal: String?) {
        _ = try session.blocking("libssh2_channel_close") { _ in libssh2_channel_close(raw) }
        _ = try session.blocking("libssh2_channel_wait_closed") { _ in libssh2_channel_wait_closed(raw) }
        var name: UnsafeMutablePointer<CChar>?
        var length = 0
        _ = libssh2_channel_get_exit_signal(raw, &name, &length, nil, nil, nil, nil)
        let signal = name.map { String(cString: $0) }
        if let name { free(name) }
        return (libssh2_channel_get_exit_status(raw), signal)
    }
}
