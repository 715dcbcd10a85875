import Testing

@testable import LocalRecognizer

/// Where the second pass listens again: spans from the first pass's words and their times.
struct QuotedSpanTests {
    /// Words one after another, each `seconds` long, starting at 0.3 s.
    static func timed(_ text: String, seconds: Double = 0.4) -> [QuotedSpan.Word] {
        text.split(separator: " ").enumerated().map { i, word in
            (String(word), 0.3 + Double(i) * seconds, 0.3 + Double(i + 1) * seconds)
        }
    }

    @Test func spanRunsFromTheEndOfQuoteToTheStartOfEndQuoteWithAMargin() {
        // git 0.3–0.7, commit 0.7–1.1, dash, m, quote 1.9–2.3, fix 2.3–2.7, it 2.7–3.1, end 3.1–3.5, quote, …
        let words = Self.timed("git commit dash m quote fix it end quote")
        let spans = QuotedSpan.spans(in: words, duration: 4.4)
        #expect(spans.count == 1)
        #expect(spans.first?.words == 5..<7)
        #expect(abs((spans.first?.start ?? 0) - (2.3 - QuotedSpan.margin)) < 1e-9)
        #expect(abs((spans.first?.end ?? 0) - (3.1 + QuotedSpan.margin)) < 1e-9)
    }

    @Test func aQuoteNeverClosedRunsToTheEndOfTheAudio() {
        let spans = QuotedSpan.spans(in: Self.timed("echo quote hello there"), duration: 2.0)
        #expect(spans == [QuotedSpan(words: 2..<4, start: 1.1 - QuotedSpan.margin, end: 2.0, closer: .none)])
    }

    @Test func eachQuoteIsItsOwnSpanAndClosersAreNotOpeners() {
        let words = Self.timed("echo quote a b close quote and quote c end quote single quote d unquote")
        let spans = QuotedSpan.spans(in: words, duration: 10)
        #expect(spans.map(\.words) == [2..<4, 8..<9, 13..<14])
    }

    @Test func anEmptyOrTooShortInsideIsNotHeardAgain() {
        #expect(QuotedSpan.spans(in: Self.timed("echo quote end quote"), duration: 3).isEmpty)
        // Inside shorter than `shortest` even with both margins.
        let short = Self.timed("echo quote x end quote", seconds: 0.02)
        #expect(QuotedSpan.spans(in: short, duration: 3).isEmpty)
    }

    @Test func lineWithoutQuoteHasNoSpanAndSpliceKeepsIt() {
        let words = Self.timed("git status dash s")
        let spans = QuotedSpan.spans(in: words, duration: 2)
        #expect(spans.isEmpty)
        #expect(QuotedSpan.splice(words.map(\.word), spans, []) == ["git", "status", "dash", "s"])
    }

    @Test func spliceReplacesEachInsideAndKeepsWhatTheSecondPassMissed() {
        let words = "echo quote sudo make end quote pipe tee quote a end quote".split(separator: " ").map(String.init)
        let spans = QuotedSpan.spans(in: Self.timed(words.joined(separator: " ")), duration: 10)
        let result = QuotedSpan.splice(words, spans, [["hello", "from", "the", "server"], []])
        #expect(
            result.joined(separator: " ") == "echo quote hello from the server end quote pipe tee quote a end quote")
    }

    /// The first pass often hears `end quote` after English it has no words for as one more
    /// word and `quote`: that `quote` closes the span, and the `end` the general model hears
    /// at the end of the inside goes back into `end quote`.
    @Test func aBareQuoteClosesAndTheEndHeardInsideIsDropped() {
        let words = Self.timed("echo quote we append to daemon quote")
        let spans = QuotedSpan.spans(in: words, duration: 3.5)
        #expect(spans.map(\.words) == [2..<6])
        #expect(spans.first?.closer == .bareQuote)
        #expect(abs((spans.first?.end ?? 0) - (2.7 + QuotedSpan.margin)) < 1e-9)
        let result = QuotedSpan.splice(words.map(\.word), spans, [["welcome", "to", "the", "team", "and"]])
        #expect(result.joined(separator: " ") == "echo quote welcome to the team end quote")
    }

    @Test func anUnclosedSpanGivesBackTheEndQuoteTheGeneralModelHeard() {
        let words = Self.timed("echo quote we are compose up the menu to old")
        let spans = QuotedSpan.spans(in: words, duration: 4.5)
        #expect(spans.first?.closer == QuotedSpan.Closer.none)
        let result = QuotedSpan.splice(words.map(\.word), spans, [["welcome", "to", "the", "team", "and", "quote"]])
        #expect(result.joined(separator: " ") == "echo quote welcome to the team end quote")
        let other = QuotedSpan.splice(words.map(\.word), spans, [["welcome", "to", "the", "team"]])
        #expect(other.joined(separator: " ") == "echo quote welcome to the team")
    }
}
