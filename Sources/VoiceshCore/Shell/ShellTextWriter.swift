/// Writes lexemes as shell text with the spoken-shell spacing rules: one space between
/// arguments, none where a joining symbol glues two pieces into one argument. It tracks what
/// the current argument is (the command name, a flag, a number, a word, or a joined piece such
/// as a path) because `dot`, `slash` and `plus` join differently after each.
struct ShellTextWriter {
    typealias Lexeme = SpokenShell.Lexeme
    typealias Symbol = SpokenShell.Symbol

    enum Kind: Equatable {
        /// Nothing yet, or an operator: no argument to join to.
        case none
        /// A known command name (`cd`, `cat`), spoken as one word.
        case command
        case flag(long: Bool)
        /// A number standing alone.
        case number
        case word
        /// Pieces joined into one argument: a path, `host:port`, `$VAR`, `*`…
        case joined

        var isFlag: Bool {
            if case .flag = self { true } else { false }
        }
    }

    private var text = ""
    /// The argument being written (quoted text included), to see whether it is a path.
    private var argument = ""
    private var kind = Kind.none
    /// What the argument before this one was.
    private var previousKind = Kind.none
    /// The next piece joins the argument without a space.
    private var glue = false
    /// The next argument is a command name (start, after `|`, `&&`, `;`, `sudo`…).
    private var atCommand = true
    /// The spoken word the argument ends with, for `python three` → `python3`.
    private var lastWord: String?
    private var quotes: [Character] = []
    /// Open brackets; `spaced` for the test command `[ … ]` and the group `{ …; }`.
    private var brackets: [(bracket: SpokenShell.Bracket, spaced: Bool)] = []
    private var lexemes: [Lexeme] = []
    private var i = 0

    mutating func write(_ lexemes: [Lexeme]) {
        self.lexemes = lexemes
        i = 0
        while i < lexemes.count {
            let lexeme = lexemes[i]
            i += 1
            let justRedirected = i >= 2 && Self.isRedirect(lexemes[i - 2])
            switch lexeme {
            case .word(let w): writeWord(w, spoken: true)
            case .text(let t): if !t.isEmpty { writeWord(t, spoken: false) }
            case .number(let groups): writeNumber(groups.joined())
            case .symbol(let symbol): writeSymbol(symbol, afterRedirect: justRedirected)
            }
        }
    }

    /// The text, with unterminated quotes closed.
    mutating func finish() -> String {
        while let mark = quotes.popLast() { text.append(mark) }
        return text
    }

    // MARK: Pieces

    private var next: Lexeme? { i < lexemes.count ? lexemes[i] : nil }
    private var previous: Lexeme? { i >= 2 ? lexemes[i - 2] : nil }
    private var inQuotes: Bool { !quotes.isEmpty }

    /// Appends `piece` to the current argument, without a space.
    private mutating func attach(_ piece: String) {
        if kind == .none { return start(piece, as: .joined) }
        text += piece
        argument += piece
        kind = .joined
        lastWord = nil
        atCommand = false
    }

    /// Begins a new argument with `piece`, after a space.
    private mutating func start(_ piece: String, as newKind: Kind) {
        if !text.isEmpty { text += " " }
        text += piece
        argument = piece
        previousKind = kind
        kind = newKind
        lastWord = nil
        atCommand = false
    }

    /// Joins when a joining symbol came before, else begins a new argument.
    private mutating func place(_ piece: String, as newKind: Kind) {
        join(piece, if: glue, else: newKind)
        glue = false
    }

    /// Attaches `piece` when `joins`, else begins a new argument of kind `newKind` with it.
    private mutating func join(_ piece: String, if joins: Bool, else newKind: Kind) {
        if joins {
            attach(piece)
        } else {
            start(piece, as: newKind)
        }
    }

    /// An operator between commands or a redirection: a space after it, and before it unless
    /// it is `joined` (`;`, `2>`).
    private mutating func writeOperator(_ op: String, commandFollows: Bool, joined: Bool = false) {
        if !text.isEmpty && !joined { text += " " }
        text += op
        argument = ""
        previousKind = .none
        kind = .none
        glue = false
        lastWord = nil
        atCommand = commandFollows && !inQuotes
    }

    private mutating func writeWord(_ word: String, spoken: Bool) {
        let lowered = word.lowercased()
        if spoken, inQuotes, lowered == "period", closesQuote(next) {
            // Prose ends its sentence before the quote closes: `quote it works period end quote`.
            attach(".")
            glue = false
            return
        }
        if spoken, atCommand, !inQuotes, let fixed = commandFix(lowered) {
            return writeWord(fixed, spoken: false)
        }
        let wasAtCommand = atCommand
        let command = wasAtCommand && SpokenShell.commands.contains(lowered)
        place(word, as: command ? .command : .word)
        if command { kind = .command }  // also right after `(`: `$(cat dot env)` → `$(cat .env)`
        lastWord = spoken ? lowered : nil
        atCommand = wasAtCommand && !inQuotes && SpokenShell.commandPrefixes.contains(lowered)
    }

    /// Mishearings of a command name: `get status` and `jit status` → `git status`, `grab`/`grip` → `grep`,
    /// `see dee` → `cd`, `el es` → `ls`. Consumes the second word of a two-word fix.
    private mutating func commandFix(_ word: String) -> String? {
        let second: String? = if case .word(let w) = next { w.lowercased() } else { nil }
        switch (word, second) {
        case ("get", let sub?) where SpokenShell.gitSubcommands.contains(sub),
            ("jit", let sub?) where SpokenShell.gitSubcommands.contains(sub):
            return "git"
        case ("grab", _), ("grip", _): return "grep"
        case ("see", "dee"):
            i += 1
            return "cd"
        case ("el", "es"):
            i += 1
            return "ls"
        default: return nil
        }
    }

    private mutating func writeNumber(_ digits: String) {
        // A version joins its name: python3, apache2, ed25519.
        if !glue, let word = lastWord, SpokenShell.versioned.contains(word) {
            return attach(digits)
        }
        place(digits, as: .number)
    }

    // MARK: Symbols

    private mutating func writeSymbol(_ symbol: Symbol, afterRedirect: Bool) {
        switch symbol {
        case .dash: writeFlag()
        case .doubleDash: place("--", as: .flag(long: false))
        case .hyphen, .underscore, .equals, .colon, .atSign: joinBoth(symbol.plain)
        case .question where inQuotes, .bang where inQuotes:
            // In quotes `?` and `!` end prose ("is it done? yes"); outside they join a pattern.
            attach(symbol.plain)
            glue = false
        case .comma:
            // In quotes a comma is prose ("fix the build, add tests"); outside it joins a list.
            if inQuotes {
                attach(",")
                glue = false
            } else {
                joinBoth(",")
            }
        case .dot: writeDots()
        case .slash: writeSlash()
        case .tilde, .hash: place(symbol.plain, as: .joined)
        case .star:
            join("*", if: glue || argument.hasSuffix("*") || argument.hasSuffix("]"), else: .joined)
            glue = false
        case .dollar, .percent, .bang:
            place(symbol.plain, as: .joined)
            glue = true
        case .plus, .caret, .question:
            join(symbol.plain, if: glue || isArgument, else: .joined)
            glue = true
        case .backslash: writeEscape()
        case .ampersand:
            if case .symbol(.redirect(let op)) = next, op != "<" {
                i += 1
                writeOperator("&" + op, commandFollows: false)  // &> and &>>: stdout and stderr
            } else if afterRedirect {
                text += "&"  // >&1
                argument = "&"
                kind = .joined
                glue = Self.isNumber(next)
            } else {
                writeOperator("&", commandFollows: true)
            }
        case .semicolon: writeOperator(";", commandFollows: true, joined: true)
        case .control(let op): writeOperator(op, commandFollows: true)
        case .redirect(let op):
            // `two` before a redirection is standard error (2> and 2>&1), unless it is a flag's value.
            let descriptor = !glue && kind == .number && argument == "2" && !previousKind.isFlag
            writeOperator(op, commandFollows: false, joined: descriptor)
        case .open(let bracket): writeOpen(bracket)
        case .close(let bracket): writeClose(bracket)
        case .quote(let mark): writeQuote(mark)
        case .endQuote:
            if let mark = quotes.popLast() {
                attach(String(mark))
                glue = false
            }
        }
    }

    /// The current argument is one that `plus`, `dot` and `slash` may join: not a command
    /// name, not a flag, not nothing.
    private var isArgument: Bool {
        kind == .word || kind == .number || kind == .joined
    }

    private mutating func joinBoth(_ piece: String) {
        attach(piece)
        glue = true
    }

    /// `dash X` → `-X`; `dash l a` → `-la` (single letters join the flag); `dash nine` → `-9`;
    /// `dash dash X` → `--X`, and inside a long option `dash W` adds `-W` (`--dry-run`).
    private mutating func writeFlag() {
        var long = false
        if case .symbol(.dash) = next {
            long = true
            i += 1
        }
        let dashes = long ? "--" : "-"
        switch next {
        case .word(let w) where !long && Self.isLetter(w):
            var flag = dashes + w
            i += 1
            // A letter followed by a joining symbol begins a word (`dash f a dot log` → `-f a.log`).
            while case .word(let letter) = next, Self.isLetter(letter), !joinsLeft(at: i + 1) {
                flag += letter
                i += 1
            }
            place(flag, as: .flag(long: false))
        case .word(let w) where !long && !glue && kind == .flag(long: true):
            i += 1
            attach("-" + w)
            kind = .flag(long: true)
        case .word(let w), .text(let w):
            i += 1
            place(dashes + w, as: .flag(long: long))
        case .number(let groups):
            // Only the first group: `kill dash nine eight zero eight zero` → `kill -9 8080`.
            i += 1
            place(dashes + groups[0], as: .flag(long: long))
            if groups.count > 1 { start(groups.dropFirst().joined(), as: .number) }
        default:
            place(dashes, as: .flag(long: long))
        }
    }

    /// A run of dots. It joins the word after it when there is one (`readme dot md`,
    /// `dot bashrc`), and the argument before it only then (`cd dot dot` → `cd ..`,
    /// `grep todo dot` → `grep todo .`).
    private mutating func writeDots() {
        var dots = "."
        while case .symbol(.dot) = next {
            dots += "."
            i += 1
        }
        let joinsRight = Self.dotJoins(next)
        join(dots, if: glue || (joinsRight && isArgument), else: .joined)
        glue = joinsRight
    }

    /// `slash` joins the word after it. It continues a path, and joins a plain word before it
    /// (`venv slash bin`) unless a top-level directory follows (`grep error slash var` →
    /// `grep error /var`). After a command name, a flag or a lone number it begins a new argument.
    private mutating func writeSlash() {
        let isPath = argument.first.map { "/~.".contains($0) } == true || argument.contains("/")
        let topLevel: Bool
        if case .word(let w) = next {
            topLevel = SpokenShell.topLevelDirectories.contains(w.lowercased())
        } else {
            topLevel = false
        }
        let continuesPath = kind == .joined && isPath
        let joinsWord = (kind == .word || kind == .joined) && !topLevel
        join("/", if: glue || continuesPath || joinsWord, else: .joined)
        glue = true
    }

    /// `backslash X`: the symbol X as its plain character, beginning an argument
    /// (`backslash semicolon` → `\;`); or an escape sequence joined to the argument before it
    /// (`percent s backslash n` → `%s\n`).
    private mutating func writeEscape() {
        if case .symbol(let symbol) = next {
            i += 1
            place("\\" + symbol.plain, as: .joined)
            glue = symbol == .dollar
        } else {
            join("\\", if: glue || isArgument, else: .joined)
            glue = true
        }
    }

    /// Opening brackets join what follows. At the start of a command, `[`, `[[` and `{` are the
    /// test command and the group and keep their spaces: `[ -f x ]`, `{ ls; }`.
    private mutating func writeOpen(_ bracket: SpokenShell.Bracket) {
        let wasAtCommand = atCommand
        if bracket == .bracket, previous == .symbol(.open(.bracket)), brackets.last?.spaced == true {
            text += "["
            argument += "["
            brackets.append((bracket, true))
            return
        }
        if bracket != .paren, wasAtCommand, !glue, !inQuotes {
            start(bracket.open, as: .command)
            brackets.append((bracket, true))
            atCommand = bracket == .brace
            return
        }
        place(bracket.open, as: .joined)
        glue = true
        brackets.append((bracket, false))
        // A subshell or a command substitution begins a command.
        atCommand = bracket == .paren && !inQuotes && (wasAtCommand || text.hasSuffix("$("))
    }

    private mutating func writeClose(_ bracket: SpokenShell.Bracket) {
        let top = brackets.last
        if top?.bracket == bracket { brackets.removeLast() }
        if top?.bracket == bracket, top?.spaced == true {
            if previous == .symbol(.close(bracket)) {
                text += bracket.close
                argument += bracket.close
            } else {
                start(bracket.close, as: .joined)
            }
        } else {
            attach(bracket.close)
        }
        glue = false
        atCommand = false
    }

    /// `quote` opens `"`, `single quote` opens `'`; the same word again, or `end quote`, closes
    /// it. A quote opened inside the other kind nests (`"say 'hi'"`).
    private mutating func writeQuote(_ mark: Character) {
        if let open = quotes.lastIndex(of: mark) {
            while quotes.count > open { attach(String(quotes.removeLast())) }
            glue = false
            return
        }
        place(String(mark), as: .joined)
        quotes.append(mark)
        glue = true
        atCommand = false
    }

    // MARK: Lookahead

    private func lexeme(at index: Int) -> Lexeme? {
        index < lexemes.count ? lexemes[index] : nil
    }

    /// Whether `lexeme` closes the open quote (or there is nothing after it).
    private func closesQuote(_ lexeme: Lexeme?) -> Bool {
        switch lexeme {
        case nil, .symbol(.endQuote): true
        case .symbol(.quote(let mark)): quotes.last == mark
        default: false
        }
    }

    private static func isLetter(_ word: String) -> Bool {
        word.count == 1 && word.first!.isLetter
    }

    private static func isNumber(_ lexeme: Lexeme?) -> Bool {
        if case .number = lexeme { true } else { false }
    }

    private static func isRedirect(_ lexeme: Lexeme) -> Bool {
        if case .symbol(.redirect) = lexeme { true } else { false }
    }

    /// Whether a dot joins the lexeme after it (and so may join the word before it too).
    private static func dotJoins(_ lexeme: Lexeme?) -> Bool {
        switch lexeme {
        case .word, .text, .number, .symbol(.star), .symbol(.dollar), .symbol(.open(.brace)): true
        default: false
        }
    }

    /// Whether the lexeme at `index` joins the word before it into one piece.
    private func joinsLeft(at index: Int) -> Bool {
        guard case .symbol(let symbol) = lexeme(at: index) else { return false }
        if symbol == .dot {
            var after = index + 1
            while lexeme(at: after) == .symbol(.dot) { after += 1 }
            return Self.dotJoins(lexeme(at: after))
        }
        return [.slash, .underscore, .hyphen, .equals, .colon, .atSign].contains(symbol)
    }
}
