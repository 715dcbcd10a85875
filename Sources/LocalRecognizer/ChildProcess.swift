import Foundation
import VoiceshCore

/// A child process in its own process group, so a timeout can kill it and everything it
/// started (`kill(-pgid)`), with stdin from a file and stdout/stderr on pipes.
final class ChildProcess: @unchecked Sendable {
    let pid: pid_t
    let stdout: FileHandle
    let stderr: FileHandle

    /// Runs `/bin/sh -c command` (the user's own command line, so pipes and quoting work),
    /// with `extra` added to voicesh's environment.
    init(shell command: String, stdinPath: String, environment extra: [String: String] = [:]) throws(EngineError) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var out: [Int32] = [0, 0]
        var err: [Int32] = [0, 0]
        guard pipe(&out) == 0, pipe(&err) == 0 else { throw .unavailable("cannot create pipes") }
        posix_spawn_file_actions_addopen(&actions, 0, stdinPath, O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, out[1], 1)
        posix_spawn_file_actions_adddup2(&actions, err[1], 2)
        for fd in out + err { posix_spawn_file_actions_addclose(&actions, fd) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK))
        let words: [String] = ["/bin/sh", "-c", command]
        let argv = words.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var variables = ProcessInfo.processInfo.environment
        variables.merge(extra) { _, new in new }
        let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envp.forEach { free($0) } }
        var child: pid_t = 0
        let rc = posix_spawn(&child, "/bin/sh", &actions, &attributes, argv, envp)
        close(out[1])
        close(err[1])
        guard rc == 0 else {
            close(out[0])
            close(err[0])
            throw .unavailable("cannot run /bin/sh: \(String(cString: strerror(rc)))")
        }
        pid = child
        stdout = FileHandle(fileDescriptor: out[0], closeOnDealloc: true)
        stderr = FileHandle(fileDescriptor: err[0], closeOnDealloc: true)
    }

    /// Kills the whole process group.
    func kill() { Glibc.kill(-pid, SIGKILL) }

    /// Waits for the exit status (128 + n for a signal, as shells report it).
    func wait() -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }
}
