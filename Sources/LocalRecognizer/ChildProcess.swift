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
        guard let out = ChildPipe.make(), let err = ChildPipe.make() else { throw .command(.noPipes) }
        var input: (read: Int32, write: Int32) = (-1, -1)
        if stdinPath == nil {
            guard let made = ChildPipe.make() else { throw .command(.noPipes) }
            input = made
        }
        let stdinDescriptor: Spawn.Descriptor = stdinPath.map { .file($0, flags: O_RDONLY) } ?? .copy(input.read)
        let opened = [out.read, out.write, err.read, err.write, input.read, input.write].filter { $0 >= 0 }
        let child: pid_t
        do {
            child = try Spawn(
                executable: executable, arguments: arguments,
                descriptors: [(0, stdinDescriptor), (1, .copy(out.write)), (2, .copy(err.write))],
                closing: opened, closeOthers: true, ownGroup: true, environment: environment
            ).run()
        } catch {
            opened.forEach { close($0) }
            throw .command(.cannotRun(program: executable, reason: "\(error)"))
        }
        close(out.write)
        close(err.write)
        if input.read >= 0 { close(input.read) }
        pid = child
        stdout = FileHandle(fileDescriptor: out.read, closeOnDealloc: true)
        stderr = FileHandle(fileDescriptor: err.read, closeOnDealloc: true)
        stdin = input.write >= 0 ? FileHandle(fileDescriptor: input.write, closeOnDealloc: true) : nil
    }

    /// Kills the whole process group.
    func kill() { Glibc.kill(-pid, SIGKILL) }

    /// Waits for the exit status (128 + n for a signal, as shells report it).
    func wait() -> Int32 { Spawn.wait(pid) }
}
