/// One reading of a take as the confirmation line shows it: the shell text (after the
/// spoken-shell normaliser), the engine's words it came from with their confidence, and which
/// shell words came from unsure ones (`Doubt`). A take has its best reading and, from the
/// engine's N-best or a second engine, the next distinct ones (Tab on the line).
public struct Reading: Equatable, Sendable {
    public var text: String
    public var rawText: String
    public var words: [TranscriptSegment.Word]
    public var unsure: Set<Int>

    public init(text: String, rawText: String, words: [TranscriptSegment.Word] = [], unsure: Set<Int> = []) {
        self.text = text
        self.rawText = rawText
        self.words = words
        self.unsure = unsure
    }

    /// The most readings a take offers, its best one included: a few Tabs, not a list to read.
    public static let shownLimit = 5

    /// `transcript` and its alternatives as shell text (`normalize`), best first: only distinct,
    /// non-empty texts, at most `limit`.
    public static func readings(
        of transcript: Transcript, limit: Int = shownLimit, normalize: (String) -> String
    ) -> [Reading] {
        distinct(transcript, limit: limit, normalize: normalize).map { heard, text in
            Reading(
                text: text, rawText: heard.text, words: heard.words,
                unsure: Doubt.unsure(heard.words, normalize: normalize))
        }
    }

    /// The transcripts behind `readings(of:)`, each with its shell text: the first of each
    /// distinct, non-empty text, best first, at most `limit`.
    public static func distinct(
        _ transcript: Transcript, limit: Int = shownLimit, normalize: (String) -> String
    ) -> [(transcript: Transcript, shell: String)] {
        var distinct: [(transcript: Transcript, shell: String)] = []
        for heard in [transcript] + transcript.alternatives where distinct.count < limit {
            let text = normalize(heard.text)
            guard !text.isEmpty, !distinct.contains(where: { $0.shell == text }) else { continue }
            distinct.append((heard, text))
        }
        return distinct
    }
}
