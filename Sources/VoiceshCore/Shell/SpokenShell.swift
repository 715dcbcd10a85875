/// Turns recognised words ("sudo systemctl restart nginx dot service") into shell text
/// ("sudo systemctl restart nginx.service"). Literal, not a translator: symbol words become
/// symbols, a few common mishearings are fixed, every other word is kept as it is.
/// The rules are listed in docs/spoken-shell.md.
///
/// Five passes: split into words (whitespace and control characters separate, format
/// characters are dropped); undo how a speech-to-text service wrote them (case, sentence
/// punctuation, hyphen-joined words: `SpokenShell+Written.swift`); `literal W`, then the profile's aliases, then the built-in fixes
/// turn phrases into text that is never interpreted; the lexer turns symbol words, numbers and
/// `capital`/`all caps` into lexemes; `ShellTextWriter` joins them with the spacing rules.
public struct SpokenShell: Sendable {
    /// A spoken phrase (lower-case words) and the text that replaces it.
    struct Phrase: Sendable {
        let words: [String]
        let replacement: String
    }

    /// A word as it comes out of the phrase passes: still to interpret, or final text.
    enum Token: Equatable, Sendable {
        case word(String)
        case text(String)
    }

    private let aliases: [Phrase]

    /// `aliases`: a profile's own fixes, spoken phrase → replacement (e.g. "prod box" →
    /// "prod-01.example.com"). Phrases match whole words, ignoring case; the longest phrase is
    /// applied first. A replacement is inserted as text (symbol words in it are not converted);
    /// whitespace in it collapses to single spaces and control characters are removed.
    public init(aliases: [String: String] = [:]) {
        self.aliases = Self.phrases(aliases)
    }

    /// The shell text for recognised words. Never contains a newline or any control character.
    public func normalize(_ words: String) -> String {
        // A recogniser's or server's text loses whole escape sequences first, so no `]0;title`
        // is left behind for the word splitter to keep.
        var tokens = Self.literals(Self.unwritten(Self.words(in: UntrustedText.clean(words))))
        tokens = Self.replacing(tokens, with: aliases)
        tokens = Self.replacing(tokens, with: Self.fixes)
        var writer = ShellTextWriter()
        writer.write(Self.lex(tokens))
        // Every piece is built from sanitised words and fixed symbols, so this removes nothing
        // today; it keeps the guarantee true whatever rule is added later.
        return String(String.UnicodeScalarView(writer.finish().unicodeScalars.filter { !Self.isUnsafe($0) }))
    }

    // MARK: Words

    /// The words of `text`: any whitespace or control character separates, format characters
    /// (zero-width spaces, bidirectional overrides, soft hyphens) are dropped.
    static func words(in text: String) -> [String] {
        var words: [String] = []
        var current = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar.properties.isWhitespace || scalar.properties.generalCategory == .control {
                if !current.isEmpty { words.append(String(current)) }
                current = String.UnicodeScalarView()
            } else if scalar.properties.generalCategory != .format {
                current.append(scalar)
            }
        }
        if !current.isEmpty { words.append(String(current)) }
        return words
    }

    static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator: true
        default: scalar.properties.isWhitespace && scalar != " "
        }
    }

    /// `literal W` → the text W, whatever W is. A trailing `literal` is kept as a word.
    static func literals(_ words: [String]) -> [Token] {
        var tokens: [Token] = []
        var i = 0
        while i < words.count {
            if words[i].lowercased() == "literal", i + 1 < words.count {
                tokens.append(.text(words[i + 1]))
                i += 2
            } else {
                tokens.append(.word(words[i]))
                i += 1
            }
        }
        return tokens
    }

    // MARK: Phrases

    /// Aliases as phrases, longest first (ties in a fixed order, so a result never depends on
    /// dictionary order). Empty phrases are dropped; an empty replacement deletes the phrase.
    static func phrases(_ table: [String: String]) -> [Phrase] {
        table.compactMap { spoken, replacement -> Phrase? in
            let words = Self.words(in: spoken).map { $0.lowercased() }
            guard !words.isEmpty else { return nil }
            return Phrase(words: words, replacement: Self.words(in: replacement).joined(separator: " "))
        }
        .sorted { a, b in
            a.words.count != b.words.count
                ? a.words.count > b.words.count
                : a.words.lexicographicallyPrecedes(b.words)
        }
    }

    /// Replaces every occurrence of each phrase, in order, over words not yet replaced.
    static func replacing(_ tokens: [Token], with phrases: [Phrase]) -> [Token] {
        var tokens = tokens
        for phrase in phrases {
            var result: [Token] = []
            var i = 0
            while i < tokens.count {
                if Self.matches(phrase.words, in: tokens, at: i) {
                    result.append(.text(phrase.replacement))
                    i += phrase.words.count
                } else {
                    result.append(tokens[i])
                    i += 1
                }
            }
            tokens = result
        }
        return tokens
    }

    private static func matches(_ words: [String], in tokens: [Token], at start: Int) -> Bool {
        guard start + words.count <= tokens.count else { return false }
        for (offset, word) in words.enumerated() {
            guard case .word(let spoken) = tokens[start + offset], spoken.lowercased() == word else { return false }
        }
        return true
    }
}
