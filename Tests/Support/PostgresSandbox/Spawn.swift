import Foundation
import ProcessSpawn

/// Runs test helpers (sshd, tmux, PostgreSQL's tools) to their end, for both test targets that
/// start servers: they cannot share a file, so it lives in this small target beside `PostgresSandbox`.
public enum Spawn {
    /// `ProcessSpawn`'s spawn, as voicesh starts its children (no blocked signals: the test
    /// runner's threads block some), with the signals a daemon is stopped by at their default
    /// action, then waitpid: nothing waits on pipes.
    public static func run(
        _ program: String, _ arguments: [String], environment: [String: String]?, stdout: String, stderr: String
    ) throws -> Int32 {
        // Nothing but its own three descriptors: Foundation's pipes are not close-on-exec, so a
        // daemon started here (sshd, a tmux server) would otherwise keep another test's output
        // pipe open for its whole life.
        let pid: pid_t
        do {
            pid = try ProcessSpawn.Spawn(
                executable: program, arguments: [program] + arguments,
                descriptors: [
                    (0, .file("/dev/null", flags: O_RDONLY)), (1, .file(stdout, flags: O_WRONLY | O_TRUNC)),
                    (2, .file(stderr, flags: O_WRONLY | O_TRUNC)),
                ], closeOthers: true, environment: environment,
                defaults: [SIGTERM, SIGINT, SIGHUP, SIGPIPE, SIGCHLD]
            ).run()
        } catch {
            throw SpawnFailure(description: "cannot run \(program): \(error)")
        }
        return ProcessSpawn.Spawn.wait(pid)
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
