import Testing

@testable import VoiceshCore

/// Lines made of two ears' readings, span by span.
struct ReadingSpliceTests {
    static func words(_ text: String) -> [String] { text.split(separator: " ").map(String.init) }

    /// Each ear right in one place: the line neither wrote is among those made, and so is the
    /// other mix; the readings themselves are not.
    @Test func eachEarsRightSpanMakesTheLineNeitherWrote() {
        let pocketsphinx = Self.words("grep tail dash c release")
        let whisper = Self.words("swift build dash see release")
        #expect(
            ReadingSplice.spans(pocketsphinx, whisper) == [
                .init(first: 0..<2, second: 0..<2), .init(first: 3..<4, second: 3..<4),
            ])
        let lines = ReadingSplice.lines(pocketsphinx, whisper).map { $0.joined(separator: " ") }
        #expect(lines == ["swift build dash c release", "grep tail dash see release"])
    }

    /// A word only one ear heard is a span with nothing on the other side; one word against
    /// two is one span.
    @Test func aWordOnlyOneEarHeardIsASpan() {
        let pocketsphinx = Self.words("git commit dash m fix")
        let whisper = Self.words("git commit dash dash m fixed")
        #expect(ReadingSplice.spans(pocketsphinx, whisper).count == 2)
        #expect(
            Set(ReadingSplice.lines(pocketsphinx, whisper).map { $0.joined(separator: " ") }) == [
                "git commit dash dash m fix", "git commit dash m fixed",
            ])
        let cat = ReadingSplice.lines(
            Self.words("cat readme dot md pipe last"), Self.words("cat read me dot md pipe less"))
        #expect(
            cat.map { $0.joined(separator: " ") } == ["cat read me dot md pipe last", "cat readme dot md pipe less"])
    }

    /// Readings that agree, differ in one place only, or in more places than the limit make no lines.
    @Test func nothingToSpliceOrTooMuch() {
        let line = Self.words("git status")
        #expect(ReadingSplice.lines(line, line).isEmpty)
        #expect(ReadingSplice.spans(line, line).isEmpty)
        #expect(ReadingSplice.lines(Self.words("cargo build"), Self.words("crontab build")).isEmpty)
        let a = Self.words("a x b x c x d x e")
        let b = Self.words("a y b y c y d y e")
        #expect(ReadingSplice.spans(a, b).count == 4)
        #expect(ReadingSplice.lines(a, b).isEmpty)
        #expect(ReadingSplice.lines(a, b, limit: 4).count == 14)
        #expect(ReadingSplice.lines([], Self.words("ls")).isEmpty)
    }
}
