/// A shell line split the way a POSIX shell splits it, far enough to see what runs: simple
/// commands and the operator before each, words with their quotes and backslashes removed,
/// redirections set apart, and the text inside `$( )`, backticks and `<( )` kept for a
/// second look. It never expands anything; a word whose value depends on an expansion is
/// marked `dynamic`. `parse` returns nil for what it cannot read (an open quote, an
/// unclosed substitution, a trailing backslash). It reads Unicode scalars, not grapheme
/// clusters, as the shell reads bytes: a `"` followed by a combining mark still closes a quote.
struct ShellWords: Equatable {
    struct Word: Equatable {
        /// The word without quotes and backslashes; expansions stay as written (`$HOME`).
        var text = ""
        /// Its value comes from a variable, a command substitution or a backtick.
        var dynamic = false
        /// The bodies of `$( )` and backticks in it, which the shell runs first.
        var substitutions: [String] = []
        /// The bodies of `<( )` and `>( )`: the word names what they print.
        var processes: [String] = []
    }

    struct Command: Equatable {
        /// The operator before it: "", `;`, `&&`, `||`, `|`, `&`, `(`, `)`, newline.
        var after = ""
        var words: [Word] = []
        /// Redirection targets (`> /dev/sda`, `< <(curl …)`), with their operator.
        var redirects: [(op: String, target: Word)] = []

        static func == (a: Command, b: Command) -> Bool {
            a.after == b.after && a.words == b.words && a.redirects.map(\.op) == b.redirects.map(\.op)
                && a.redirects.map(\.target) == b.redirects.map(\.target)
        }
    }

    var commands: [Command]
    /// Why the shell would wait for more before it runs the line (`ls |`, `if true`, `cat <<EOF`), or nil.
    var unfinished: String?
    /// The functions the line defines (`ls () { …; }`, `function ls { …; }`).
    var functions: [String] = []

    /// `comments: false` reads a `#` as a plain character, as zsh does by default when
    /// interactive (no `interactivecomments`), so what follows it is looked at too.
    static func parse(_ text: String, comments: Bool = true) -> ShellWords? {
        try? read(text, comments: comments).get()
    }

    /// The line, or why it cannot be read: what is left open at its end (a quote, a `$(`, a
    /// trailing backslash or redirection), which the shell would wait to be closed.
    static func read(_ text: String, comments: Bool = true) -> Result<ShellWords, Unreadable> {
        var parser = Parser(chars: text.unicodeScalars.map(Character.init)[...], comments: comments)
        guard let all = parser.run() else { return .failure(Unreadable(reason: parser.unreadable ?? "cannot be read")) }
        let commands = all.filter { !$0.words.isEmpty || !$0.redirects.isEmpty }
        return .success(
            ShellWords(commands: commands, unfinished: Self.unfinished(all), functions: Self.functions(all)))
    }

    /// A line cut short, and how, in a few words: `leaves $( open`, `ends in |`.
    struct Unreadable: Error, Equatable {
        var reason: String
    }

    /// `name () …` is a word alone, then an empty `(` and a `)`; `function name …` says so.
    private static func functions(_ all: [Command]) -> [String] {
        all.indices.compactMap { i in
            let words = all[i].words.map(\.text)
            if words.first == "function", words.count > 1 { return words[1] }
            guard words.count == 1, i + 2 < all.count, all[i + 1].after == "(", all[i + 1].words.isEmpty,
                all[i + 2].after == ")"
            else { return nil }
            return words[0]
        }
    }

    /// A file descriptor number (`2` in `2>`, `>&2`): ASCII digits only, as the shell reads them.
    static func isDescriptor(_ text: String) -> Bool {
        !text.isEmpty && text.allSatisfy { $0.isASCII && $0.isNumber }
    }

    private struct Parser {
        var chars: ArraySlice<Character>
        let comments: Bool
        var commands: [Command] = [Command()]
        var word = Word()
        var inWord = false
        var pendingRedirect: String?

        mutating func run() -> [Command]? {
            while let c = chars.popFirst() {
                switch c {
                case "\\":
                    guard let next = chars.popFirst() else { return failed("ends in a backslash") }
                    if next != "\n" { append(next) }
                case "'":
                    guard let end = chars.firstIndex(of: "'") else { return failed("leaves ' open") }
                    append(contentsOf: chars[..<end])
                    chars = chars[(end + 1)...]
                case "\"":
                    guard doubleQuoted() else { return failed("leaves \" open") }
                case "$" where chars.first == "'":
                    guard ansiC() else { return failed("leaves $' open") }
                case "$" where chars.first == "\"":
                    word.dynamic = true  // `$"…"` is translated, so its value may differ
                    append("$")
                case "$":
                    guard dollar() else { return failed("leaves $ open") }
                case "`":
                    guard let body = until("`") else { return failed("leaves ` open") }
                    mark(substitution: body, written: "`\(body)`")
                case "!" where history:
                    mark(substitution: "!", written: "!")
                case "<" where chars.first == "(", ">" where chars.first == "(":
                    chars.removeFirst()
                    guard let body = balanced() else { return failed("leaves \(c)( open") }
                    word.processes.append(body)
                    append(contentsOf: "\(c)(\(body))")
                case "<", ">":
                    // `2>` names a descriptor, not a word; `>&2`, `>>`, `<<<` are one operator.
                    if inWord, ShellWords.isDescriptor(word.text) { word = Word(); inWord = false }
                    endWord()
                    var op = String(c)
                    while let next = chars.first, "<>&|".contains(next) { op.append(next); chars.removeFirst() }
                    pendingRedirect = op
                case "&" where chars.first == ">" && !inWord:
                    endWord()
                    chars.removeFirst()
                    var op = "&>"
                    if chars.first == ">" { op.append(chars.removeFirst()) }
                    pendingRedirect = op
                case " ", "\t":
                    endWord()
                case "#" where !inWord && comments:
                    chars = chars[chars.endIndex...]
                case ";", "|", "&", "\n", "(", ")":
                    endWord()
                    var op = String(c)
                    if let next = chars.first, "|&;".contains(c), next == c || (c == "|" && next == "&") {
                        op.append(chars.removeFirst())
                    }
                    commands.append(Command(after: op))
                default:
                    append(c)
                }
            }
            endWord()
            if let op = pendingRedirect { return failed("ends in \(op)") }
            return commands
        }

        /// Why the line cannot be read, for `read`: the innermost thing left open wins (the
        /// backtick inside a quote).
        var unreadable: String?

        mutating func failed(_ reason: String) -> [Command]? {
            unreadable = unreadable ?? reason
            return nil
        }

        mutating func append(_ c: Character) {
            word.text.append(c)
            inWord = true
        }

        mutating func append(contentsOf s: some Sequence<Character>) {
            word.text.append(contentsOf: s)
            inWord = true
        }

        mutating func mark(substitution body: String, written: String) {
            word.substitutions.append(body)
            word.dynamic = true
            append(contentsOf: written)
        }

        mutating func endWord() {
            guard inWord else { return }
            if let op = pendingRedirect {
                commands[commands.count - 1].redirects.append((op, word))
                pendingRedirect = nil
            } else {
                commands[commands.count - 1].words.append(word)
            }
            word = Word()
            inWord = false
        }

        /// Inside `"…"`: backslash escapes only `$`, `` ` ``, `"`, `\`; expansions still happen.
        mutating func doubleQuoted() -> Bool {
            inWord = true
            while let c = chars.popFirst() {
                switch c {
                case "\"": return true
                case "\\":
                    guard let next = chars.popFirst() else { return false }
                    if !"$`\"\\\n".contains(next) { word.text.append("\\") }
                    if next != "\n" { word.text.append(next) }
                case "$": guard dollar() else { return false }
                case "!" where history:
                    mark(substitution: "!", written: "!")
                case "`":
                    guard let body = until("`") else {
                        unreadable = "leaves ` open"
                        return false
                    }
                    mark(substitution: body, written: "`\(body)`")
                default: word.text.append(c)
                }
            }
            return false
        }

        /// After `$`: `$(…)`, `$((…))`, `${…}`, `$NAME`, `$1`, `$?`; a lone `$` is literal.
        mutating func dollar() -> Bool {
            switch chars.first {
            case "(":
                chars.removeFirst()
                guard let body = balanced() else {
                    unreadable = "leaves $( open"
                    return false
                }
                mark(substitution: body, written: "$(\(body))")
            case "{":
                chars.removeFirst()
                guard let body = braced() else {
                    unreadable = "leaves ${ open"
                    return false
                }
                // `${x:-$(rm …)}`, `${x:=y}`, `${x:-'}'}`: anything but a plain name may run
                // something, set a variable or end elsewhere than it seems.
                if Self.isPlainParameter(body) {
                    word.dynamic = true
                    append(contentsOf: "${\(body)}")
                } else {
                    mark(substitution: body, written: "${\(body)}")
                }
            case let c? where c.isLetter || c.isNumber || c == "_" || "?#@*!$-".contains(c):
                var name = String(chars.removeFirst())
                if c.isLetter || c == "_" {
                    while let n = chars.first, n.isLetter || n.isNumber || n == "_" { name.append(chars.removeFirst()) }
                }
                word.dynamic = true
                append(contentsOf: "$\(name)")
            case "[":
                // bash's old arithmetic, `$[x=1]`: it can set a variable.
                chars.removeFirst()
                guard let body = until("]") else {
                    unreadable = "leaves $[ open"
                    return false
                }
                mark(substitution: body, written: "$[\(body)]")
            case let c? where "=~^".contains(c):
                word.dynamic = true  // zsh's `$=x`, `$~x`: split or glob the value
                append("$")
            default:
                append("$")
            }
            return true
        }

        /// History expansion (`!!`, `!rm`, `!$`) pastes earlier lines in before the shell reads
        /// this one; `!` before a blank, `=` or `(` is left alone.
        var history: Bool {
            guard let next = chars.first else { return false }
            return !" \t=(".contains(next)
        }

        /// `$'…'`: backslash escapes, `\'` among them, so it ends at the first unescaped quote.
        mutating func ansiC() -> Bool {
            chars.removeFirst()
            var body = ""
            while let c = chars.popFirst() {
                if c == "'" {
                    word.dynamic = true
                    append(contentsOf: "$'\(body)'")
                    return true
                }
                body.append(c)
                if c == "\\", let next = chars.popFirst() { body.append(next) }
            }
            return false
        }

        static func isPlainParameter(_ body: String) -> Bool {
            let name = body.hasPrefix("#") && body.count > 1 ? body.dropFirst() : body[...]
            if name.count == 1, "@*#?$!-".contains(name) { return true }
            guard let first = name.first, first.isASCII, first.isLetter || first.isNumber || first == "_" else {
                return false
            }
            return name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
        }

        /// Up to the `}` closing a `${`, past quotes and escapes inside it.
        mutating func braced() -> String? { enclosed(by: "}", escapesInDoubleQuotes: false) }

        /// Up to the closing `)` of one just opened, past nested parentheses and quotes.
        mutating func balanced() -> String? { enclosed(by: ")", nesting: "(", escapesInDoubleQuotes: true) }

        /// Up to the `close` that ends what was just opened, past quotes and backslash escapes
        /// inside it; each `nesting` opens one more `close`. A backslash in double quotes escapes
        /// the next character only where asked (in `$(…)`, not in `${…}`).
        private mutating func enclosed(by close: Character, nesting open: Character? = nil, escapesInDoubleQuotes: Bool)
            -> String?
        {
            var depth = 1
            var body = ""
            var quote: Character?
            while let c = chars.popFirst() {
                if let q = quote {
                    if c == q {
                        quote = nil
                    } else if escapesInDoubleQuotes, c == "\\", q == "\"", let n = chars.popFirst() {
                        body.append(c); body.append(n); continue
                    }
                } else if c == "'" || c == "\"" {
                    quote = c
                } else if c == "\\", let n = chars.popFirst() {
                    body.append(c)
                    body.append(n)
                    continue
                } else if c == open {
                    depth += 1
                } else if c == close {
                    depth -= 1
                    if depth == 0 { return body }
                }
                body.append(c)
            }
            return nil
        }

        mutating func until(_ end: Character) -> String? {
            guard let index = chars.firstIndex(of: end) else { return nil }
            let body = String(chars[..<index])
            chars = chars[(index + 1)...]
            return body
        }
    }
}
