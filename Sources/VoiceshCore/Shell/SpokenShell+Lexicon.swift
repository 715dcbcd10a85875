/// The spoken vocabulary: symbol words, number words, the built-in fixes for common
/// mishearings, and the lexer that turns tokens into lexemes for `ShellTextWriter`.
extension SpokenShell {
    /// One unit of shell text to write.
    enum Lexeme: Equatable, Sendable {
        /// A spoken word, kept as it is (or capitalised by `capital` / `all caps`).
        case word(String)
        /// Text from `literal`, an alias or a fix: written as it is, never interpreted.
        case text(String)
        /// Digits, in the groups they were spoken in ("eight zero" is ["8", "0"]).
        case number([String])
        case symbol(Symbol)
    }

    enum Bracket: Equatable, Sendable {
        case paren, bracket, brace

        var open: String {
            switch self {
            case .paren: "("
            case .bracket: "["
            case .brace: "{"
            }
        }

        var close: String {
            switch self {
            case .paren: ")"
            case .bracket: "]"
            case .brace: "}"
            }
        }
    }

    enum Symbol: Equatable, Sendable {
        case dash, doubleDash, hyphen, dot, slash, backslash, tilde, underscore, star
        case dollar, equals, colon, comma, atSign, hash, percent, caret, question, bang, plus
        case ampersand, semicolon
        /// `|`, `&&`, `||`: spaced, and a command follows.
        case control(String)
        /// `>`, `>>`, `<`.
        case redirect(String)
        case open(Bracket), close(Bracket)
        case quote(Character)
        case endQuote

        /// The characters the symbol stands for, as written after `backslash`.
        var plain: String {
            switch self {
            case .dash, .hyphen: "-"
            case .doubleDash: "--"
            case .dot: "."
            case .slash: "/"
            case .backslash: "\\"
            case .tilde: "~"
            case .underscore: "_"
            case .star: "*"
            case .dollar: "$"
            case .equals: "="
            case .colon: ":"
            case .comma: ","
            case .atSign: "@"
            case .hash: "#"
            case .percent: "%"
            case .caret: "^"
            case .question: "?"
            case .bang: "!"
            case .plus: "+"
            case .ampersand: "&"
            case .semicolon: ";"
            case .control(let op), .redirect(let op): op
            case .open(let bracket): bracket.open
            case .close(let bracket): bracket.close
            case .quote(let mark): String(mark)
            case .endQuote: "\""
            }
        }
    }

    /// Symbol words. Two-word names are tried before one-word names.
    static let keywords: [[String]: Symbol] = [
        ["double", "dash"]: .doubleDash,
        ["greater", "than"]: .redirect(">"),
        ["append", "to"]: .redirect(">>"),
        ["less", "than"]: .redirect("<"),
        ["and", "and"]: .control("&&"),
        ["or", "or"]: .control("||"),
        ["at", "sign"]: .atSign,
        ["open", "paren"]: .open(.paren), ["close", "paren"]: .close(.paren),
        ["open", "parenthesis"]: .open(.paren), ["close", "parenthesis"]: .close(.paren),
        ["open", "bracket"]: .open(.bracket), ["close", "bracket"]: .close(.bracket),
        ["open", "brace"]: .open(.brace), ["close", "brace"]: .close(.brace),
        ["question", "mark"]: .question,
        ["exclamation", "mark"]: .bang, ["exclamation", "point"]: .bang,
        ["single", "quote"]: .quote("'"),
        ["end", "quote"]: .endQuote, ["close", "quote"]: .endQuote,
        ["dash"]: .dash, ["hyphen"]: .hyphen, ["dot"]: .dot, ["slash"]: .slash, ["backslash"]: .backslash,
        ["tilde"]: .tilde, ["underscore"]: .underscore, ["star"]: .star, ["asterisk"]: .star,
        ["dollar"]: .dollar, ["equals"]: .equals, ["colon"]: .colon, ["comma"]: .comma, ["hash"]: .hash,
        ["percent"]: .percent, ["caret"]: .caret, ["bang"]: .bang, ["plus"]: .plus,
        ["ampersand"]: .ampersand, ["semicolon"]: .semicolon, ["pipe"]: .control("|"),
        ["quote"]: .quote("\""), ["unquote"]: .endQuote,
    ]

    /// Mishearings fixed wherever they appear, and hyphenated names said as words. Applied after
    /// the profile's aliases, longest first. The fixes that depend on the position in the
    /// command (`get status`, `grab`, `see dee`, `el es`) are in `ShellTextWriter`.
    static let fixes: [Phrase] = {
        let table: [String: [String]] = [
            "kubectl": [
                "kube control", "cube control", "kube ctl", "cube ctl", "coob control", "kube cuttle", "cube cuttle",
                "kube cuddle", "cube cuddle",
            ],
            "systemctl": ["system control", "system ctl"],
            "journalctl": ["journal control", "journal ctl"],
            "sudo": ["pseudo"],
            "nginx": ["engine x", "engine ex"],
            "chmod": ["change mod", "see h mod"],
            "chown": ["change own", "see h own"],
            "apt-get": ["apt get", "apt dash get"],
            "apt-cache": ["apt cache", "apt dash cache"],
            "ssh-keygen": ["ssh keygen", "ssh key gen", "ssh dash keygen"],
            "ssh-copy-id": ["ssh copy id", "ssh dash copy dash id"],
            "ssh-add": ["ssh dash add"],
            "ssh-agent": ["ssh dash agent"],
            "kube-system": ["kube dash system", "cube dash system"],
            "os-release": ["os dash release"],
            "list-units": ["list dash units"],
            "list-unit-files": ["list dash unit dash files"],
            "daemon-reload": ["daemon reload", "daemon dash reload"],
            "is-active": ["is dash active"],
            "is-enabled": ["is dash enabled"],
            "docker-compose.yml": ["docker compose dot yml"],
            "docker-compose.yaml": ["docker compose dot yaml"],
            "md5sum": ["md five sum"],
            "sha1sum": ["sha one sum"],
            "sha256sum": ["sha two five six sum"],
            "sha512sum": ["sha five one two sum"],
            // How a writer spells shell words it heard as English.
            "etc": ["et cetera"],
            "localhost": ["local host"],
            "readme": ["read me"],
        ]
        return phrases(Dictionary(uniqueKeysWithValues: table.flatMap { fixed, spoken in spoken.map { ($0, fixed) } }))
    }()

    /// `get X` at the start of a command is `git X` when X is one of these.
    static let gitSubcommands: Set<String> = [
        "add", "bisect", "blame", "branch", "checkout", "clean", "clone", "commit", "diff", "fetch", "init", "log",
        "merge", "mv", "pull", "push", "rebase", "reflog", "remote", "reset", "restore", "revert", "rm", "show",
        "stash", "status", "switch", "tag", "worktree",
    ]

    /// Words after which the next word starts a command again (`sudo grab` → `sudo grep`).
    static let commandPrefixes: Set<String> = [
        "sudo", "doas", "xargs", "watch", "time", "nohup", "exec", "nice", "if", "then", "else", "elif", "do",
        "while", "until",
    ]

    /// Commands whose arguments often start with `.` or `/`: after one of these, `dot` and
    /// `slash` begin a new argument (`cat dot env` → `cat .env`). After any other first word they
    /// join it (`readme dot md` → `readme.md`).
    static let commands: Set<String> = [
        "apt", "apt-get", "awk", "bash", "bat", "cat", "cd", "chgrp", "chmod", "chown", "code", "cp", "curl", "cut",
        "date", "df", "diff", "dig", "docker", "du", "echo", "emacs", "env", "export", "fd", "file", "find", "git",
        "grep", "gzip", "head", "jq", "kill", "kubectl", "less", "ln", "ls", "make", "man", "mkdir", "more", "mount",
        "mv", "nano", "npm", "open", "ping", "printf", "python", "python3", "rg", "rm", "rmdir", "rsync", "scp", "sed",
        "sh", "sort", "source", "ssh", "stat", "sudo", "systemctl", "tail", "tar", "tee", "touch", "tree", "umount",
        "uniq", "unzip", "vi", "vim", "wc", "wget", "which", "xargs", "zip", "zsh",
    ]

    /// Names a version number joins without a space (`python three` → `python3`).
    static let versioned: Set<String> = [
        "python", "pip", "apache", "php", "perl", "lua", "ed", "md", "sha", "base", "utf",
    ]

    /// Top-level directories: after an argument, `slash` before one of these begins a new
    /// absolute path (`grep error slash var` → `grep error /var`) instead of joining.
    static let topLevelDirectories: Set<String> = [
        "boot", "dev", "etc", "home", "media", "mnt", "opt", "proc", "root", "run", "srv", "sys", "tmp", "usr", "var",
    ]

    // MARK: Lexer

    static func lex(_ tokens: [Token]) -> [Lexeme] {
        var lexemes: [Lexeme] = []
        var i = 0
        func word(_ offset: Int) -> String? {
            guard i + offset < tokens.count, case .word(let w) = tokens[i + offset] else { return nil }
            return w.lowercased()
        }
        while i < tokens.count {
            guard case .word(let spoken) = tokens[i] else {
                if case .text(let text) = tokens[i] { lexemes.append(.text(text)) }
                i += 1
                continue
            }
            let lowered = spoken.lowercased()
            // `capital W` and `all caps W` take the next word as it is, even a symbol word.
            let caseChange = lowered == "capital" ? 1 : lowered == "all" && word(1) == "caps" ? 2 : 0
            if caseChange > 0, i + caseChange < tokens.count {
                let upper: (String) -> String =
                    caseChange == 1 ? { $0.prefix(1).uppercased() + $0.dropFirst() } : { $0.uppercased() }
                switch tokens[i + caseChange] {
                case .word(let w): lexemes.append(.word(upper(w)))
                case .text(let t): lexemes.append(.text(upper(t)))
                }
                i += caseChange + 1
            } else if let second = word(1), let symbol = keywords[[lowered, second]] {
                lexemes.append(.symbol(symbol))
                i += 2
            } else if let symbol = keywords[[lowered]] {
                lexemes.append(.symbol(symbol))
                i += 1
            } else if let (groups, used) = number(at: i, in: tokens) {
                lexemes.append(.number(groups))
                i += used
            } else if spoken.allSatisfy({ $0.isASCII && $0.isNumber }) {
                lexemes.append(.number([spoken]))
                i += 1
            } else {
                lexemes.append(.word(spoken))
                i += 1
            }
        }
        return lexemes
    }

    // MARK: Numbers

    private static let units = [
        "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
    ]
    private static let teens = [
        "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16,
        "seventeen": 17, "eighteen": 18, "nineteen": 19,
    ]
    private static let tens = [
        "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90,
    ]

    /// A run of number words as digit groups, and how many words it used. Each group is a digit
    /// (`zero`…`nine`, and `oh` after another number word), a number below a hundred
    /// (`fifteen`, `twenty two`), hundreds (`one hundred five`) or thousands (`two thousand
    /// twenty four`); the groups are written one after another (`eight zero eight zero` → 8080,
    /// `twenty twenty four` → 2024, `four four three` → 443).
    static func number(at start: Int, in tokens: [Token]) -> (groups: [String], used: Int)? {
        var words: [String] = []
        for token in tokens[start...] {
            guard case .word(let w) = token else { break }
            words.append(w.lowercased())
        }
        var groups: [String] = []
        var j = 0
        while j < words.count, let (value, used) = group(words, from: j, first: groups.isEmpty) {
            groups.append(String(value))
            j += used
        }
        return groups.isEmpty ? nil : (groups, j)
    }

    private static func group(_ words: [String], from start: Int, first: Bool) -> (Int, Int)? {
        guard let (value, used) = belowThousand(words, from: start, oh: !first) else { return nil }
        let next = start + used
        guard value > 0, next < words.count, words[next] == "thousand" else { return (value, used) }
        if let (rest, more) = belowThousand(words, from: next + 1, oh: false), rest > 0 {
            return (value * 1000 + rest, used + 1 + more)
        }
        return (value * 1000, used + 1)
    }

    private static func belowThousand(_ words: [String], from start: Int, oh: Bool) -> (Int, Int)? {
        guard start < words.count else { return nil }
        let word = words[start]
        let hasHundred = start + 1 < words.count && words[start + 1] == "hundred"
        if let unit = units[word] ?? (oh && word == "oh" ? 0 : nil) {
            guard unit > 0, hasHundred else { return (unit, 1) }
            let (rest, more) = belowHundred(words, from: start + 2) ?? (0, 0)
            return (unit * 100 + rest, 2 + more)
        }
        if let teen = teens[word], hasHundred {
            let (rest, more) = belowHundred(words, from: start + 2) ?? (0, 0)
            return (teen * 100 + rest, 2 + more)
        }
        return belowHundred(words, from: start)
    }

    /// `fifteen`, `twenty`, `twenty two`, or a digit `one`…`nine`.
    private static func belowHundred(_ words: [String], from start: Int) -> (Int, Int)? {
        guard start < words.count else { return nil }
        let word = words[start]
        if let teen = teens[word] { return (teen, 1) }
        if let ten = tens[word] {
            if start + 1 < words.count, let unit = units[words[start + 1]], unit > 0 { return (ten + unit, 2) }
            return (ten, 1)
        }
        if let unit = units[word], unit > 0 { return (unit, 1) }
        return nil
    }
}
