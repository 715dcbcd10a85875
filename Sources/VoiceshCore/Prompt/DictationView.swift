import Foundation

/// Draws the dictation's one line: the recording indicator with its clock, level and live
/// words; the spinner and timeout; the transcript with its keys; the risk question; the line
/// editor; a notice. Returns the bytes for exactly `width` cells or fewer, never more, so the
/// line never wraps and never scrolls the remote's screen.
public struct DictationView: Sendable {
    public var toggle: KeyChord

    public init(toggle: KeyChord) {
        self.toggle = toggle
    }

    enum Style {
        case plain, dim, bold, inverse, alert
        var sgr: String {
            switch self {
            case .plain: "\u{1B}[0m"
            case .dim: "\u{1B}[0;2m"
            case .bold: "\u{1B}[0;1m"
            case .inverse: "\u{1B}[0;7m"
            case .alert: "\u{1B}[0;1;31m"
            }
        }
    }

    /// The line for `state`; `level` is the input level (0…1) while recording.
    public func render(_ state: DictationStateMachine.State, level: Double, now: Double, width: Int) -> String {
        fit(pieces(state, level: level, now: now, width: width), width: width)
    }

    func pieces(_ state: DictationStateMachine.State, level: Double, now: Double, width: Int) -> [(String, Style)] {
        switch state {
        case .idle:
            return []
        case .recording(let since, let partial):
            let seconds = Int(max(0, now - since))
            var line: [(String, Style)] = [
                ("● rec", .alert), (String(format: " %d:%02d ", seconds / 60, seconds % 60), .dim),
                (meter(level), .bold),
            ]
            if !partial.isEmpty { line.append((" " + partial, .plain)) }
            line.append(("  \(toggle.name) stop · esc cancel", .dim))
            return line
        case .transcribing(let since, let deadline):
            let spinner = Array("⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏")
            let frame = spinner[Int(max(0, now - since) * 10) % spinner.count]
            let left = max(0, deadline - now)
            return [
                ("\(frame) transcribing", .bold),
                (String(format: " %.0f s left · esc cancel", left.rounded(.up)), .dim),
            ]
        case .confirming(let prompt):
            // The keys always show; a text too long for the line loses its middle, not its ends.
            let risk = prompt.risk.map { "  ⚠ \($0)" } ?? ""
            var hints = "  ⏎ insert · ^R run · e edit · r again · esc discard"
            var text = prompt.text
            if text.count + risk.count + hints.count > width {
                hints = "  ⏎ ^R e r esc"
                text = Self.elide(text, to: max(8, width - risk.count - hints.count))
            }
            return [(text, .bold), (risk, .alert), (hints, .dim)]
        case .editing(_, let editor):
            // A window on the text that keeps the cursor in view.
            var hints = "  ⏎ insert · ^R run · esc back"
            let count = editor.characters.count
            if 6 + count + 1 + hints.count > width { hints = "  ⏎ ^R esc" }
            let room = max(4, width - 6 - hints.count)
            let first = max(0, min(editor.cursor - room / 2, count + 1 - room))
            let last = min(count, first + room - 1)
            let before = String(editor.characters[first..<editor.cursor])
            let at = editor.cursor < count ? String(editor.characters[editor.cursor]) : " "
            let after = editor.cursor < last ? String(editor.characters[(editor.cursor + 1)..<last]) : ""
            return [("edit: ", .dim), (before, .bold), (at, .inverse), (after, .bold), (hints, .dim)]
        case .confirmingRisk(let prompt, let run):
            return [
                ("⚠ \(prompt.risk ?? "risky"): ", .alert), (prompt.text, .bold),
                ("  press y to \(run ? "run" : "insert") it, any other key goes back", .dim),
            ]
        case .notice(let message, _):
            return [("voicesh: \(message)", .alert)]
        }
    }

    /// `text` in at most `width` characters: its start and end, with `…` in the middle.
    static func elide(_ text: String, to width: Int) -> String {
        guard text.count > width, width > 1 else { return text }
        let head = (width - 1) / 2
        return String(text.prefix(head)) + "…" + String(text.suffix(width - 1 - head))
    }

    /// Five cells of level meter.
    func meter(_ level: Double) -> String {
        let bars = Array("▁▂▃▄▅▆▇█")
        let steps = Int((min(1, max(0, level)) * 40).rounded())
        return String((0..<5).map { i in bars[min(7, max(0, steps - i * 8))] })
    }

    /// The pieces with their styles, cut to `width` cells (an ellipsis marks the cut).
    func fit(_ pieces: [(String, Style)], width: Int) -> String {
        guard width > 0, !pieces.isEmpty else { return "" }
        var out = ""
        var used = 0
        for (text, style) in pieces {
            let room = width - used
            if room <= 0 { break }
            let cells = Array(text)
            if cells.count <= room {
                out += style.sgr + text
                used += cells.count
            } else {
                out += style.sgr + String(cells.prefix(max(0, room - 1))) + "…"
                used = width
            }
        }
        return out + Style.plain.sgr
    }
}
