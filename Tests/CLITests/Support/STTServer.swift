import Foundation

/// A local Whisper-style server (Tests/Fixtures/stt_server.py) speaking one dialect exactly as
/// the spec says, and logging what the client sent.
final class STTServer {
    let port: Int
    let log: URL
    /// Whether it speaks HTTPS (`--tls-cert`).
    let secure: Bool
    private let process: Process

    init(dialect: String, mode: String = "ok", text: String = "git status", arguments: [String] = []) throws {
        log = FileManager.default.temporaryDirectory.appendingPathComponent("stt-\(UUID().uuidString).log")
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments =
            [
                CLI.packageDirectory.appendingPathComponent("Tests/Fixtures/stt_server.py").path, "--dialect", dialect,
                "--mode", mode, "--text", text, "--log", log.path, "--port", "0", "--lifetime", "120",
            ] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) {
            line += byte
        }
        guard let port = Int(String(decoding: line, as: UTF8.self)) else {
            throw Shell.Failure("stt_server gave no port")
        }
        self.port = port
        secure = arguments.contains("--tls-cert")
    }

    deinit { kill(process.processIdentifier, SIGKILL) }

    var url: String { "\(secure ? "https" : "http")://127.0.0.1:\(port)" }

    /// The requests the server received, as logged.
    func requests() throws -> [[String: Any]] {
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        return try text.split(separator: "\n").map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:]
        }
    }
}
