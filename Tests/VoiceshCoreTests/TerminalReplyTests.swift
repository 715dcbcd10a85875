import Testing
import VoiceshCore

/// The terminal's answers, and whose they are: the remote's questions are read from its
/// output, voicesh's own from its line, and each reply goes to whoever asked (issue 27, point 5).
struct TerminalReplyTests {
    static func reply(_ text: String) -> TerminalReply? {
        TerminalReply(sequence: Array(text.utf8))
    }

    @Test func repliesAreToldFromKeys() {
        #expect(Self.reply("\u{1B}[12;40R")?.kind == .cursorPosition)
        #expect(Self.reply("\u{1B}[12;40R")?.position.map { [$0.row, $0.column] } == [12, 40])
        #expect(Self.reply("\u{1B}[?12;40;1R")?.position.map { [$0.row, $0.column] } == [12, 40])
        #expect(Self.reply("\u{1B}[0n")?.kind == .status)
        #expect(Self.reply("\u{1B}[?1;2c")?.kind == .attributes)
        #expect(Self.reply("\u{1B}[>0;95;0c")?.kind == .secondaryAttributes)
        // Keys are not replies.
        for key in ["\u{1B}[D", "\u{1B}[3~", "\u{1B}[1;5D", "\u{1B}[200~", "\u{1B}[R", "\u{1B}[c", "\u{1B}[12R"] {
            #expect(Self.reply(key) == nil, "\(key.debugDescription)")
        }
    }

    @Test func theRemotesQuestionsAreReadAcrossChunks() {
        let output = Array(
            "text\u{1B}[6n more \u{1B}[c\u{1B}[>c\u{1B}[5n\u{1B}[?6n\u{1B}[0c\u{1B}[2J\u{1B}[?2004h".utf8)
        let expected: [TerminalReply.Kind] = [
            .cursorPosition, .attributes, .secondaryAttributes, .status, .cursorPosition, .attributes,
        ]
        for cut in 0...output.count {
            var queries = TerminalQueries()
            queries.feed(Array(output[..<cut]))
            queries.feed(Array(output[cut...]))
            #expect(queries.take() == expected, "cut at \(cut)")
            #expect(queries.take() == [])
        }
        // Through the scanner the session uses, beside the modes it reads from the same bytes.
        var scanner = OutputScanner()
        scanner.feed(output)
        #expect(scanner.queries.take() == expected)
        #expect(scanner.modes.bracketedPaste)
    }

    @Test func eachReplyGoesToWhoeverAsked() throws {
        var route = ReplyRoute()
        #expect(!route.isWaiting)
        route.remoteAsked([.cursorPosition])
        route.voiceshAsked()
        route.remoteAsked([.attributes, .cursorPosition])
        route.voiceshAsked()
        let position = try #require(Self.reply("\u{1B}[3;4R"))
        let attributes = try #require(Self.reply("\u{1B}[?1;2c"))
        #expect(route.route(position) == .remote)
        #expect(route.route(position) == .voicesh)
        #expect(route.route(attributes) == .remote)
        #expect(route.route(position) == .remote)
        #expect(route.isWaiting)
        #expect(route.route(position) == .voicesh)
        #expect(!route.isWaiting)
        // No one asked: not a reply to route (Shift-F3 looks like one).
        #expect(route.route(position) == nil)
        // A terminal that ignores a kind of question: a later answer passes over it.
        route.remoteAsked([.secondaryAttributes])
        route.voiceshAsked()
        #expect(route.route(position) == .voicesh)
        #expect(!route.isWaiting)
    }
}
