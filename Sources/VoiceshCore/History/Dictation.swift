import Foundation

/// One dictation as the history keeps it: what was heard, what became of it, and how long it took.
public struct Dictation: Codable, Equatable, Sendable {
    public var id: Int64?
    public var profile: String
    /// The engine that produced the text (`EngineConfig.label`).
    public var engine: String
    /// The fallback engine, when the primary one failed or was not confident enough.
    public var fallbackEngine: String?
    public var startedAt: Date
    public var audioSeconds: Double
    /// Milliseconds from the end of recording to the text.
    public var latencyMs: Int?
    /// The recogniser's words, before the spoken-shell normaliser.
    public var rawText: String
    /// The shell text shown to the user (after their edits, if any).
    public var finalText: String
    public var outcome: Outcome
    public var error: String?
    public var confidence: Double?
    /// The engine's words with its confidence in each (0…1; `Doubt`): which were unsure.
    public var words: [TranscriptSegment.Word] = []
    /// Which reading of the take was taken (0: the engine's best, n: the nth alternative, Tab),
    /// of how many were offered; nil when none was (no text, or a row older than v10).
    public var reading: Int?
    public var readings: Int?
    /// For an intent take: the request, the model's explanation, the model and its endpoint
    /// (`local` or a host); nil for a dictation. The command is `finalText`.
    public var intent: IntentTake?
    /// Whether the recording is kept (filled in by the store).
    public var hasAudio: Bool = false
    /// The row's id in every store (made with the row): a shared store takes a row once.
    public var uid: UUID?

    /// What the user did with the text, or why there was none.
    public enum Outcome: String, Codable, CaseIterable, Sendable {
        case pending, inserted, ran, edited, discarded, failed
        /// Printed on standard output (`listen`, `history retry`), not sent to a shell.
        case printed
        case timedOut = "timed-out"
        /// The session ended (a hang-up, SIGTERM, a lost connection) while the dictation was
        /// recorded, transcribed, shown or edited: its text and audio are kept for a retry.
        case interrupted
    }

    public init(
        id: Int64? = nil, profile: String, engine: String, fallbackEngine: String? = nil,
        startedAt: Date, audioSeconds: Double, latencyMs: Int? = nil, rawText: String,
        finalText: String, outcome: Outcome, error: String? = nil, confidence: Double? = nil,
        words: [TranscriptSegment.Word] = []
    ) {
        self.id = id
        self.profile = profile
        self.engine = engine
        self.fallbackEngine = fallbackEngine
        self.startedAt = startedAt
        self.audioSeconds = audioSeconds
        self.latencyMs = latencyMs
        self.rawText = rawText
        self.finalText = finalText
        self.outcome = outcome
        self.error = error
        self.confidence = confidence
        self.words = words
    }

    enum CodingKeys: String, CodingKey {
        case id, profile, engine, outcome, error, confidence, words, reading, readings, intent
        case fallbackEngine = "fallback_engine"
        case startedAt = "started_at"
        case audioSeconds = "audio_seconds"
        case latencyMs = "latency_ms"
        case rawText = "raw_text"
        case finalText = "final_text"
        case hasAudio = "has_audio"
        case uid
    }
}
