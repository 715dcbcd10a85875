/// Free English the speaker set between `quote` and `end quote`, found in the first pass's
/// best words and their times: which words it holds and which stretch of the audio to hear
/// again with a general-English model. Pure: words in, spans out.
struct QuotedSpan: Equatable {
    /// The first pass's words inside the quote (after `quote`, before `end quote`).
    var words: Range<Int>
    /// The audio of the inside, in seconds from the start of the utterance.
    var start: Double
    var end: Double
    /// How the first pass heard the quote close.
    var closer = Closer.endQuote

    enum Closer: Equatable {
        /// `end quote`, `close quote` or `unquote`.
        case endQuote
        /// `quote` alone (as the writer takes it, it closes too): the shell-talk model often
        /// hears `end quote` after words it has no model for as one more word and `quote`.
        case bareQuote
        /// None: the inside runs to the end of the line.
        case none
    }

    typealias Word = (word: String, start: Double, end: Double)

    /// How far the audio reaches past the quote words on either side: word times are whole
    /// 10 ms frames and the first pass's boundaries between a shell word and English it had no
    /// words for are rough, so a little of each side is heard again.
    static let margin = 0.05
    /// An inside shorter than this holds no word worth hearing again (`quote end quote`).
    static let shortest = 0.15

    /// The quoted spans of `words`, in order. A quote opens at `quote` (not `end quote` or
    /// `close quote`, which close it) and at `single quote`; it closes at `end quote`,
    /// `close quote`, `unquote`, `quote` again, or the end of the line when it never closed.
    static func spans(in words: [Word], duration: Double) -> [QuotedSpan] {
        var spans: [QuotedSpan] = []
        var i = 0
        while i < words.count {
            guard opens(words, at: i) else {
                i += 1
                continue
            }
            var close = i + 1
            while close < words.count, closerLength(words, at: close) == 0, !closesBare(words, at: close) { close += 1 }
            let closer: Closer =
                close == words.count ? .none : closerLength(words, at: close) > 0 ? .endQuote : .bareQuote
            let start = max(0, words[i].end - margin)
            let end = min(duration, close < words.count ? words[close].start + margin : duration)
            if end - start >= shortest {
                spans.append(QuotedSpan(words: (i + 1)..<close, start: start, end: end, closer: closer))
            }
            i = close + max(1, closerLength(words, at: close))
        }
        return spans
    }

    /// `words` with each span's inside replaced by what the second pass heard there (`heard`,
    /// one list per span, in order); a span the second pass heard nothing in keeps its words.
    static func splice(_ words: [String], _ spans: [QuotedSpan], _ heard: [[String]]) -> [String] {
        var result = words
        for (span, english) in zip(spans, heard).reversed() where !english.isEmpty {
            switch span.closer {
            case .endQuote:
                result.replaceSubrange(span.words, with: english)
            case .bareQuote:
                // The `end` the first pass took for a word of the inside is in its audio, and
                // the general model hears it as `and` or `end`: it closes the quote.
                let inside =
                    ["and", "end"].contains(english.last) && english.count > 1 ? english.dropLast() : english[...]
                result.replaceSubrange(span.words.lowerBound...span.words.upperBound, with: inside + ["end", "quote"])
            case .none:
                // The audio runs to the end of the line, so `end quote` may be in it (`and quote`).
                var inside = english[...]
                if inside.count > 2, inside.last == "quote", ["and", "end"].contains(inside.dropLast().last) {
                    inside = inside.dropLast(2) + ["end", "quote"]
                }
                result.replaceSubrange(span.words, with: inside)
            }
        }
        return result
    }

    private static func opens(_ words: [Word], at i: Int) -> Bool {
        guard words[i].word == "quote" else { return false }
        let previous = i > 0 ? words[i - 1].word : nil
        return previous != "end" && previous != "close"
    }

    /// `quote` alone at `i` closes the open quote (`single quote` opens another inside it).
    private static func closesBare(_ words: [Word], at i: Int) -> Bool {
        words[i].word == "quote" && words[i - 1].word != "single"
    }

    /// How many words close a quote at `i`: 2 for `end quote` and `close quote`, 1 for
    /// `unquote`, 0 for none.
    private static func closerLength(_ words: [Word], at i: Int) -> Int {
        guard i < words.count else { return 0 }
        if words[i].word == "unquote" { return 1 }
        let closing = words[i].word == "end" || words[i].word == "close"
        return closing && i + 1 < words.count && words[i + 1].word == "quote" ? 2 : 0
    }
}
