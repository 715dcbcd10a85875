import Foundation

/// What makes a take an intent: the request it spoke and, once the model wrote its command,
/// what the model said of it and who the model was (for the line and the history row).
public struct IntentTake: Codable, Equatable, Sendable {
    public var request: String
    /// The model's one-line explanation of its command (empty until it answered).
    public var explanation = ""
    public var model: String?
    /// `local`, or the endpoint's host.
    public var endpoint: String?

    public init(request: String) {
        self.request = request
    }

    /// As a history row keeps it (both stores): JSON, every text without escape sequences.
    public var stored: String? {
        var clean = self
        clean.request = UntrustedText.clean(request)
        clean.explanation = UntrustedText.clean(explanation)
        clean.model = model.map { UntrustedText.clean($0) }
        clean.endpoint = endpoint.map { UntrustedText.clean($0) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return (try? encoder.encode(clean)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// A row's intent as stored; nil for a dictation (or a row older than v11).
    public init?(stored: String?) {
        guard let stored, let intent = try? JSONDecoder().decode(Self.self, from: Data(stored.utf8)) else {
            return nil
        }
        self = intent
    }
}
