/// Lines made of two readings of one recording, span by span: where the two ears agree on a
/// word it stays, and between those words each span of disagreement comes from either ear. So
/// a line can take `swift` from Whisper and `dash c release` from pocketsphinx, which neither
/// ear wrote whole. Pure: the engine has each such line scored, `EarFusion` chooses.
public enum ReadingSplice {
    /// One place where the readings differ: the words of each between the words they share
    /// (aligned by least edits). One side may be empty (a word only one ear heard).
    public struct Span: Equatable, Sendable {
        public var first: Range<Int>
        public var second: Range<Int>
    }

    /// Where `first` and `second` differ, in order.
    public static func spans(_ first: [String], _ second: [String]) -> [Span] {
        // The shared words, as (index in first, index in second), then both ends.
        let anchors =
            [(-1, -1)] + WordAgreement.alignment(first, second).enumerated().compactMap { i, j in j.map { (i, $0) } }
            + [(first.count, second.count)]
        return zip(anchors, anchors.dropFirst()).compactMap { before, after in
            let span = Span(first: before.0 + 1..<after.0, second: before.1 + 1..<after.1)
            return span.first.isEmpty && span.second.isEmpty ? nil : span
        }
    }

    /// Every line that takes some spans from `second` and the others from `first`, neither
    /// reading itself, in a fixed order; none when the two differ in more than `limit` places
    /// (then they are two readings of different lines, not one line heard two ways, and each
    /// line made costs the engine a scoring).
    public static func lines(_ first: [String], _ second: [String], limit: Int = 3) -> [[String]] {
        let places = spans(first, second)
        guard places.count > 1, places.count <= limit else { return [] }
        // Each mask is a choice of spans from `second`; 0 and all ones are the readings themselves.
        return (1..<(1 << places.count) - 1).map { mask in
            var line: [String] = []
            var at = 0
            for (k, span) in places.enumerated() {
                line += first[at..<span.first.lowerBound]
                line += mask & (1 << k) != 0 ? second[span.second] : first[span.first]
                at = span.first.upperBound
            }
            return line + first[at...]
        }
    }
}
