import Foundation
import VoiceshCore

/// A child process in its own process group, so a timeout can kill it and everything it
/// started (`kill(-pgid)`), with stdin from a file, stdout/stderr on pipes and no other
/// descriptor of ours (the session's terminal and sockets stay with the session). Without a
/// stdin file, stdin is a pipe the caller writes (`stdin`).
final class ChildProcess: @unchecked Sendable {
    let pid: pid_t
    let stdout: FileHandle
    let stderr: FileHandle
    let stdin: FileHandle?

    /// Runs `/bin/sh -c command` (the user's own command line, so pipes and quoting work),
    /// with `extra` added to voicesh's environment.
    convenience init(shell command: String, stdinPath: String, environment extra: [String: String] = [:])
        throws(EngineError)
    {
        try self.init(
            executable: "/bin/sh", arguments: ["/bin/sh", "-c", command], stdinPath: stdinPath,
            environment: ProcessInfo.processInfo.environment.merging(extra) { _, new in new })
    }

    /// Runs `executable` with `arguments` (`arguments[0]` is its name) and exactly `environment`.
    init(executable: String, arguments: [String], stdinPath: String?, environment: [String: String])
        throws(EngineError)
    {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var out: [Int32] = [0, 0]
        var err: [Int32] = [0, 0]
        var input: [Int32] = [-1, -1]
        guard pipe(&out) == 0, pipe(&err) == 0 else { throw .unavailable("cannot create pipes") }
        if let stdinPath {
            posix_spawn_file_actions_addopen(&actions, 0, stdinPath, O_RDONLY, 0)
        } else {
            guard pipe(&input) == 0 else { throw .unavailable("cannot create pipes") }
            posix_spawn_file_actions_adddup2(&actions, input[0], 0)
        }
        posix_spawn_file_actions_adddup2(&actions, out[1], 1)
        posix_spawn_file_actions_adddup2(&actions, err[1], 2)
        for fd in out + err + input where fd >= 0 { posix_spawn_file_actions_addclose(&actions, fd) }
        // Descriptors opened without close-on-exec (by libraries, or by another thread
        // between pipe() and here) end at the child's exec.
        _ = Self.closeFrom?(&actions, 3)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK))
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envp.forEach { free($0) } }
        var child: pid_t = 0
        let rc = posix_spawn(&child, executable, &actions, &attributes, argv, envp)
        close(out[1])
        close(err[1])
        if input[0] >= 0 { close(input[0]) }
        guard rc == 0 else {
            close(out[0])
            close(err[0])
            if input[1] >= 0 { close(input[1]) }
            throw .unavailable("cannot run \(executable): \(String(cString: strerror(rc)))")
        }
        pid = child
        stdout = FileHandle(fileDescriptor: out[0], closeOnDealloc: true)
        stderr = FileHandle(fileDescriptor: err[0], closeOnDealloc: true)
        stdin = input[1] >= 0 ? FileHandle(fileDescriptor: input[1], closeOnDealloc: true) : nil
    }

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34+), which Swift's Glibc module
    /// does not declare (it is behind `_GNU_SOURCE`); nil on a C library without it.
    private static let closeFrom: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? =
        {
            guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "posix_spawn_file_actions_addclosefrom_np") else {
                return nil
            }
            return unsafeBitCast(
                symbol,
                to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
        }()

    /// Kills the whole process group.
    func kill() { Glibc.kill(-pid, SIGKILL) }

    /// Waits for the exit status (128 + n for a signal, as shells report it).
    func wait() -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }
}
