import Foundation
import VoiceshCore

/// How far long work has got ("adapt: training 3/8 (bw)"), on one line of stderr redrawn in
/// place and cleared at the end, for a person at a terminal. Without a terminal (CI, a pipe,
/// a log file) it writes nothing, so a progress line never lands in what a script reads: the
/// work's own messages say what happened.
package final class ProgressLine: Sendable {
    private let output: Int32
    private let terminal: Bool
    /// The line on screen (nil: none), so an unchanged one is not drawn again.
    private let shown = Locked<String?>(nil)

    /// `output` is where the line goes, drawn only when `isTerminal`.
    package init(output: Int32, isTerminal: Bool) {
        (self.output, terminal) = (output, isTerminal)
    }

    /// On the console's error stream, when that is a terminal.
    package convenience init(console: Console) {
        self.init(output: console.errors, isTerminal: console.errorsAreTerminal)
    }

    /// Draws `text` over the line shown before, cut to the window so it never wraps (a wrapped
    /// line would leave its first row behind at the next `\r`).
    package func show(_ text: String) {
        guard terminal else { return }
        show(drawn: String(UntrustedText.clean(text).prefix(width)))
    }

    /// Draws a line its maker has already fitted to `width` and cleaned, with its styles (a
    /// dictation's line, `DictationView`).
    package func show(drawn line: String) {
        replace(with: line)
    }

    /// The room a line has: one column short of the window, so it never wraps.
    package var width: Int { max(1, (RawTerminal.size(of: output)?.columns ?? 80) - 1) }

    /// `what` with how far it has got: "adapt: reading recordings 12/40".
    package func show(_ what: String, done: Int, of total: Int) {
        show("\(what) \(done)/\(total)")
    }

    /// Erases the line, so what is printed next starts on a clean one.
    package func clear() {
        replace(with: nil)
    }

    /// Puts `line` (nil: none) where the last one was, writing only when it changes.
    private func replace(with line: String?) {
        guard terminal else { return }
        let changed = shown.update { old in
            defer { old = line }
            return old != line
        }
        guard changed else { return }
        // CR goes back to the line's start; EL (CSI 2K, ECMA-48 8.3.41) erases what was there.
        Console.writeAll(output, Array("\r\u{1B}[2K\(line ?? "")".utf8))
    }
}
