import Foundation

/// A local Whisper-style server (Tests/Fixtures/stt_server.py) speaking one dialect exactly as
/// the spec says, and logging what the client sent.
package final class STTServer {
    private let server: FixtureServer
    /// Whether it speaks HTTPS (`--tls-cert`).
    package let secure: Bool
    package var port: Int { server.port }

    package init(dialect: String, mode: String = "ok", text: String = "git status", arguments: [String] = []) throws {
        server = try FixtureServer(
            "stt_server.py", ["--dialect", dialect, "--mode", mode, "--text", text], extra: arguments)
        secure = arguments.contains("--tls-cert")
    }

    package var url: String { "\(secure ? "https" : "http")://127.0.0.1:\(port)" }

    /// The requests the server received, as logged.
    package func requests() throws -> [[String: Any]] { try server.logged() }
}
