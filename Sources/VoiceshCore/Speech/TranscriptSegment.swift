import Foundation

/// One result of a recogniser, in the edge `transcript_segment` shape (specs A1).
public struct TranscriptSegment: Codable, Equatable, Sendable {
    public var text: String
    public var speaker: String
    public var start: Double
    public var end: Double
    /// A non-final segment is a partial: shown live, never committed.
    public var isFinal: Bool
    public var confidence: Double?
    /// The segment's words with how sure the engine is of each (empty: the engine gave none).
    public var words: [Word]

    /// One recognised word and the engine's confidence in it, 0…1 (nil: unknown).
    public struct Word: Codable, Equatable, Sendable {
        public var text: String
        public var confidence: Double?

        public init(_ text: String, confidence: Double?) {
            self.text = text
            self.confidence = confidence
        }
    }

    public init(
        text: String, speaker: String = "SPEAKER_00", start: Double = 0, end: Double = 0, isFinal: Bool = true,
        confidence: Double? = nil, words: [Word] = []
    ) {
        self.text = text
        self.speaker = speaker
        self.start = start
        self.end = end
        self.isFinal = isFinal
        self.confidence = confidence
        self.words = words
    }

    enum CodingKeys: String, CodingKey {
        case type, text, speaker, start, end, confidence, words
        case isFinal = "is_final"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        guard try c.decode(String.self, forKey: .type) == "transcript_segment" else {
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: c, debugDescription: "type is not transcript_segment")
        }
        text = try c.decode(String.self, forKey: .text).trimmingCharacters(in: .whitespacesAndNewlines)
        speaker = try c.decodeIfPresent(String.self, forKey: .speaker) ?? "SPEAKER_00"
        start = try c.decodeIfPresent(Double.self, forKey: .start) ?? 0
        end = try c.decodeIfPresent(Double.self, forKey: .end) ?? 0
        isFinal = try c.decodeIfPresent(Bool.self, forKey: .isFinal) ?? true
        confidence = try c.decodeIfPresent(Double.self, forKey: .confidence)
        // Not in spec A1: a recogniser may add its words; the segment's text still rules.
        words = (try? c.decodeIfPresent([Word].self, forKey: .words)) ?? []
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode("transcript_segment", forKey: .type)
        try c.encode(text, forKey: .text)
        try c.encode(speaker, forKey: .speaker)
        try c.encode(start, forKey: .start)
        try c.encode(end, forKey: .end)
        try c.encode(isFinal, forKey: .isFinal)
        try c.encodeIfPresent(confidence, forKey: .confidence)
        if !words.isEmpty { try c.encode(words, forKey: .words) }
    }

    /// Reads one line of a recogniser's output (specs A1): a JSON segment, or plain text taken
    /// as one final segment. Blank text is nil; a malformed JSON object is an error naming the line.
    public static func parse(line: String, number: Int) throws(EngineError) -> TranscriptSegment? {
        let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        guard trimmed.hasPrefix("{") else { return TranscriptSegment(text: trimmed) }
        do {
            let segment = try JSONDecoder().decode(TranscriptSegment.self, from: Data(trimmed.utf8))
            return segment.text.isEmpty ? nil : segment
        } catch {
            throw .command(.notASegment(line: number, text: String(trimmed.prefix(80))))
        }
    }
}

/// Assembles segments as spec A1 says: partials replace the partial before them, finals are
/// appended, and a final sent twice (same start, end and text) counts once.
public struct SegmentAssembler: Sendable {
    public private(set) var finals: [TranscriptSegment] = []
    public private(set) var partial: TranscriptSegment?

    public init() {}

    public mutating func add(_ segment: TranscriptSegment) {
        guard segment.isFinal else {
            partial = segment
            return
        }
        partial = nil
        let duplicate = finals.contains {
            $0.start == segment.start && $0.end == segment.end && $0.text == segment.text
        }
        if !duplicate { finals.append(segment) }
    }

    /// What to show live: the finals so far and the current partial.
    public var liveText: String { (finals.map(\.text) + [partial?.text].compactMap { $0 }).joined(separator: " ") }
}
