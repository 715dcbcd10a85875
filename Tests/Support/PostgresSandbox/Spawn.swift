import Foundation

/// Runs test helpers (sshd, tmux, PostgreSQL's tools) to their end, for both test targets that
/// start servers: they cannot share a file, so it lives in this small target beside `PostgresSandbox`.
public enum Spawn {
    /// posix_spawn and waitpid: the child starts with no blocked signals and default
    /// dispositions (the test runner's threads block some), no descriptor but its own three,
    /// and nothing waits on pipes.
    public static func run(
        _ program: String, _ arguments: [String], environment: [String: String]?, stdout: String, stderr: String
    ) throws -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_TRUNC, 0)
        posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_TRUNC, 0)
        // Nothing else: Foundation's pipes are not close-on-exec, so a daemon started here (sshd,
        // a tmux server) would otherwise keep another test's output pipe open for its whole life.
        _ = spawnActionsCloseFrom(&actions, 3)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGTERM, SIGINT, SIGHUP, SIGPIPE, SIGCHLD] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let env = (environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" }
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        let envp = env.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, program, &actions, &attributes, argv, envp)
        guard rc == 0 else {
            throw SpawnFailure(description: "cannot run \(program): \(String(cString: strerror(rc)))")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // WIFEXITED / WEXITSTATUS, which do not import: low 7 bits are the signal, next 8 the code.
        return status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }

    /// Runs a program to its end and returns its status and output. The output goes through
    /// files, not pipes: daemons it starts (tmux's server, sshd, a watchdog) may keep a pipe
    /// open long after the program itself is done.
    public static func capture(_ program: String, _ arguments: [String], environment: [String: String]? = nil)
        throws -> (status: Int32, stdout: String, stderr: String)
    {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("voicesh-spawn-\(UUID().uuidString)")
        let out = base.appendingPathExtension("out"), err = base.appendingPathExtension("err")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        defer {
            try? FileManager.default.removeItem(at: out)
            try? FileManager.default.removeItem(at: err)
        }
        let status = try run(program, arguments, environment: environment, stdout: out.path, stderr: err.path)
        return (status, try String(contentsOf: out, encoding: .utf8), try String(contentsOf: err, encoding: .utf8))
    }
}

public struct SpawnFailure: Error, CustomStringConvertible {
    public let description: String
}

/// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34+), which Swift's Glibc module does not import.
@_silgen_name("posix_spawn_file_actions_addclosefrom_np")
private func spawnActionsCloseFrom(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ from: Int32) -> Int32
