/// What an engine made of a take, through the profile's spoken-shell normaliser: the one
/// result dictation in a session, `listen` and `history retry` share (`Transcript` is the
/// engine's own). Its best reading, who heard it, and the other readings.
public struct Heard: Equatable, Sendable {
    /// The reading shown first: its shell text, the engine's own words, their confidence and
    /// the shell words made from unsure ones.
    public var reading: Reading
    public var engine: String
    public var fallbackEngine: String?
    public var confidence: Double?
    /// The next distinct readings of the same take, best first (Tab shows them).
    public var alternatives: [Reading]

    public init(
        text: String, rawText: String, engine: String = "", fallbackEngine: String? = nil,
        confidence: Double? = nil, words: [TranscriptSegment.Word] = [], unsure: Set<Int> = [],
        alternatives: [Reading] = []
    ) {
        reading = Reading(text: text, rawText: rawText, words: words, unsure: unsure)
        self.engine = engine
        self.fallbackEngine = fallbackEngine
        self.confidence = confidence
        self.alternatives = alternatives
    }

    // The best reading's parts, by the names the rest of the code reads them by.
    public var text: String {
        get { reading.text }
        set { reading.text = newValue }
    }

    public var rawText: String {
        get { reading.rawText }
        set { reading.rawText = newValue }
    }

    public var words: [TranscriptSegment.Word] {
        get { reading.words }
        set { reading.words = newValue }
    }

    public var unsure: Set<Int> {
        get { reading.unsure }
        set { reading.unsure = newValue }
    }
}
