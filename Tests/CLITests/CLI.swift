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

    static let packageDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    init() throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("voicesh-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    }

    var database: String { home.appendingPathComponent("voicesh.sqlite").path }

    var environment: [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["VOICESH_HOME"] = home.path
        env["HOME"] = home.path
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

    @discardableResult
    func run(_ arguments: String..., stdin: String? = nil) throws -> Result {
        try run(arguments, executable: Self.binary.path, stdin: stdin)
    }

    func run(_ arguments: [String], executable: String, stdin: String? = nil) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        // Read before waiting, so a large output cannot fill the pipe and stall the child.
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
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
