/// Which words of a dictation's shell text the engine was unsure of. Every engine reports a
/// word's confidence on one scale, 0…1 (a probability: pocketsphinx's lattice posterior,
/// Whisper's token probability, a provider's word confidence); below `threshold` it is unsure.
public enum Doubt {
    /// Calibrated on the edge engine's development speech (BENCHMARKS.md, "Unsure words"): the
    /// most wrong words caught while marking at most 15% of right ones (issue 22's bound).
    public static let threshold = 0.8

    /// A word the engine was not sure of (no confidence counts as sure).
    public static func isUnsure(_ word: TranscriptSegment.Word, threshold: Double = threshold) -> Bool {
        (word.confidence ?? 1) < threshold
    }

    /// The indices of the shell words (`normalize(raw)` split at spaces) made from an unsure
    /// raw word. The normaliser turns several spoken words into one shell word (`dash dash
    /// staged` → `--staged`); a shell word is traced to the raw words it needed by normalising
    /// each prefix of them and seeing from which prefix on that shell word stays as it ends.
    public static func unsure(
        _ words: [TranscriptSegment.Word], threshold: Double = threshold, normalize: (String) -> String
    ) -> Set<Int> {
        let doubtful = words.map { isUnsure($0, threshold: threshold) }
        guard doubtful.contains(true) else { return [] }
        func split(_ text: String) -> [Substring] { text.split(separator: " ") }
        let raw = words.map(\.text)
        let final = split(normalize(raw.joined(separator: " ")))
        // settled[j]: the fewest raw words after which shell word j is, and stays, as it ends.
        var settled = [Int](repeating: raw.count, count: final.count)
        var stable = [Bool](repeating: true, count: final.count)
        for count in stride(from: raw.count, through: 1, by: -1) {
            let shell = split(normalize(raw[0..<count].joined(separator: " ")))
            for j in final.indices where stable[j] {
                if j < shell.count, shell[j] == final[j] { settled[j] = count } else { stable[j] = false }
            }
        }
        var result = Set<Int>()
        var from = 0
        for j in final.indices {
            let to = settled[j]
            let sources = from < to ? from..<to : max(0, to - 1)..<to
            if sources.contains(where: { doubtful[$0] }) { result.insert(j) }
            from = max(from, to)
        }
        return result
    }
}

extension Transcript {
    /// Every word with its confidence: the segment's own words, or its text's words with the
    /// segment's confidence when the engine gave none.
    public var words: [TranscriptSegment.Word] {
        segments.flatMap { segment in
            let spoken = segment.text.split(separator: " ").map(String.init)
            return segment.words.map(\.text) == spoken
                ? segment.words : spoken.map { TranscriptSegment.Word($0, confidence: segment.confidence) }
        }
    }
}
