import Foundation
import Testing

/// A local streaming provider (Tests/Fixtures/ws_stt_server.py) speaking one protocol exactly
/// as the spec says, and logging every frame the client sent.
package final class WSServer {
    private let server: FixtureServer
    package let provider: String
    /// Whether it speaks TLS (`--tls-cert`): wss:// and https://.
    package let secure: Bool
    private let arguments: [String]
    package var port: Int { server.port }

    package init(provider: String, text: String = "git status", arguments: [String] = []) throws {
        self.provider = provider
        self.arguments = arguments
        server = try FixtureServer("ws_stt_server.py", ["--provider", provider, "--text", text], extra: arguments)
        secure = arguments.contains("--tls-cert")
    }

    /// `wss` by name: the stream socket sends the URL's host as SNI, which may not be an address.
    private var origin: String {
        secure ? "localhost:\(port)" : arguments.contains("::1") ? "[::1]:\(port)" : "127.0.0.1:\(port)"
    }

    /// The provider's streaming URL on this server.
    package var url: String {
        switch provider {
        case "assemblyai": "\(secure ? "wss" : "ws")://\(origin)/v3/ws"
        case "deepgram": "\(secure ? "wss" : "ws")://\(origin)/v1/listen"
        default: "\(secure ? "wss" : "ws")://\(origin)/v1/stream"
        }
    }

    package var tokenURL: String { "\(secure ? "https" : "http")://\(origin)/token" }

    /// The events the server logged, in order.
    package func events(_ kind: String? = nil) throws -> [[String: Any]] {
        let all = try server.logged()
        return kind.map { k in all.filter { $0["event"] as? String == k } } ?? all
    }

    /// The events of `kind` once there is one, waiting up to `seconds`: the server logs what it
    /// did after doing it, so a client that has already ended can be ahead of the log.
    package func firstEvent(_ kind: String, within seconds: Double = 5) async throws -> [String: Any]? {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            if let event = try events(kind).first { return event }
            if Date() > deadline { return nil }
            try await Task.sleep(nanoseconds: 50_000_000)
        }
    }

    /// A profile named `name` whose stream engine is this server's provider at its URL, with
    /// `extra` TOML lines under `[engine]`.
    package func profile(_ name: String, _ extra: String = "") -> String {
        "name = \"\(name)\"\nhost = \"example.com\"\n[engine]\nkind = \"stream\"\nprovider = \"\(provider)\"\n"
            + "url = \"\(url)\"\n" + extra
    }
}
