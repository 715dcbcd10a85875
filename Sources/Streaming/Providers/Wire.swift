import Foundation
import VoiceshCore

/// Small helpers the adapters share for JSON messages and query strings.
enum Wire {
    /// A JSON object from a provider's text message, or `.badOutput` naming it.
    static func object(_ text: String, from provider: String) throws(EngineError) -> [String: Any] {
        guard let data = text.data(using: .utf8),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { throw .badOutput("\(provider) sent a message that is not a JSON object: \(text.prefix(80))") }
        return object
    }

    /// A compact JSON text for a control message, keys sorted so tests can compare strings.
    static func json(_ object: [String: Any]) -> String {
        let data =
            (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]))
        return data.map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    /// The URL with the query items appended, each value percent-encoded (RFC 3986 unreserved kept).
    static func url(_ base: String, query: [(String, String)]) -> String {
        guard !query.isEmpty else { return base }
        let allowed = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        func encode(_ s: String) -> String { s.addingPercentEncoding(withAllowedCharacters: allowed) ?? s }
        let items = query.map { "\(encode($0.0))=\(encode($0.1))" }.joined(separator: "&")
        return base + (base.contains("?") ? "&" : "?") + items
    }

    /// Words joined by single spaces, blanks skipped.
    static func join(_ parts: [String]) -> String {
        parts.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.joined(separator: " ")
    }
}
