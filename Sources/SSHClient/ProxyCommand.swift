import Foundation

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
            throw .channel("cannot make a socket pair for ProxyCommand: \(String(cString: strerror(errno)))")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pair[1], 0)
        posix_spawn_file_actions_adddup2(&actions, pair[1], 1)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        let words: [String] = ["/bin/sh", "-c", "exec " + command]
        let argv = words.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let rc = posix_spawn(&child, "/bin/sh", &actions, &attributes, argv, environ)
        close(pair[1])
        guard rc == 0 else {
            close(pair[0])
            throw .channel("cannot run ProxyCommand: \(String(cString: strerror(rc)))")
        }
        fd = pair[0]
        pid = child
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
