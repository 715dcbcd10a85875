/// Undoes the way speech services *write* what they hear, so their text reaches `SpokenShell`
/// as the words that were spoken. Whisper and the cloud providers write prose: sentence case
/// or ALL CAPS, a period at the end, commas at every pause (`dash, dash, rebase`), symbol words
/// hyphen-joined (`CD-slash-var`), quotes as `"`, typographic dashes (`–la`, `—staged`). pocketsphinx and
/// text that is already shell (`git log --oneline`) pass through unchanged: every rule below
/// needs a sign of prose.
///
/// "Written mode" (the text starts with a capital letter, or has no lower-case letter at all)
/// also folds what prose casing changed: single-letter flags (`-F` → `-f`, since Whisper writes
/// every lone letter as a capital) and top-level directories (`/VAR/log` → `/var/log`). Text
/// inside a quoted span keeps its case and its punctuation, but for a pause before its close.
enum WrittenForm {
    /// The words of `text` as they were spoken.
    static func words(_ text: String) -> [String] {
        let raw = SpokenShell.words(in: text)
        let letters = text.unicodeScalars.filter { $0.properties.isAlphabetic }
        let shouting = letters.count >= 2 && !letters.contains { $0.properties.isLowercase }
        let written = shouting || raw.first?.first?.isUppercase == true

        var words: [String] = []
        var quoted = false
        // A command starts here: the first word, and after `|`, `&&`, `;` or a sentence's end.
        var sentenceStart = true
        for (index, original) in raw.enumerated() {
            let last = index == raw.count - 1
            var word = original
            // Smart punctuation: an en dash was `-`, an em dash `--`.
            if word.hasPrefix("–") { word = "-" + word.dropFirst() }
            if word.hasPrefix("—") { word = "--" + word.dropFirst() }

            // `"` opens or closes a quoted span, as the spoken `quote` would.
            var closes = false
            if word.count > 1, let first = word.first, Self.quoteMarks.contains(first), !quoted {
                words.append("quote")
                quoted = true
                word.removeFirst()
            }
            // Prose punctuation: a pause or a sentence's end, never part of the command. Inside
            // quotes only the pause before the closing mark (`build, end quote`) goes.
            let before = word
            word = stripped(word, quoted: quoted, last: last, closing: closesNext(raw, after: index))
            let endedSentence = before.hasSuffix(".") && word != before
            if word.count > 1, let lastMark = word.last, Self.quoteMarks.contains(lastMark), quoted {
                word.removeLast()  // what the service wrote inside its own marks stays as written
                closes = true
            }
            if word == "\"" || word == "“" || word == "”" {
                words.append(quoted ? "end quote" : "quote")
                quoted.toggle()
                continue
            }

            for piece in split(word) where !piece.isEmpty {
                let lowered = piece.lowercased()
                var out = piece
                if !quoted {
                    if shouting, !piece.contains("$") {
                        out = lowered
                    } else {
                        out = folded(piece, written: written, sentenceStart: sentenceStart, after: words.last)
                    }
                }
                words.append(out)
                if let state = quoteState(after: words, quoted: quoted) { quoted = state }
                sentenceStart = ["|", "&&", "||", ";", "pipe"].contains(lowered)
            }
            if closes {
                words.append("end quote")
                quoted = false
            }
            if endedSentence { sentenceStart = true }
        }
        return words.flatMap { SpokenShell.words(in: $0) }
    }

    private static let quoteMarks: Set<Character> = ["\"", "“", "”"]

    // MARK: Punctuation

    /// The word without prose punctuation at its end: commas outside quotes, a final period or
    /// question mark. A word that is only dots (`..`, `.`) is a path and stays.
    private static func stripped(_ word: String, quoted: Bool, last: Bool, closing: Bool) -> String {
        var word = word
        while let mark = word.last, word.count > 1, !word.allSatisfy({ $0 == "." }) {
            let drop: Bool
            switch mark {
            case ",": drop = !quoted || closing
            case ".", "?": drop = (!quoted && (last || isSymbolWord(word.dropLast()))) || (quoted && closing && last)
            default: drop = false
            }
            guard drop else { break }
            word.removeLast()
        }
        return word
    }

    /// Whether the words after `index` close a quoted span (`end quote`, `quote`, `"…`).
    private static func closesNext(_ raw: [String], after index: Int) -> Bool {
        guard index + 1 < raw.count else { return true }
        let next = raw[index + 1].lowercased().trimmingPunctuation
        let second = index + 2 < raw.count ? raw[index + 2].lowercased().trimmingPunctuation : ""
        return ["unquote", "quote"].contains(next) || (["end", "close"].contains(next) && second == "quote")
            || next.first.map(quoteMarks.contains) == true
    }

    // MARK: Hyphens

    /// `CD-slash-var` → `CD slash var` (a symbol or number word among the parts);
    /// `re-base` → `rebase`. Names with hyphens (`apt-get`, `--dry-run`, `kube-system`) stay.
    private static func split(_ word: String) -> [String] {
        guard !word.hasPrefix("-"), word.contains("-") else { return [word] }
        let parts = word.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        guard parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isLetter) }) else { return [word] }
        if parts.contains(where: { isSymbolWord($0) || SpokenShell.isNumberWord($0.lowercased()) }) {
            return parts
        }
        if parts.count == 2, ["re", "un"].contains(parts[0].lowercased()) { return [parts.joined()] }
        return [word]
    }

    // MARK: Case

    /// `Get` → `get` where prose casing put the capital: the start of a command, a symbol or
    /// number word, a known command. In written mode also `dash F` / `-F` → `-f` and
    /// `/VAR/log` → `/var/log`. A letter after `capital` keeps its case.
    private static func folded(_ piece: String, written: Bool, sentenceStart: Bool, after previous: String?) -> String {
        let lowered = piece.lowercased()
        if previous?.lowercased() == "capital" { return piece }
        let known =
            isSymbolWord(piece) || SpokenShell.isNumberWord(lowered) || SpokenShell.commands.contains(lowered)
            || SpokenShell.gitSubcommands.contains(lowered)
        // `CD-slash-var`, `LS`: a command in capitals at the start.
        if sentenceStart, known, piece.allSatisfy({ !$0.isLowercase }) { return lowered }
        if isCapitalised(piece) {
            if sentenceStart || known { return lowered }
            if written, piece.count == 1, previous.map(isSymbolWord) == true { return lowered }
        }
        guard written else { return piece }
        if piece.count == 2, piece.first == "-", piece.last?.isUppercase == true { return lowered }
        if piece.contains("/") {
            return piece.split(separator: "/", omittingEmptySubsequences: false).map { part in
                SpokenShell.topLevelDirectories.contains(part.lowercased()) ? part.lowercased() : String(part)
            }.joined(separator: "/")
        }
        return piece
    }

    /// `Get`, `Dash`, `F`: an upper-case letter, then none.
    private static func isCapitalised(_ word: String) -> Bool {
        guard let first = word.first, first.isUppercase else { return false }
        return !word.dropFirst().contains(where: \.isUppercase)
    }

    private static func isSymbolWord<S: StringProtocol>(_ word: S) -> Bool {
        SpokenShell.keywords[[word.lowercased()]] != nil
    }

    /// Follows `quote`, `single quote`, `end quote`, `close quote` and `unquote` as the writer
    /// will read them, so case and commas are kept inside the span.
    private static func quoteState(after words: [String], quoted: Bool) -> Bool? {
        guard let last = words.last?.lowercased() else { return nil }
        let before = words.count >= 2 ? words[words.count - 2].lowercased() : ""
        switch last {
        case "unquote": return false
        case "quote" where before == "end" || before == "close": return false
        case "quote": return !quoted
        default: return nil
        }
    }
}

extension String {
    fileprivate var trimmingPunctuation: String {
        var word = self
        while let last = word.last, ",.?".contains(last) { word.removeLast() }
        return word
    }
}
