/// Undoes how speech-to-text services write what was said, before the spoken-shell rules run.
/// Whisper-style servers and the cloud providers format speech as prose: sentence case or ALL
/// CAPS, a period at the end, commas at pauses (`dash, dash, rebase`), spoken words joined
/// with hyphens (`CD-slash-var`, `re-base`). The edge engine writes none of this, so for it
/// the pass changes nothing. Text that is already shell (`git log --oneline`) stays as it is,
/// and so does everything inside a quoted span, typed (`"Fix the build."`) or spoken
/// (`quote Fix the build end quote`).
extension SpokenShell {
    /// The words as they would have been said.
    static func unwritten(_ words: [String]) -> [String] {
        let shouting = isShouting(words)
        var result: [String] = []
        var quoted = Set<Int>()  // indices in `result` of words inside a quoted span, kept as written
        var typedQuote = false  // inside "…" written as characters
        var spokenQuote = false  // inside `quote … end quote`
        var sentenceStart = true
        for (index, raw) in words.enumerated() {
            let quoteMarks = raw.filter { $0 == "\"" }.count
            let insideAtStart = typedQuote
            if quoteMarks % 2 == 1 { typedQuote.toggle() }
            let next = index + 1 < words.count ? bare(words[index + 1]).lowercased() : nil
            if insideAtStart || (quoteMarks > 0 && typedQuote) {
                // A typed quoted span is kept as written; only a period after its closing mark goes.
                quoted.insert(result.count)
                result.append(typedQuote ? raw : dropSentencePunctuation(raw))
                sentenceStart = false
                continue
            }
            let lowered = bare(raw).lowercased()
            let quoteWord = lowered == "quote" || lowered == "unquote"
            if spokenQuote && !quoteWord {
                // Prose inside a spoken quote keeps its case; the pause before its end goes.
                let closes = next.map { ["quote", "unquote", "end", "close"].contains($0) } ?? true
                quoted.insert(result.count)
                result.append(closes ? dropSentencePunctuation(raw) : raw)
                continue
            }
            if quoteWord { spokenQuote = opensQuote(lowered, previous: result.last?.lowercased()) }
            let endsSentence = raw.last.map { ".?!".contains($0) } == true
            let word = dropSentencePunctuation(raw)
            for (partIndex, part) in splitJoined(word).enumerated() {
                let previous = result.last?.lowercased()
                result.append(
                    unshouted(
                        part, shouting: shouting, sentenceStart: sentenceStart && partIndex == 0, after: previous))
            }
            sentenceStart = endsSentence
        }
        // Letters and split commands are mended outside quotes only: inside, `p s` and `and` are prose.
        var mended: [String] = []
        var run: [String] = []
        for (index, word) in result.enumerated() where !word.isEmpty {
            if quoted.contains(index) {
                mended += joinedCommands(spelledFlags(run)) + [word]
                run = []
            } else {
                run.append(word)
            }
        }
        return mended + joinedCommands(spelledFlags(run))
    }

    // MARK: Letters and split words

    /// A flag letter written as the word its name sounds like (`dash and` → `dash n`, `-and` →
    /// `-n`): after one `dash` a flag is letters, and a writer that hears a letter's name
    /// spells it as the nearest word. After `dash dash` a long option is a word and stays.
    static func spelledFlags(_ words: [String]) -> [String] {
        var result = words.map { word in  // `-and`: the dash written as a symbol
            // Two letters after a written dash are a real cluster (`ps -ef`, `set -ex`), not a name.
            guard word.hasPrefix("-"), !word.hasPrefix("--"), word.count > 3,
                let letter = letterNames[word.dropFirst().lowercased()]
            else { return word }
            return "-" + letter
        }
        for i in result.indices.dropFirst() where result[i - 1].lowercased() == "dash" {
            guard i < 2 || result[i - 2].lowercased() != "dash",
                let letter = letterNames[result[i].lowercased()]
            else { continue }
            result[i] = letter
        }
        return result
    }

    /// Words a writer spells for a letter's name: those of a letter said alone, and after a
    /// `dash` (a flag is letters there) the words whose sound is a letter's name too.
    static let letterNames: [String: String] = SpokenLetters.names.mapValues { String($0) }.merging(
        ["and": "n", "eff": "f", "ef": "f", "ell": "l", "ar": "r", "es": "s"]
    ) { alone, _ in alone }

    /// A command a writer split in two (`ch mod` → `chmod`, `mk dir` → `mkdir`) where a command
    /// starts, or spelled as two letters (`docker p s` → `docker ps`) anywhere but after a
    /// `dash` or among other letters (a flag's): the two words join when together they are a word of shell talk
    /// and apart they are not both words of it (`git add` stays).
    static func joinedCommands(_ words: [String]) -> [String] {
        var result: [String] = []
        var i = 0
        while i < words.count {
            let previous = result.last?.lowercased()
            let atCommand = commandStarts(after: result)
            if i + 1 < words.count, previous != "dash" {
                let first = words[i].lowercased()
                let second = words[i + 1].lowercased()
                let joined = first + second
                let bothKnown = [first, second].allSatisfy { $0.count > 1 && knownWords.contains($0) }
                // Two letters alone, not a run of them (`dash t l n p`, `a b c d`).
                let single = { (word: String?) in word.map { $0.count == 1 } ?? false }
                let spelled =
                    first.count == 1 && second.count == 1 && !single(previous)
                    && !single(i + 2 < words.count ? words[i + 2] : nil)
                if atCommand || spelled, knownWords.contains(joined), !bothKnown,
                    first.allSatisfy(\.isLetter), second.allSatisfy(\.isLetter)
                {
                    result.append(joined)
                    i += 2
                    continue
                }
            }
            result.append(words[i])
            i += 1
        }
        return result
    }

    /// Whether a command starts after `words`: at the start, after an operator between
    /// commands, said (`pipe`, `and and`, `or or`, `semicolon`, `ampersand`, `open paren`) or
    /// written (`|`, `&&`, `$(`…), and after a prefix that runs one (`sudo`, `xargs`, `then`…).
    /// Looser than `ShellTextWriter`, which starts a command after `(` only where one was
    /// starting or after `$(`: here any open paren lets a split command join.
    static func commandStarts(after words: [String]) -> Bool {
        guard let last = words.last?.lowercased() else { return true }
        if commandPrefixes.contains(last) || ["|", "||", "&&", ";", "&", "(", "$("].contains(last) { return true }
        let phrases = [Array(words.suffix(2)).map { $0.lowercased() }, [last]]
        return phrases.contains { phrase in
            switch keywords[phrase] {
            case .control, .semicolon, .ampersand, .open(.paren): true
            default: false
            }
        }
    }

    // MARK: Quotes

    /// Whether the quote word (`quote`, `unquote`; `end`, `close` or `single` may come before
    /// it) leaves a spoken quote open.
    private static func opensQuote(_ word: String, previous: String?) -> Bool {
        word == "quote" && previous != "end" && previous != "close"
    }

    // MARK: Punctuation

    /// The word without the characters around it that only prose has.
    private static func bare(_ word: String) -> String {
        String(word.drop { "\"'(".contains($0) }.reversed().drop { ".,?!\"')".contains($0) }.reversed())
    }

    /// `status.` → `status`, `-m,` → `-m`, `"build".` → `"build"`: a trailing run of `.`, `,`,
    /// `?`, `!` goes when it follows a letter, a digit, a closing quote or bracket. A lone `.` or
    /// `..` (a directory) and `main...feature` are kept.
    static func dropSentencePunctuation(_ word: String) -> String {
        var end = word.endIndex
        while end > word.startIndex, ".,?!".contains(word[word.index(before: end)]) {
            end = word.index(before: end)
        }
        guard end < word.endIndex, end > word.startIndex else { return word }
        let last = word[word.index(before: end)]
        guard last.isLetter || last.isNumber || "\"')".contains(last) else { return word }
        return String(word[..<end])
    }

    // MARK: Hyphens

    /// `CD-slash-var` → `CD slash var`, `dash-dash-stat` → `dash dash stat`: spoken words joined
    /// with hyphens come apart when one of them is a symbol or number word, and so do words
    /// joined with a dot (`star.txt` → `star dot txt`). `re-base` →
    /// `rebase` when the joined word is a command or git subcommand. `—stat` (a dash the writer
    /// turned typographic) → `--stat`. Anything else (`apt-get`, `--dry-run`) is kept.
    static func splitJoined(_ word: String) -> [String] {
        if let first = word.first, first == "—" || first == "–", word.count > 1 {
            return ["--" + word.dropFirst()]
        }
        // `star.txt`: a symbol word the writer joined to a name with a dot.
        let dotted = word.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        if dotted.count > 1, !dotted.contains(where: \.isEmpty),
            dotted.contains(where: { spokenSymbolWords.contains($0.lowercased()) })
        {
            return dotted.flatMap { [$0, "dot"] }.dropLast()
        }
        guard !word.hasPrefix("-"), word.contains("-") else { return [word] }
        let parts = word.split(separator: "-").map(String.init)
        guard parts.count > 1, parts.allSatisfy({ $0.allSatisfy { $0.isLetter || $0.isNumber } }) else {
            return [word]
        }
        if parts.contains(where: { spokenSymbolWords.contains($0.lowercased()) }) { return parts }
        let joined = parts.joined().lowercased()
        if knownWords.contains(joined) && !knownWords.contains(word.lowercased()) { return [joined] }
        return [word]
    }

    // MARK: Case

    /// Every letter outside quotes is a capital (`JIT STATUS`), and there are at least two.
    private static func isShouting(_ words: [String]) -> Bool {
        var letters = 0
        var inQuote = false
        for word in words where !word.contains("$") {  // `$HOME $PATH` is not shouting
            for character in word {
                if character == "\"" {
                    inQuote.toggle()
                } else if !inQuote, character.isLetter {
                    if !character.isUppercase { return false }
                    letters += 1
                }
            }
        }
        return letters > 1
    }

    /// The word in the case it was said in. Spoken shell has no capitals but those said as
    /// `capital X` and `all caps W`, so a writer's capitals go: all of them in shouted text;
    /// a sentence-case or proper-noun capital (`Get`, `Docker`, `Config.yaml`); a spelled
    /// letter (`dash F`, `dash XF`) or extension (`dot YAML`); a capitalised file name
    /// (`Cron.service`); a path in capitals (`/VAR/LOG`), or a known word in capitals inside
    /// one (`/VAR/log`) or alone (`CD`, `SLASH`). Capitals that
    /// carry meaning stay: `README.md`, `$HOME`, `-R`, `Makefile`, `PATH`.
    static func unshouted(_ word: String, shouting: Bool, sentenceStart: Bool, after previous: String?) -> String {
        guard previous != "capital", previous != "caps", word.contains(where: \.isUppercase) else { return word }
        if shouting, !word.contains("$") { return word.lowercased() }
        let letters = word.filter(\.isLetter)
        let plain = word.allSatisfy { $0.isLetter || $0.isNumber }
        if plain, letters.count == 1 { return word.lowercased() }
        // Spelled flag letters (`dash XF`) and extensions (`dot YAML`).
        if plain, previous == "dash" && letters.count <= 3 || previous == "dot" { return word.lowercased() }
        if plain, knownWords.contains(word.lowercased()) { return word.lowercased() }
        let capitalised = word.first!.isUppercase && !word.dropFirst().contains(where: \.isUppercase)
        let stem = String(word.prefix { $0 != "." })
        let named = capitalised && stem.allSatisfy { $0.isLetter || $0.isNumber }  // `Cron.service`
        if named, plain || sentenceStart || word.contains("."), !keptCapitalised.contains(stem) {
            return word.lowercased()
        }
        if word.contains("/"), !letters.contains(where: \.isLowercase) { return word.lowercased() }  // `/VAR/LOG`
        if word.contains("/") {
            return word.split(separator: "/", omittingEmptySubsequences: false).map { part in
                topLevelDirectories.contains(part.lowercased()) ? part.lowercased() : String(part)
            }
            .joined(separator: "/")
        }
        return word
    }

    /// File names written with a capital by convention.
    private static let keptCapitalised: Set<String> = [
        "Makefile", "Dockerfile", "Vagrantfile", "Gemfile", "Rakefile", "Procfile", "Jenkinsfile", "Caddyfile",
        "Containerfile", "Brewfile", "Pipfile", "Justfile",
    ]

    /// Single spoken words that stand for symbols or digits.
    static let spokenSymbolWords: Set<String> = {
        var words = Set(keywords.keys.filter { $0.count == 1 }.map { $0[0] })
        words.formUnion(["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"])
        return words
    }()

    /// Words a writer may capitalise that are never capitalised in a command.
    static let knownWords: Set<String> = {
        var words = commands.union(gitSubcommands).union(topLevelDirectories).union(spokenSymbolWords)
        words.formUnion(commandPrefixes)
        words.formUnion([
            "jit", "ps", "top", "free", "uptime", "ss", "ip", "htop", "pwd", "clear", "exit", "history", "alias",
            "caps", "capital", "literal", "double", "sign", "greater", "less", "than", "open", "close", "end",
            "paren", "bracket", "brace", "mark", "systemctl", "journalctl", "helm", "terraform", "pip", "npx",
            "yarn", "go", "cargo", "node", "swift", "tmux", "screen", "nginx", "redis", "cron", "postgres",
        ])
        return words
    }()
}
