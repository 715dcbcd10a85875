import Foundation

/// Worked examples chosen for a request: a corpus of everyday requests and their commands
/// (`intent-examples.tsv`, written by us, disjoint from the intent benchmark), of which the
/// nearest few by shared words go in the prompt after its fixed part. A small model copies the
/// tools and options of a near example far better than it recalls them: `sort -t, -k2,2n` for
/// a CSV, `find -name '*.log'` with its star.
public struct IntentExamples: Equatable, Sendable {
    public struct Example: Equatable, Sendable {
        public var request: String
        public var command: String
        public var explanation: String
    }

    public let examples: [Example]
    /// Each example's words (lower case, stop words out), in the corpus's order.
    private let words: [Set<String>]
    /// How rare each word is in the corpus: a shared rare word ("csv") says more than a common
    /// one ("files").
    private let weight: [String: Double]

    /// The corpus in `tsv`: request, command, explanation a line; `#` lines are comments. Its
    /// requests say names as a user says them ("report dot pdf"); they are kept written
    /// (`report.pdf`), as the model reads the request it answers (`WrittenRequest`), so an
    /// example reads as the request beside it.
    public init(tsv: String) {
        examples = tsv.split(separator: "\n").compactMap { line in
            guard !line.hasPrefix("#") else { return nil }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 3, !fields[0].isEmpty, !fields[1].isEmpty else { return nil }
            return Example(
                request: WrittenRequest.written(fields[0]), command: fields[1], explanation: fields[2])
        }
        words = examples.map { Self.words($0.request) }
        var counts: [String: Int] = [:]
        for set in words { for word in set { counts[word, default: 0] += 1 } }
        let total = Double(max(examples.count, 1))
        weight = counts.mapValues { log(1 + total / Double($0)) }
    }

    /// The `count` examples nearest `request`, nearest first; none share no word with it.
    public func nearest(to request: String, count: Int) -> [Example] {
        let asked = Self.words(request)
        guard count > 0, !asked.isEmpty else { return [] }
        let scored = words.enumerated().compactMap { index, set -> (Int, Double)? in
            let shared = set.intersection(asked)
            guard !shared.isEmpty else { return nil }
            // Shared weight over the example's own, so a long example does not win by length.
            let score = shared.reduce(0) { $0 + (weight[$1] ?? 0) } / (1 + 0.1 * Double(set.count))
            return (index, score)
        }
        return scored.sorted { $0.1 > $1.1 || ($0.1 == $1.1 && $0.0 < $1.0) }.prefix(count).map { examples[$0.0] }
    }

    static func words(_ text: String) -> Set<String> {
        Set(
            text.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init)
                .filter { $0.count > 1 && !stopWords.contains($0) })
    }

    /// Words every request has, which say nothing of what it asks.
    static let stopWords: Set<String> = [
        "the", "a", "an", "of", "in", "on", "to", "for", "and", "or", "is", "are", "it", "its", "this", "that",
        "these", "those", "my", "me", "i", "do", "how", "what", "which", "with", "from", "by", "at", "as", "all",
        "be", "can", "you", "please", "show", "here", "there", "into", "each", "every", "one", "out",
    ]
}
