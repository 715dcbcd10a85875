import Foundation
import TestFixtures
import Testing

/// Runs the built `voicesh` binary as a user would, with its own state directory.
struct CLI: TestHome {
    let home: URL

    typealias Result = ProgramResult

    /// The directory of the binaries `swift build` made (this test bundle lives there too).
    static let productsDirectory = PackagePaths.products

    static let binary = productsDirectory.appendingPathComponent("voicesh")

    static let packageDirectory = PackagePaths.root

    init() throws { home = try Self.makeHome() }

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

extension CLI {
    /// The history (`history --json`), newest first, once it holds `count` rows or 20 s have
    /// passed: a session writes a take's row just after it sends the text, off its loop.
    func history(rows count: Int = 1) throws -> [[String: Any]] {
        let deadline = Date().addingTimeInterval(20)
        while true {
            let json = try ok("history", "--json").stdout
            let rows = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]] ?? []
            if rows.count >= count || Date() > deadline { return rows }
            usleep(100_000)
        }
    }

    /// Imports a profile named `name` whose stream engine is `server`'s provider at its URL,
    /// with `extra` TOML lines under `[engine]`.
    func streamProfile(_ name: String, _ server: WSServer, _ extra: String = "") throws {
        try ok("profile", "import", try file("\(name).toml", server.profile(name, extra)))
    }
}
