/// The spoken words that type a shell text: the inverse of `SpokenShell`, for learning from a
/// dictation the user corrected (the recording said the sent text, not what was heard). The
/// text is cut into pieces (words, digit runs, symbols), each piece has its usual spoken forms
/// (`-` is `dash` or `hyphen`, `8080` is `eight zero eight zero` or `eighty eighty`), and a
/// combination counts only when `SpokenShell` types exactly the text from it. Several may fit;
/// the ones nearest the recogniser's words come first (they are how this speaker says it), and
/// the audio decides among them (`TranscriptAligner`).
public enum SpokenForms {
    /// Spoken word sequences that normalise to `text`, nearest to `heard` first, at most `limit`.
    /// Empty when the text has a piece no spoken form types (`camelCase`, a non-ASCII letter).
    public static func candidates(
        for text: String, heard: String = "", aliases: [String: String] = [:], limit: Int = 4
    ) -> [String] {
        let text = text.trimmingCharacters(in: .whitespaces)
        let pieces = self.pieces(of: text, aliases: aliases)
        guard !pieces.isEmpty, pieces.allSatisfy({ !$0.isEmpty }) else { return [] }
        let shell = SpokenShell(aliases: aliases)
        let heardWords = heard.lowercased().split(separator: " ").map(String.init)
        var found: [(words: [String], distance: Int)] = []
        var seen = Set<[String]>()
        // Combinations by how far they stray from each piece's first form: the usual forms
        // first, then one piece in another form, then two (a few hundred normalisations at most).
        for choice in choices(pieces.map(\.count), maxChanged: 2, cap: 400) {
            let words = zip(pieces, choice).flatMap { $0[$1] }
            guard seen.insert(words).inserted, shell.normalize(words.joined(separator: " ")) == text else { continue }
            found.append((words, heardWords.isEmpty ? 0 : WordAgreement.distance(words, heardWords)))
        }
        // Stable: among equally near ones, the usual forms first.
        return found.enumerated().sorted { ($0.element.distance, $0.offset) < ($1.element.distance, $1.offset) }
            .prefix(limit).map { $0.element.words.joined(separator: " ") }
    }

    // MARK: Pieces

    /// Each piece of the text with its spoken forms, the usual one first.
    static func pieces(of text: String, aliases: [String: String] = [:]) -> [[[String]]] {
        var pieces: [[[String]]] = []
        var open: [Character] = []  // quotes open so far: the next of the same kind closes
        let spokenAliases = Dictionary(
            aliases.map { (SpokenShell.words(in: $0.value).joined(separator: " "), $0.key.lowercased()) },
            uniquingKeysWith: { a, _ in a })
        for argument in text.split(separator: " ", omittingEmptySubsequences: true).map(String.init) {
            if let phrase = spokenAliases[argument] {
                pieces.append([SpokenShell.words(in: phrase)])
                continue
            }
            if let said = fixed[argument] {
                pieces.append(said)
                continue
            }
            // `-la` may be said letter by letter: the letters right after a single dash.
            let flagLetters =
                argument.hasPrefix("-") && !argument.hasPrefix("--") ? argument.index(after: argument.startIndex) : nil
            var rest = Substring(argument)
            while let first = rest.first {
                if first.isASCII, first.isLetter {
                    let run = rest.prefix { $0.isASCII && $0.isLetter }
                    pieces.append(word(String(run), spelled: rest.startIndex == flagLetters))
                    rest = rest.dropFirst(run.count)
                } else if first.isASCII, first.isNumber {
                    let run = rest.prefix { $0.isASCII && $0.isNumber }
                    rest = rest.dropFirst(run.count)
                    pieces.append(number(String(run)))
                } else if first == "\"" || first == "'" {
                    rest = rest.dropFirst()
                    let opening: [String] = first == "'" ? ["single", "quote"] : ["quote"]
                    if open.last == first {
                        open.removeLast()
                        pieces.append([["end", "quote"], opening])
                    } else {
                        open.append(first)
                        pieces.append([opening])
                    }
                } else {
                    let (forms, used) = symbol(rest)
                    rest = rest.dropFirst(max(1, used))
                    pieces.append(forms)
                }
            }
        }
        return pieces
    }

    /// A run of letters: as it is, with its capitals said, or `spelled` letter by letter (`-la`).
    private static func word(_ run: String, spelled: Bool) -> [[String]] {
        let lower = run.lowercased()
        var forms: [[String]]
        if run == lower {
            forms = [[run]]
        } else if run == run.uppercased() {
            forms = run.count == 1 ? [["capital", lower]] : [["all", "caps", lower]]
        } else if run.first!.isUppercase, run.dropFirst() == run.dropFirst().lowercased() {
            forms = [["capital", lower]]
        } else {
            return []  // camelCase: no spoken form types it
        }
        if SpokenShell.keywords[[lower]] != nil || spokenAsSymbols.contains(lower) {
            forms = forms.map { ["literal"] + $0 }  // `dash` typed as a word
        }
        // Short flags are usually spelled (`dash l a`), longer ones may be.
        if spelled, run == lower, (2...5).contains(run.count) {
            forms.insert(run.map { String($0) }, at: run.count <= 3 ? 0 : forms.count)
        }
        for (spoken, written) in spokenFixes where written == lower { forms.append(spoken) }
        return forms
    }

    /// The usual readings of a digit run: digit by digit, as a number, in pairs (`twenty twenty four`).
    static func number(_ digits: String) -> [[String]] {
        var forms = [digits.map { units[Int(String($0))!] }]
        // As a number: below a thousand, or round thousands and hundreds (`three thousand`).
        if digits.first != "0", let value = Int(digits), value < 1000 || (value < 10_000 && value % 100 == 0) {
            // Below a hundred the number is the usual reading (`ten`), above it the digits.
            if value < 100 { forms.insert(reading(value), at: 0) } else { forms.append(reading(value)) }
        }
        if digits.count == 4, digits.first != "0", let low = Int(digits.suffix(2)), low >= 10 {
            forms.append(reading(Int(digits.prefix(2))!) + reading(low))  // `twenty twenty four`
        }
        var unique: [[String]] = []
        for form in forms where !unique.contains(form) { unique.append(form) }
        return unique
    }

    private static func reading(_ value: Int) -> [String] {
        if value < 10 { return [units[value]] }
        if value < 20 { return [teens[value - 10]] }
        if value < 100 { return [tens[value / 10]] + (value % 10 == 0 ? [] : [units[value % 10]]) }
        if value < 1000 { return [units[value / 100], "hundred"] + (value % 100 == 0 ? [] : reading(value % 100)) }
        return reading(value / 1000) + ["thousand"] + (value % 1000 == 0 ? [] : reading(value % 1000))
    }

    /// The spoken forms of the symbol at the start of `text`, and how many characters it took.
    private static func symbol(_ text: Substring) -> ([[String]], Int) {
        for (written, said) in symbols where text.hasPrefix(written) { return (said, written.count) }
        return ([], 1)
    }

    /// Words the normaliser would not type as themselves: said after `literal`.
    private static let spokenAsSymbols: Set<String> = Set(units + teens + tens.filter { !$0.isEmpty }).union([
        "literal", "capital", "hundred", "thousand",
    ])

    private static let units = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]
    private static let teens = [
        "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen",
    ]
    private static let tens = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]

    /// Written symbols, longest first, with their spoken forms (the usual one first).
    private static let symbols: [(String, [[String]])] = [
        ("&&", [["and", "and"]]), ("||", [["or", "or"]]), (">>", [["append", "to"]]),
        ("--", [["dash", "dash"], ["double", "dash"]]),
        ("-", [["dash"], ["hyphen"]]), (".", [["dot"]]), ("/", [["slash"]]), ("\\", [["backslash"]]),
        ("~", [["tilde"]]), ("_", [["underscore"]]), ("*", [["star"]]), ("$", [["dollar"]]), ("=", [["equals"]]),
        (":", [["colon"]]), (",", [["comma"]]), ("@", [["at", "sign"]]), ("#", [["hash"]]), ("%", [["percent"]]),
        ("^", [["caret"]]), ("?", [["question", "mark"]]), ("!", [["bang"]]), ("+", [["plus"]]),
        ("&", [["ampersand"]]), (";", [["semicolon"]]), ("|", [["pipe"]]), (">", [["greater", "than"]]),
        ("<", [["less", "than"]]), ("(", [["open", "paren"]]), (")", [["close", "paren"]]),
        ("[", [["open", "bracket"]]), ("]", [["close", "bracket"]]), ("{", [["open", "brace"]]),
        ("}", [["close", "brace"]]),
    ]

    /// Whole arguments the built-in fixes type (`kube-system` from `kube dash system`), the
    /// phrases made of the argument's own words first.
    private static let fixed: [String: [[String]]] = {
        var table: [String: [[String]]] = [:]
        for phrase in SpokenShell.fixes where phrase.replacement.contains(where: { !$0.isLetter }) {
            table[phrase.replacement, default: []].append(phrase.words)
        }
        for (written, phrases) in table {
            let own = Set(written.split { !$0.isLetter }.map(String.init))
            table[written] = phrases.enumerated().sorted { a, b in
                let (x, y) = (a.element.filter(own.contains).count, b.element.filter(own.contains).count)
                return x != y ? x > y : a.offset < b.offset
            }.map(\.element)
        }
        return table
    }()

    /// Single words the fixes type, with the phrases that say them (`kube control` → kubectl).
    private static let spokenFixes: [([String], String)] = SpokenShell.fixes
        .filter { $0.replacement.allSatisfy(\.isLetter) }.map { ($0.words, $0.replacement) }

    // MARK: Search

    /// Index choices for pieces with `counts` forms: the all-first choice, then those changing
    /// one piece, then two; at most `cap`.
    static func choices(_ counts: [Int], maxChanged: Int, cap: Int) -> [[Int]] {
        var result = [[Int](repeating: 0, count: counts.count)]
        var layer = result
        for _ in 0..<maxChanged {
            var next: [[Int]] = []
            for choice in layer {
                // Change only pieces after the last changed one, so each combination comes once.
                let from = (choice.lastIndex { $0 != 0 } ?? -1) + 1
                for i in from..<counts.count {
                    for form in 1..<max(1, counts[i]) {
                        var changed = choice
                        changed[i] = form
                        next.append(changed)
                        if result.count + next.count >= cap { return result + next }
                    }
                }
            }
            result += next
            layer = next
        }
        return result
    }
}
