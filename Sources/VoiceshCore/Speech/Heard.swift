/// What an engine made of a take, through the profile's spoken-shell normaliser: the one
/// result dictation in a session, `listen` and `history retry` share (`Transcript` is the
/// engine's own).
public struct Heard: Equatable, Sendable {
    /// The shell text (after the spoken-shell normaliser) and the engine's own words.
    public var text: String
    public var rawText: String
    public var engine: String
    public var fallbackEngine: String?
    public var confidence: Double?
    /// The engine's words with their confidence (kept in the history), and the shell words
    /// made from unsure ones (`Doubt.unsure`).
    public var words: [TranscriptSegment.Word]
    public var unsure: Set<Int>
    /// The next distinct readings of the same take, best first (Tab shows them).
    public var alternatives: [Reading]

    public init(
        text: String, rawText: String, engine: String = "", fallbackEngine: String? = nil,
        confidence: Double? = nil, words: [TranscriptSegment.Word] = [], unsure: Set<Int> = [],
        alternatives: [Reading] = []
    ) {
        self.alternatives = alternatives
        self.text = text
        self.rawText = rawText
        self.engine = engine
        self.fallbackEngine = fallbackEngine
        self.confidence = confidence
        self.words = words
        self.unsure = unsure
    }
}
