import Foundation
import ProcessSpawn

/// OpenSSH's ProxyCommand: `/bin/sh -c "exec COMMAND"` whose stdin and stdout are the
/// connection. One end of a `socketpair(AF_UNIX)` is both its stdin and its stdout (a socket
/// is two-way), the other end is the session's socket, so no pump is needed. Its stderr is
/// ours, as with ssh. The command is the user's own (the caller decides whether to trust it);
/// it gets SIGHUP when the session goes away, as ssh sends it.
public final class ProxyCommand: SSHTransport {
    let fd: Int32
    private let pid: pid_t

    public init(_ command: String) throws(SSHError) {
        var pair: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
            throw .noSocketPair(for: .proxyCommand, reason: String(cString: strerror(errno)))
        }
        defer { close(pair[1]) }
        do throws(SpawnError) {
            pid = try Spawn(
                executable: "/bin/sh", arguments: ["/bin/sh", "-c", "exec " + command],
                descriptors: [(0, .copy(pair[1])), (1, .copy(pair[1]))]
            ).run()
        } catch {
            close(pair[0])
            throw .proxyCommandNotRun(reason: error.description)
        }
        fd = pair[0]
    }

    deinit {
        close(fd)
        kill(pid, SIGHUP)
        // Reaped without waiting long on a command that ignores SIGHUP.
        for _ in 0..<50 where waitpid(pid, nil, WNOHANG) == 0 { usleep(10_000) }
        if waitpid(pid, nil, WNOHANG) == 0 {
            kill(pid, SIGKILL)
            waitpid(pid, nil, 0)
        }
    }
}
