import VoiceshCore

/// `voicesh transcribe --json`: what was heard, as scripts read it. Its field names are the
/// command's interface; keep them stable.
public struct HeardJSON: Encodable {
    /// An engine word, its confidence (0…1, null: the engine gave none) and whether it is unsure.
    struct Word: Encodable {
        var text: String
        var confidence: Double?
        var unsure: Bool
    }

    /// Another reading of the same audio, as Tab shows it on the confirmation line.
    struct Alternative: Encodable {
        var text: String
        var rawText: String
        var words: [Word]
        var unsure: [Int]

        enum CodingKeys: String, CodingKey {
            case text, words, unsure
            case rawText = "raw_text"
        }
    }

    var text: String
    var rawText: String
    var engine: String
    var confidence: Double?
    var words: [Word]
    /// The indices of the words of `text` (split at spaces) made from unsure ones.
    var unsure: [Int]
    /// The next distinct readings, best first.
    var alternatives: [Alternative]
    var segments: [TranscriptSegment]
    var latencyMs: Int

    enum CodingKeys: String, CodingKey {
        case text, engine, confidence, words, unsure, alternatives, segments
        case rawText = "raw_text"
        case latencyMs = "latency_ms"
    }

    public init(_ heard: Heard, segments: [TranscriptSegment], latencyMs: Int) {
        func listed(_ words: [TranscriptSegment.Word]) -> [Word] {
            words.map { Word(text: $0.text, confidence: $0.confidence, unsure: Doubt.isUnsure($0)) }
        }
        text = heard.text
        rawText = heard.rawText
        engine = heard.fallbackEngine ?? heard.engine  // the engine that gave the text
        confidence = heard.confidence
        words = listed(heard.words)
        unsure = heard.unsure.sorted()
        alternatives = heard.alternatives.map {
            Alternative(text: $0.text, rawText: $0.rawText, words: listed($0.words), unsure: $0.unsure.sorted())
        }
        self.segments = segments
        self.latencyMs = latencyMs
    }
}
