import Testing

@testable import VoiceshCore

struct EscapeDetectorTests {
    func feed(_ chunks: [String]) -> [EscapeDetector.Action] {
        var detector = EscapeDetector()
        return chunks.flatMap { detector.feed(Array($0.utf8)) }
    }

    @Test func disconnectsOnTildeDotAtLineStart() {
        #expect(feed(["~."]) == [.disconnect])
        #expect(feed(["ls\r~.rest"]) == [.send(Array("ls\r".utf8)), .disconnect])
        #expect(feed(["ls\r", "~", "."]) == [.send(Array("ls\r".utf8)), .disconnect])  // one byte at a time
    }

    @Test func tildeElsewhereIsJustATilde() {
        #expect(feed(["cd ~.x"]) == [.send(Array("cd ~.x".utf8))])
        #expect(feed(["~~"]) == [.send(Array("~".utf8))])
        #expect(feed(["~x"]) == [.send(Array("~x".utf8))])
        #expect(feed(["\n~/bin"]) == [.send(Array("\n~/bin".utf8))])
    }

    @Test func helpKeepsTheLineStart() {
        #expect(feed(["~?~."]) == [.help, .disconnect])
        #expect(feed(["a\r~?b"]) == [.send(Array("a\r".utf8)), .help, .send(Array("b".utf8))])
    }
}
