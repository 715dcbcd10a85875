import Foundation

/// A local OpenAI chat-completions endpoint (Tests/Fixtures/chat_server.py), as strict as the
/// real one about what a request holds, and logging what the client sent.
package final class ChatServer {
    private let server: FixtureServer
    package var port: Int { server.port }

    package init(mode: String = "ok", arguments: [String] = []) throws {
        server = try FixtureServer("chat_server.py", ["--mode", mode], extra: arguments)
    }

    /// The base URL, before `/chat/completions`.
    package var url: String { "http://127.0.0.1:\(port)/v1" }

    /// The requests the server received, as logged.
    package func requests() throws -> [[String: Any]] { try server.logged() }

    /// A request's turn with its worked examples taken out (they follow the server's names and
    /// are the corpus's choice, checked in `IntentTests`).
    package static func withoutExamples(_ content: String?) -> String? {
        guard let content, let start = content.range(of: "Similar requests and their commands:\n"),
            let end = ["Request: ", "Change the last command: "].compactMap({
                content.range(of: $0, range: start.upperBound..<content.endIndex)
            }).min(by: { $0.lowerBound < $1.lowerBound })
        else { return content }
        return content.replacingCharacters(in: start.lowerBound..<end.lowerBound, with: "")
    }
}
