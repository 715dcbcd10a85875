import Foundation
import Testing

/// Runs the built `voicesh` binary as a user would, with its own state directory.
struct CLI {
    let home: URL

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The directory of the binaries `swift build` made (this test bundle lives there too).
    static let productsDirectory: URL = {
        let exe =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: exe).deletingLastPathComponent()
    }()

    static let binary = productsDirectory.appendingPathComponent("voicesh")

    /// The package's root: the nearest folder above this file that holds Package.swift.
    static let packageDirectory: URL = {
        var url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
            url.deleteLastPathComponent()
        }
        return url
    }()

    init() throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("voicesh-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    }

    var database: String { home.appendingPathComponent("voicesh.sqlite").path }

    /// Another process holding the database's write lock (`BEGIN IMMEDIATE`) for a minute, from
    /// `after` seconds on; with no delay, returned once it holds it. The caller terminates it.
    func holdWriteLock(after delay: Double = 0) throws -> Process {
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        holder.arguments = [
            "-c",
            "import sqlite3,sys,time; time.sleep(float(sys.argv[2])); "
                + "c=sqlite3.connect(sys.argv[1], isolation_level=None); "
                + "c.execute('BEGIN IMMEDIATE'); print('locked', flush=True); time.sleep(60)",
            database, String(delay),
        ]
        let ready = Pipe()
        holder.standardOutput = ready
        try holder.run()
        if delay == 0 { _ = ready.fileHandleForReading.availableData }  // "locked"
        return holder
    }

    var environment: [String: String] {
        var env = ProcessInfo.processInfo.environment
        // The tests' own agent and prompts only: never the developer's.
        for name in ["SSH_AUTH_SOCK", "SSH_ASKPASS", "SSH_ASKPASS_REQUIRE", "DISPLAY", "VOICESH_CONFIG"] {
            env[name] = nil
        }
        env["SWIFT_BACKTRACE"] = "enable=no"
        // Unsure words underlined, not bracketed, whatever the runner's own NO_COLOR (an empty one
        // counts as unset); the tests of the bracketed form set it themselves.
        env["NO_COLOR"] = ""
        env["VOICESH_HOME"] = home.path
        env["HOME"] = home.path
        // pocketsphinx alone unless a test asks for the second ear (`WhisperTests`).
        env["VOICESH_WHISPER_HOME"] = "off"

        env["PATH"] = "\(Self.productsDirectory.path):\(env["PATH"] ?? "/usr/bin:/bin")"
        return env
    }

    /// Writes a file under the test's home and returns its path.
    func file(_ name: String, _ text: String) throws -> String {
        let url = home.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    /// Writes an executable script under the test's home and returns its path.
    func script(_ name: String, _ text: String) throws -> String {
        let path = try file(name, text)
        chmod(path, 0o755)
        return path
    }

    @discardableResult
    func run(_ arguments: String..., stdin: String? = nil) throws -> Result {
        try run(arguments, executable: Self.binary.path, stdin: stdin)
    }

    func run(_ arguments: [String], executable: String, stdin: String? = nil, environment extra: [String: String] = [:])
        throws -> Result
    {
        let (status, stdout, stderr) = try runBytes(arguments, executable: executable, stdin: stdin, environment: extra)
        return Result(
            status: status, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// The binary's stdout as bytes, for output that is not text.
    func runRaw(_ arguments: [String]) throws -> Data {
        try runBytes(arguments, executable: Self.binary.path, stdin: "", environment: [:]).1
    }

    private func runBytes(
        _ arguments: [String], executable: String, stdin: String?, environment extra: [String: String]
    )
        throws -> (Int32, Data, Data)
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment.merging(extra) { _, new in new }
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        // Feed stdin and drain stderr on their own threads, so no pipe can fill and stall the child.
        let writer = Thread {
            if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
            try? input.fileHandleForWriting.close()
        }
        writer.start()
        let errors = Drain(err.fileHandleForReading)
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, stdout, errors.wait())
    }

    /// Runs and expects success, recording the output when it fails.
    @discardableResult
    func ok(_ arguments: String..., stdin: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws
        -> Result
    {
        let result = try run(arguments, executable: Self.binary.path, stdin: stdin)
        #expect(
            result.status == 0, "voicesh \(arguments.joined(separator: " ")): \(result.stderr)",
            sourceLocation: sourceLocation)
        return result
    }
}

/// A pipe read to its end on a thread of its own, so that it cannot fill and stall its writer.
final class Drain: @unchecked Sendable {
    /// Written once by the reader before `done` is signalled, read only after.
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }.start()
    }

    /// Everything the pipe carried, once its writer has closed it.
    func wait() -> Data {
        done.wait()
        return data
    }
}
