import Foundation
import VoiceshCore

/// Builds the edge model in a child process, so its allocations and page faults (~26 MiB
/// of peak memory) stay out of the session's address space. The executable that knows how
/// to run itself hands one to `PocketSphinxEngine`; without one the model is built in-process.
public struct EdgeModelBuilder: Sendable {
    let executable: String
    let arguments: [String]
    let environment: [String: String]
    /// Hears what happened (for the log).
    let report: @Sendable (String) -> Void

    /// `arguments[0]` is the child's name; `environment` is all of it gets (keep secrets out).
    public init(
        executable: String, arguments: [String], environment: [String: String],
        report: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.executable = executable
        self.arguments = arguments
        self.environment = environment
        self.report = report
    }

    /// Runs the child and waits for it (no zombie); true when it exited 0, which means the
    /// cache entry is complete. The job goes in a 0600 file unlinked once the child has it open.
    func build(_ job: EdgeModelJob) -> Bool {
        let input = job.cacheDirectory + "/edge-job-\(UUID().uuidString).json"
        if let why = Self.write(job, to: input) {
            report("edge model: cannot hand the job to a child (\(why)); the first recording builds it")
            return false
        }
        let child: ChildProcess
        do {
            child = try ChildProcess(
                executable: executable, arguments: arguments, stdinPath: input, environment: environment)
        } catch {
            unlink(input)
            report("edge model: \(error); the first recording builds it")
            return false
        }
        unlink(input)  // the child opened it before exec
        let said = String(decoding: child.stderr.readDataToEndOfFile(), as: UTF8.self)
        let status = child.wait()
        guard status == 0 else {
            let why = said.split(separator: "\n").last.map(String.init) ?? "no message"
            report("edge model: the child \(child.pid) exited \(status) (\(why)); the first recording builds it")
            return false
        }
        report("edge model: ready in the cache, built by child process \(child.pid)")
        return true
    }

    /// Writes the job where the child reads it (mode 0600); why it could not, or nil.
    private static func write(_ job: EdgeModelJob, to path: String) -> String? {
        do {
            try FileManager.default.createDirectory(atPath: job.cacheDirectory, withIntermediateDirectories: true)
            let data = try JSONEncoder().encode(job)
            let written = FileManager.default.createFile(
                atPath: path, contents: data, attributes: [.posixPermissions: 0o600])
            return written ? nil : "cannot write \(path)"
        } catch {
            return "\(error)"
        }
    }
}
