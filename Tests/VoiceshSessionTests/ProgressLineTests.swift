import Foundation
import Testing

@testable import VoiceshSession

/// The progress line long work draws on stderr: redrawn in place and cleared on a terminal,
/// nothing at all without one, so none of it reaches a pipe a script reads.
struct ProgressLineTests {
    /// What a line drew into a pipe after `draw`, all of it.
    static func written(terminal: Bool, _ draw: (ProgressLine) -> Void) -> String {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        draw(ProgressLine(output: ends[1], isTerminal: terminal))
        close(ends[1])
        let data = FileHandle(fileDescriptor: ends[0], closeOnDealloc: true).readDataToEndOfFile()
        return String(decoding: data, as: UTF8.self)
    }

    @Test func onATerminalItRedrawsInPlaceAndClears() {
        let out = Self.written(terminal: true) { line in
            line.show("adapt: reading recordings", done: 1, of: 3)
            line.show("adapt: reading recordings", done: 1, of: 3)  // unchanged: not drawn again
            line.show("adapt: reading recordings", done: 2, of: 3)
            line.clear()
            line.clear()  // nothing shown: nothing to erase
        }
        #expect(
            out
                == "\r\u{1B}[2Kadapt: reading recordings 1/3\r\u{1B}[2Kadapt: reading recordings 2/3\r\u{1B}[2K")
    }

    /// A line wider than the window would wrap and leave a row behind at the next CR; outside
    /// text cannot paint the terminal.
    @Test func itIsCutToTheWindowAndCleaned() {
        let out = Self.written(terminal: true) { $0.show("\u{1B}[31m" + String(repeating: "x", count: 200)) }
        #expect(out == "\r\u{1B}[2K" + String(repeating: "x", count: 79))  // a pipe has no window: 80 columns
    }

    @Test func withoutATerminalItWritesNothing() {
        let out = Self.written(terminal: false) { line in
            line.show("store copy: history rows", done: 1000, of: 5000)
            line.show("intent: writing the command …")
            line.clear()
        }
        #expect(out.isEmpty)
    }
}
