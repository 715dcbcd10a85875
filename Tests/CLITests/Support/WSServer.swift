import Foundation
import Testing

/// A local streaming provider (Tests/Fixtures/ws_stt_server.py) speaking one protocol exactly
/// as the spec says, and logging every frame the client sent.
final class WSServer {
    let port: Int
    let log: URL
    let provider: String
    /// Whether it speaks TLS (`--tls-cert`): wss:// and https://.
    let secure: Bool
    private let process: Process
    private let arguments: [String]

    init(provider: String, text: String = "git status", arguments: [String] = []) throws {
        self.provider = provider
        self.arguments = arguments
        log = FileManager.default.temporaryDirectory.appendingPathComponent("ws-stt-\(UUID().uuidString).log")
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments =
            [
                CLI.packageDirectory.appendingPathComponent("Tests/Fixtures/ws_stt_server.py").path, "--provider",
                provider, "--text", text, "--log", log.path, "--port", "0", "--lifetime", "120",
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
            throw Shell.Failure("ws_stt_server gave no port")
        }
        self.port = port
        secure = arguments.contains("--tls-cert")
    }

    // SIGKILL: the test runner's threads block SIGTERM, and children inherit the mask.
    deinit { kill(process.processIdentifier, SIGKILL) }

    /// `wss` by name: the stream socket sends the URL's host as SNI, which may not be an address.
    private var origin: String {
        secure ? "localhost:\(port)" : arguments.contains("::1") ? "[::1]:\(port)" : "127.0.0.1:\(port)"
    }

    /// The provider's streaming URL on this server.
    var url: String {
        switch provider {
        case "assemblyai": "\(secure ? "wss" : "ws")://\(origin)/v3/ws"
        case "deepgram": "\(secure ? "wss" : "ws")://\(origin)/v1/listen"
        default: "\(secure ? "wss" : "ws")://\(origin)/v1/stream"
        }
    }

    var tokenURL: String { "\(secure ? "https" : "http")://\(origin)/token" }

    /// The events the server logged, in order.
    func events(_ kind: String? = nil) throws -> [[String: Any]] {
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        let all = try text.split(separator: "\n").map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:]
        }
        return kind.map { k in all.filter { $0["event"] as? String == k } } ?? all
    }
}

extension CLI {
    /// Imports a profile named `name` whose stream engine is `server`'s provider at its URL,
    /// with `extra` TOML lines under `[engine]`.
    func streamProfile(_ name: String, _ server: WSServer, _ extra: String = "") throws {
        let file = try self.file(
            "\(name).toml",
            "name = \"\(name)\"\nhost = \"example.com\"\n[engine]\nkind = \"stream\"\nprovider = \"\(server.provider)\"\n"
                + "url = \"\(server.url)\"\n" + extra)
        try ok("profile", "import", file)
    }
}
