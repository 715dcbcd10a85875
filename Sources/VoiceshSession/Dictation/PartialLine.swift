import Foundation
import VoiceshCore

/// Live partial text on stderr: redrawn in place on a terminal, one line each otherwise.
/// stdout stays the final text alone.
package final class PartialLine: Sendable {
    package let enabled: Bool
    package let terminal: Bool
    private let console: Console
    private let shown = Shown()

    /// Shown on a terminal, and elsewhere when asked for (`always`).
    package init(console: Console, always: Bool) {
        self.console = console
        terminal = console.errorsAreTerminal
        enabled = always || terminal
    }

    package var show: @Sendable (String) -> Void {
        { [self] raw in
            let text = UntrustedText.clean(raw)  // a stream server's words, shown as they come
            guard enabled, shown.replace(text) else { return }
            // CR + EL redraws the line; the text is cut so it never wraps.
            let line = terminal ? "\r\u{1B}[2K\u{1B}[2m\(text.suffix(100))\u{1B}[0m" : "partial: \(text)\n"
            console.writeError(line)
        }
    }

    package func clear() {
        if enabled, terminal, shown.replace(nil) { console.writeError("\r\u{1B}[2K") }
    }

    /// The text on screen; `replace` is false when nothing changed.
    private final class Shown: @unchecked Sendable {
        private let lock = NSLock()
        private var text: String?

        func replace(_ new: String?) -> Bool {
            lock.withLock {
                defer { text = new }
                return text != new
            }
        }
    }
}
