import Foundation
import VoiceshCore

/// Small helpers the adapters share for JSON messages and query strings.
enum Wire {
    /// A JSON object from a provider's text message, or `.notJSON` naming it.
    static func object(_ text: String, from provider: StreamProvider) throws(EngineError) -> [String: Any] {
        guard let data = text.data(using: .utf8),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { throw .stream(.notJSON(provider, text: String(text.prefix(80)))) }
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

    /// A provider's word list as the transcript spells it, each with its `confidence`; the
    /// transcript's own words with `fallback` when the list does not spell it.
    static func words(_ items: [[String: Any]], keys: [String], matching transcript: String, fallback: Double?)
        -> [TranscriptSegment.Word]
    {
        let listed = items.compactMap { item in
            keys.lazy.compactMap { item[$0] as? String }.first.map {
                TranscriptSegment.Word($0, confidence: item["confidence"] as? Double)
            }
        }
        let spoken = transcript.split(separator: " ").map(String.init)
        if listed.map(\.text) == spoken { return listed }
        return spoken.map { TranscriptSegment.Word($0, confidence: fallback) }
    }

    /// A final below this confidence (0…1) is taken for noise and dropped: providers' finals on
    /// noise come back empty or unsure, speech well above it (Deepgram's recorded finals 0.99).
    static let minimumFinalConfidence = 0.35

    /// Finals joined into one segment: their text, their words, their mean confidence.
    static func joined(_ finals: [TranscriptSegment]) -> TranscriptSegment? {
        let kept = finals.filter { !$0.text.isEmpty }
        guard !kept.isEmpty else { return nil }
        let known = kept.compactMap(\.confidence)
        return TranscriptSegment(
            text: join(kept.map(\.text)), confidence: known.isEmpty ? nil : known.reduce(0, +) / Double(known.count),
            words: kept.flatMap(\.words))
    }
}
