import Testing

@testable import TerminalScreen

/// The model of a full-screen program's screen: a row painted back is the row the program drew.
struct RemoteScreenTests {
    func screen(_ output: String, rows: Int = 5, columns: Int = 20) -> RemoteScreen {
        let screen = RemoteScreen(rows: rows, columns: columns)
        Array(output.utf8).withUnsafeBytes { screen.feed($0) }
        return screen
    }

    func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test func aPlainRowIsItsTextThenOneErase() {
        let s = screen("\u{1B}[?1049h\u{1B}[5;1H\"notes.txt\" 2L")
        #expect(text(s.repaint(row: 4)) == "\u{1B}[0m\"notes.txt\" 2L\u{1B}[0m\u{1B}[K\u{1B}[0m")
        #expect(text(s.repaint(row: 0)) == "\u{1B}[0m\u{1B}[0m\u{1B}[K\u{1B}[0m")
        #expect(s.repaint(row: 5).isEmpty)
    }

    @Test func coloursKeepTheirPaletteIndexAndThePenComesBack() {
        // vim's reversed status line, a 256-colour word, a true-colour word, then the program
        // leaves its pen bold red for what it writes next.
        let s = screen(
            "\u{1B}[5;1H\u{1B}[7m-- INSERT --\u{1B}[0m \u{1B}[38;5;208mx\u{1B}[0m\u{1B}[48;2;1;2;3my\u{1B}[1;31m")
        #expect(
            text(s.repaint(row: 4))
                == "\u{1B}[0m\u{1B}[0m\u{1B}[7m-- INSERT --\u{1B}[0m \u{1B}[0m\u{1B}[38;5;208mx"
                + "\u{1B}[0m\u{1B}[48;2;1;2;3my\u{1B}[0m\u{1B}[K\u{1B}[0m\u{1B}[1;31;48;2;1;2;3m")
    }

    @Test func aRepaintDrawsTheSameRowAgain() {
        let program =
            "\u{1B}[?1049h\u{1B}[H\u{1B}[2J\u{1B}[3;2H\u{1B}[1;4;33mwarn\u{1B}[22;24;39m 日本 é\u{1B}[9mgone\u{1B}[0m"
            + "\u{1B}[3;20H\u{1B}[44mZ"  // the last column, in a colour
        let original = screen(program)
        let painted = original.repaint(row: 2)
        let copy = screen("\u{1B}[3;1H" + text(painted))
        #expect(copy.repaint(row: 2) == painted)
        #expect(text(painted).contains("日本 é"))
        #expect(!text(painted).contains("\u{FFFD}"))
    }

    @Test func scrollingAndResizingAreFollowed() {
        let s = screen("a\r\nb\r\nc\r\nd\r\ne\r\nf", rows: 5, columns: 10)
        #expect(text(s.repaint(row: 4)).hasPrefix("\u{1B}[0mf"))
        #expect(text(s.repaint(row: 0)).hasPrefix("\u{1B}[0mb"))
        s.resize(rows: 3, columns: 10)
        #expect(s.rows == 3)
        Array("\u{1B}[3;1Hbottom".utf8).withUnsafeBytes { s.feed($0) }
        #expect(text(s.repaint(row: 2)).hasPrefix("\u{1B}[0mbottom"))
    }

    @Test func theModelNeverAnswersTheRemote() {
        // A device-attributes query and a cursor report request: the real terminal answers them.
        let s = screen("\u{1B}[c\u{1B}[6nok")
        #expect(text(s.repaint(row: 0)).hasPrefix("\u{1B}[0mok"))
    }
}
