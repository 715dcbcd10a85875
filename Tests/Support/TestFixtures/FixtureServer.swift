import Foundation

/// One of the local protocol servers in Tests/Fixtures, started on a free port it prints, logging
/// what the client sent as JSON lines, and killed with the test.
package final class FixtureServer {
    package let port: Int
    package let log: URL
    private let process: Process

    /// `python3 Tests/Fixtures/SCRIPT ARGUMENTS…` with its log, port and lifetime, then `extra`.
    package init(_ script: String, _ arguments: [String], extra: [String]) throws {
        log = FileManager.default.temporaryDirectory.appendingPathComponent("\(script)-\(UUID().uuidString).log")
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments =
            [PackagePaths.root.appendingPathComponent("Tests/Fixtures/\(script)").path] + arguments
            // Killed with the test; the lifetime only ends one a killed test runner left behind,
            // and outlasts any wait of a test for its turn to run a command.
            + ["--log", log.path, "--port", "0", "--lifetime", "1200"] + extra
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) {
            line += byte
        }
        guard let port = Int(String(decoding: line, as: UTF8.self)) else {
            throw Shell.Failure("\(script) gave no port")
        }
        self.port = port
    }

    // SIGKILL: the test runner's threads block SIGTERM, and children inherit the mask.
    deinit { kill(process.processIdentifier, SIGKILL) }

    /// What the server logged, in order.
    package func logged() throws -> [[String: Any]] {
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        return try text.split(separator: "\n").map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:]
        }
    }
}
