/// How a name from the remote (`deploy_prod.yaml`, `docker-compose.prod.yml`, `feature/login`)
/// is said: the words the spoken-shell normaliser would turn back into it. Letters become
/// lower-case words (split where case changes: `myApp` → `my app`), digits one word each,
/// symbols their spoken-shell words (`dot`, `dash`, `underscore`, `slash` …).
public enum SpokenName {
    /// The ways `name` is said, the full one first; a second drops `dash` and `underscore`
    /// between words (`docker compose dot yml`), as people do. Empty when a character has no word.
    public static func forms(of name: String) -> [String] {
        var text = name
        while text.count > 1, text.hasSuffix("/") { text.removeLast() }  // a directory's mark
        guard let pieces = pieces(of: text), !pieces.isEmpty else { return [] }
        let full = pieces.map(\.word).joined(separator: " ")
        let loose = pieces.filter { !$0.joiner }.map(\.word).joined(separator: " ")
        return loose == full || loose.isEmpty ? [full] : [full, loose]
    }

    private struct Piece {
        var word: String
        /// A `-` or `_` between words, which people often leave unsaid.
        var joiner: Bool
    }

    static let symbols: [Character: String] = [
        ".": "dot", "-": "dash", "_": "underscore", "/": "slash", "~": "tilde", "+": "plus", "@": "at",
        ":": "colon", "=": "equals", ",": "comma",
    ]
    static let digits = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]

    private static func pieces(of text: String) -> [Piece]? {
        var pieces: [Piece] = []
        var letters = ""
        func flushLetters() {
            if !letters.isEmpty { pieces.append(Piece(word: letters.lowercased(), joiner: false)) }
            letters = ""
        }
        var previous: Character?
        for character in text {
            defer { previous = character }
            if character.isASCII && character.isLetter {
                // `myApp` → `my app`; `HTTPServer` stays one word (only lower → upper splits).
                if let previous, previous.isLowercase, character.isUppercase { flushLetters() }
                letters.append(character)
            } else if let digit = character.wholeNumberValue, character.isASCII {
                flushLetters()
                pieces.append(Piece(word: digits[digit], joiner: false))
            } else if let word = symbols[character] {
                flushLetters()
                pieces.append(Piece(word: word, joiner: character == "-" || character == "_"))
            } else {
                return nil
            }
        }
        flushLetters()
        // A joiner is only unsaid between two words, never at either end.
        if pieces.first?.joiner == true { pieces[0].joiner = false }
        if pieces.last?.joiner == true { pieces[pieces.count - 1].joiner = false }
        return pieces
    }
}
