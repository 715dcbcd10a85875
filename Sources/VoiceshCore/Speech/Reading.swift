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
        var readings: [Reading] = []
        for heard in [transcript] + transcript.alternatives where readings.count < limit {
            let raw = heard.text
            let text = normalize(raw)
            guard !text.isEmpty, !readings.contains(where: { $0.text == text }) else { continue }
            let words = heard.words
            readings.append(
                Reading(text: text, rawText: raw, words: words, unsure: Doubt.unsure(words, normalize: normalize)))
        }
        return readings
    }
}
