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
    /// The command this request changes (a take recorded again over it), or nil.
    public var refining: IntentPrompt.Refinement?
    /// Every command the model wrote for the request, in order: Tab goes through them, and at
    /// the last asks the model for another, up to `mostCandidates`.
    public var candidates: [IntentAnswer] = []
    /// Another command was asked for and has not come.
    public var asking = false
    /// The model had no other command (it repeated one, or failed): Tab only goes round.
    public var exhausted = false
    /// The command as written so far, shown while the line waits (`intentDraft`).
    public var draft: String?
    /// The command passed the check and is shown to confirm; its explanation is still coming.
    public var explaining = false

    /// Tab asks for no more than this many commands in all.
    public static let mostCandidates = 5

    /// A row keeps the request, the chosen command's explanation and who wrote it; the
    /// candidates not chosen, the asking and the draft live only while the line is shown.
    enum CodingKeys: String, CodingKey {
        case request, explanation, model, endpoint
    }

    public init(request: String, refining: IntentPrompt.Refinement? = nil) {
        self.request = request
        self.refining = refining
    }

    /// Tab over the command shown asks the model for another (rather than going round).
    /// Not while the first is still explained: the model writes one answer at a time.
    public var asksForAnother: Bool {
        !exhausted && !asking && !explaining && candidates.count < Self.mostCandidates
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
