import Foundation

/// Draws the dictation's one line: the recording indicator with its clock, level and live
/// words; the spinner and timeout; the transcript with its keys; the risk question; the line
/// editor; a notice. Returns the bytes for exactly `width` cells or fewer, never more, so the
/// line never wraps and never scrolls the remote's screen.
public struct DictationView: Sendable {
    public var toggle: KeyChord
    /// Unsure words in brackets (`⟦gzip⟧`) rather than underlined: for `TERM=dumb` and
    /// `NO_COLOR`, where a style may not show. The brackets are drawn, never sent.
    public var plainMarks: Bool

    public init(toggle: KeyChord, plainMarks: Bool = false) {
        self.toggle = toggle
        self.plainMarks = plainMarks
    }

    /// Whether a terminal wants unsure words marked without styles: `TERM=dumb`, or `NO_COLOR`
    /// set to anything (no-color.org).
    public static func wantsPlainMarks(environment: [String: String]) -> Bool {
        environment["TERM"] == "dumb" || !(environment["NO_COLOR"] ?? "").isEmpty
    }

    enum Style {
        case plain, dim, bold, inverse, alert, unsure
        var sgr: String {
            switch self {
            case .plain: "\u{1B}[0m"
            case .dim: "\u{1B}[0;2m"
            case .bold: "\u{1B}[0;1m"
            case .inverse: "\u{1B}[0;7m"
            case .alert: "\u{1B}[0;1;31m"
            case .unsure: "\u{1B}[0;1;4m"  // bold and underlined
            }
        }
    }

    /// What was drawn: the line, and how many characters of the text being confirmed it had
    /// room for (the machine asks for `y` before sending what the line could not show whole).
    public struct Drawn: Equatable, Sendable {
        public var line: String
        public var textRoom: Int?
    }

    /// The line for `state`; `level` is the input level (0…1) while recording.
    public func render(_ state: DictationStateMachine.State, level: Double, now: Double, width: Int) -> Drawn {
        var room: Int?
        if case .confirming(let take, let prompt) = state {
            room = min(textLayout(prompt, width: width, refining: take.refining, intent: take.intent).room, width)
        }
        return Drawn(line: fit(pieces(state, level: level, now: now, width: width), width: width), textRoom: room)
    }

    /// The text's room on the confirming line, and the hints beside it (which reading of how
    /// many is shown, when Tab has others). `refining`: the text is the engine's first and a
    /// better one may replace it (the keys act on what is shown). An intent's explanation (and
    /// request) go with the warnings when the whole line has room for them, as a shell comment.
    func textLayout(
        _ prompt: DictationStateMachine.Prompt, width: Int, refining: Bool = false, intent: IntentTake? = nil
    ) -> (room: Int, risk: String, note: String, hints: String) {
        let warning = prompt.risk ?? prompt.unfinished  // an unfinished line: the shell would wait at `>`
        let risk = (warning.map { "  ⚠ \($0)" } ?? "") + (refining ? "  ⋯ refining" : "")
        var note = ""
        if let intent {
            // The explanation before the long key hints (the short ones say the same), the request last.
            let base = marked(prompt).reduce(0) { $0 + $1.0.count } + risk.count
            let said =
                intent.explaining ? "  # explaining …" : intent.explanation.isEmpty ? "" : "  # \(intent.explanation)"
            let asked = (said.isEmpty ? "  # " : " ") + "(asked: \(intent.request))"
            if base + said.count + asked.count + Self.hints(prompt, intent: intent).count <= width {
                note = said + asked
            } else if base + said.count + Self.shortHints(prompt, intent: intent).count <= width {
                note = said
            }
        }
        let hints = Self.hints(prompt, intent: intent)
        let shown = marked(prompt).reduce(0) { $0 + $1.0.count }
        if shown + risk.count + note.count + hints.count <= width { return (shown, risk, note, hints) }
        let short = Self.shortHints(prompt, intent: intent)
        return (max(8, width - risk.count - note.count - short.count), risk, note, short)
    }

    /// The keys beside a text to confirm, with which reading it is when Tab has others.
    static func hints(_ prompt: DictationStateMachine.Prompt, intent: IntentTake? = nil) -> String {
        choice(prompt, intent: intent) + "  ⏎ insert · ^R run · e edit · r again · esc discard"
    }

    /// The same keys, for a line without room for their words.
    static func shortHints(_ prompt: DictationStateMachine.Prompt, intent: IntentTake? = nil) -> String {
        choice(prompt, intent: intent) + "  ⏎ ^R e r esc"
    }

    /// Which reading is shown, when Tab has others; over an intent's command, whether Tab asks
    /// the model for another (`⇥ another`) or is waiting for it (`⇥ writing…`).
    static func choice(_ prompt: DictationStateMachine.Prompt, intent: IntentTake? = nil) -> String {
        let position = prompt.readings > 1 ? "\(prompt.reading + 1)/\(prompt.readings)" : nil
        if let intent, intent.asking {
            return "  ⇥ " + [position, "writing…"].compactMap { $0 }.joined(separator: " ")
        }
        if let intent, intent.asksForAnother, prompt.reading == prompt.readings - 1 {
            return "  ⇥ " + [position, "another"].compactMap { $0 }.joined(separator: " ")
        }
        return position.map { "  ⇥ \($0)" } ?? ""
    }

    func pieces(_ state: DictationStateMachine.State, level: Double, now: Double, width: Int) -> [(String, Style)] {
        switch state {
        case .idle:
            return []
        case .recording(let take, let partial, let answering):
            let seconds = Int(max(0, now - take.startedAt))
            var line: [(String, Style)] = [
                ("● rec", .alert), (String(format: " %d:%02d ", seconds / 60, seconds % 60), .dim),
                (meter(level), .bold),
            ]
            if !partial.isEmpty { line.append((" " + partial, .plain)) }
            // Esc on a take that answers a line goes back to that line.
            line.append(("  \(toggle.name) stop · esc \(answering == nil ? "cancel" : "back")", .dim))
            return line
        case .transcribing(let take, let deadline, _):
            let spinner = Array("⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏")
            let frame = spinner[Int(max(0, now - (take.stoppedAt ?? now)) * 10) % spinner.count]
            let left = max(0, deadline - now)
            // A command being written shows as it comes, dim: it is not yet checked or explained.
            if let draft = take.intent?.draft {
                let keys = String(format: "  %.0f s · esc cancel", left.rounded(.up))
                let room = max(8, width - 2 - keys.count)
                return [("\(frame) ", .bold), (Self.elide(draft, to: room), .dim), (keys, .dim)]
            }
            return [
                ("\(frame) \(take.intent == nil ? "transcribing" : "writing a command")", .bold),
                (String(format: " %.0f s left · esc cancel", left.rounded(.up)), .dim),
            ]
        case .confirming(let take, let prompt):
            // The keys always show; a text too long for the line loses its middle, not its ends
            // (and the machine then wants `y` before it is sent: what is shown is what is sent).
            // Unsure words are marked; a text cut to fit loses its marks with its middle.
            let (room, risk, note, hints) = textLayout(
                prompt, width: width, refining: take.refining, intent: take.intent)
            let text = marked(prompt)
            let whole = text.reduce(0) { $0 + $1.0.count } <= room
            return (whole ? text : [(Self.elide(prompt.text, to: room), .bold)]) + [
                (risk, .alert), (note, .dim), (hints, .dim),
            ]
        case .editing(_, _, let editor):
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
        case .confirmingRisk(_, let prompt, let run):
            // The question always shows; a long text loses its middle.
            let reason = "⚠ \(prompt.risk ?? (run ? prompt.unfinished : nil) ?? "not all of it was shown"): "
            let question = "  press y to \(run ? "run" : "insert") it, any other key goes back"
            let room = max(8, width - reason.count - question.count)
            return [(reason, .alert), (Self.elide(prompt.text, to: room), .bold), (question, .dim)]
        case .notice(let notice):
            return [(Self.notice(notice.message, width: width), .alert)]
        }
    }

    /// A notice in `width` cells. One that does not fit first loses the directories of its
    /// long paths (`…/voicesh.sqlite`); then what happened keeps its start in up to two thirds
    /// of the row and what to do, its last clause (after "; "), keeps its start and its end in
    /// the rest, so neither is lost whole.
    static func notice(_ message: String, width: Int) -> String {
        var text = "voicesh: \(message)"
        guard text.count > width else { return text }
        text = text.split(separator: " ", omittingEmptySubsequences: false).map { word in
            guard word.hasPrefix("/"), word.count > 24, let name = word.split(separator: "/").last else {
                return String(word)
            }
            return "…/" + name
        }.joined(separator: " ")
        guard text.count > width else { return text }
        guard let split = text.range(of: "; ", options: .backwards) else { return elide(text, to: width) }
        let advice = String(text[split.upperBound...])
        let what = String(text[..<split.lowerBound])
        let whatRoom = min(what.count, max(width - advice.count - 2, width * 2 / 3))
        let adviceRoom = width - whatRoom - 2
        guard whatRoom > 8, adviceRoom > 8 else { return elide(text, to: width) }
        let head = what.count > whatRoom ? String(what.prefix(whatRoom - 1)) + "…" : what
        return head + "; " + elide(advice, to: adviceRoom)
    }

    /// The text to confirm, its unsure words underlined (or in brackets with `plainMarks`).
    func marked(_ prompt: DictationStateMachine.Prompt) -> [(String, Style)] {
        guard !prompt.unsure.isEmpty else { return [(prompt.text, .bold)] }
        var pieces: [(String, Style)] = []
        func add(_ text: String, _ style: Style) {
            if let last = pieces.last, last.1 == style {
                pieces[pieces.count - 1].0 += text
            } else {
                pieces.append((text, style))
            }
        }
        // Words count as `Prompt.unsure` counts them (runs of spaces between them kept as they are).
        var index = 0
        for (i, word) in prompt.text.split(separator: " ", omittingEmptySubsequences: false).enumerated() {
            if i > 0 { add(" ", .bold) }
            guard !word.isEmpty else { continue }
            defer { index += 1 }
            if !prompt.unsure.contains(index) {
                add(String(word), .bold)
            } else if plainMarks {
                add("⟦\(word)⟧", .bold)
            } else {
                add(String(word), .unsure)
            }
        }
        return pieces
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
