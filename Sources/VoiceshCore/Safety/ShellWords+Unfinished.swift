/// Whether a shell would run a line as it stands, or wait at its continuation prompt (`>`)
/// for more: a line that ends in `|`, `&&` or `||`, leaves a quote, `$(` or `(` open, opens
/// `if`, `case`, a loop or `{` without closing it, or starts a here-document. Run unasked,
/// such a line would leave the shell half way through it, and the next take would join it.
extension ShellWords {
    /// Why the shell would wait for more after `text`, in a few words, or nil when it would run it.
    static func waitsForMore(_ text: String) -> String? {
        switch read(text) {
        case .success(let line): line.unfinished
        case .failure(let unreadable): unreadable.reason
        }
    }

    /// The same for a line that could be read, from all its commands (the empty ones too: the
    /// one after a trailing `|` is empty).
    static func unfinished(_ commands: [Command]) -> String? {
        if let last = commands.last, last.words.isEmpty, last.redirects.isEmpty,
            ["|", "||", "&&", "|&"].contains(last.after)
        {
            return "ends in \(last.after)"
        }
        if let here = commands.flatMap(\.redirects).first(where: { $0.op == "<<" || $0.op == "<<-" }) {
            return "starts a here-document (\(here.op)\(here.target.text)) whose lines would follow"
        }
        var depth = 0
        var closers: [String] = []
        for command in commands {
            if command.after == "(" { depth += 1 }
            if command.after == ")" { depth = max(0, depth - 1) }  // a `case` pattern closes one never opened
            guard let first = command.words.first?.text else { continue }
            if let closer = Self.closers[first] {
                closers.append(closer)
            } else if first == closers.last {
                closers.removeLast()
            }
        }
        if depth > 0 { return "leaves ( open" }
        if let closer = closers.last { return "waits for \(closer)" }
        return nil
    }

    /// The words that open a compound command, and the word that closes it.
    private static let closers = [
        "if": "fi", "case": "esac", "for": "done", "while": "done", "until": "done", "select": "done", "{": "}",
    ]
}
