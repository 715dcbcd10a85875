import Foundation
import ProcessSpawn
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
        var out: [Int32] = [0, 0]
        var err: [Int32] = [0, 0]
        var input: [Int32] = [-1, -1]
        guard pipe(&out) == 0, pipe(&err) == 0 else { throw .command(.noPipes) }
        if stdinPath == nil, pipe(&input) != 0 { throw .command(.noPipes) }
        let stdinDescriptor: Spawn.Descriptor = stdinPath.map { .file($0, flags: O_RDONLY) } ?? .copy(input[0])
        let opened = (out + err + input).filter { $0 >= 0 }
        let child: pid_t
        do {
            child = try Spawn(
                executable: executable, arguments: arguments,
                descriptors: [(0, stdinDescriptor), (1, .copy(out[1])), (2, .copy(err[1]))],
                closing: opened, closeOthers: true, ownGroup: true, environment: environment
            ).run()
        } catch {
            opened.forEach { close($0) }
            throw .command(.cannotRun(program: executable, reason: "\(error)"))
        }
        close(out[1])
        close(err[1])
        if input[0] >= 0 { close(input[0]) }
        pid = child
        stdout = FileHandle(fileDescriptor: out[0], closeOnDealloc: true)
        stderr = FileHandle(fileDescriptor: err[0], closeOnDealloc: true)
        stdin = input[1] >= 0 ? FileHandle(fileDescriptor: input[1], closeOnDealloc: true) : nil
    }

    /// Kills the whole process group.
    func kill() { Glibc.kill(-pid, SIGKILL) }

    /// Waits for the exit status (128 + n for a signal, as shells report it).
    func wait() -> Int32 { Spawn.wait(pid) }
}
