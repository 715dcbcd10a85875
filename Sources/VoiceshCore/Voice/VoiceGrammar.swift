/// The closed spoken grammar of hands-free mode: reads a take's words as a `VoiceCommand`, or
/// nil when they are dictation. A take is a command only when all of it is one: "run it" is
/// an answer, "run it twice" is new text. Which commands are heard depends on what is on
/// screen (`Listening`), so a line of shell talk never becomes keys unless keys were asked for.
/// Words in a command (what to change, to add, to type) go through `SpokenShell`, so "dash v"
/// is `-v` there as in dictation. The table users read is `VoiceGrammar.table`.
public struct VoiceGrammar: Sendable {
    /// What a take may mean now.
    public struct Listening: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// Run it, insert it, cancel, again (a line is shown).
        public static let answers = Listening(rawValue: 1 << 0)
        /// "yes" (a risky line asks for it).
        public static let yes = Listening(rawValue: 1 << 1)
        /// Corrections of the shown line.
        public static let edits = Listening(rawValue: 1 << 2)
        /// Keys, and leaving keys mode (keys mode).
        public static let keys = Listening(rawValue: 1 << 3)
        /// "run last", "rerun git", "history search docker", and entering keys mode (nothing shown).
        public static let history = Listening(rawValue: 1 << 4)
        /// "pick two" (a history search showed matches).
        public static let picks = Listening(rawValue: 1 << 5)

        /// A dictated line is shown.
        public static let line: Listening = [.answers, .edits]
    }

    private let shell: SpokenShell

    /// `aliases`: the profile's, applied to the words inside commands as in dictation.
    public init(aliases: [String: String] = [:]) {
        shell = SpokenShell(aliases: aliases)
    }

    /// What `words` (an engine's text for one take) mean, if they are a command now.
    public func read(_ words: String, listening: Listening) -> VoiceCommand? {
        let spoken = SpokenShell.unwritten(SpokenShell.words(in: UntrustedText.clean(words)))
        let heads = spoken.map { $0.lowercased() }
        guard !heads.isEmpty else { return nil }
        if listening.contains(.answers), let answer = Self.answers[heads], answer != .yes {
            return .answer(answer)
        }
        if listening.contains(.yes), heads == ["yes"] { return .answer(.yes) }
        if listening.contains(.edits), let edit = edit(heads, spoken) { return .edit(edit) }
        if listening.contains(.keys) {
            if Self.keysOff.contains(heads) { return .keysMode(false) }
            if let keys = keys(heads, spoken) { return .keys(keys) }
        }
        if listening.contains(.history) {
            if Self.keysOn.contains(heads) { return .keysMode(true) }
            if let request = history(heads, spoken) { return .history(request) }
        }
        if listening.contains(.picks), let n = Self.pick(heads) { return .history(.pick(n)) }
        return nil
    }

    // MARK: Phrases

    static let answers: [[String]: VoiceCommand.Answer] = {
        var table: [[String]: VoiceCommand.Answer] = [:]
        let phrases: [VoiceCommand.Answer: [String]] = [
            .run: ["run it", "run that", "run this", "run", "execute", "execute it"],
            .insert: ["insert it", "insert that", "insert", "paste it"],
            .cancel: ["cancel", "cancel it", "cancel that", "discard", "discard it", "scratch that", "never mind"],
            .again: ["again", "try again", "say again", "record again"],
            .yes: ["yes"],
        ]
        for (answer, spoken) in phrases {
            for phrase in spoken { table[phrase.split(separator: " ").map(String.init)] = answer }
        }
        return table
    }()

    static let keysOn: Set<[String]> = [["keys", "mode"], ["key", "mode"], ["keys", "on"], ["start", "keys"]]
    static let keysOff: Set<[String]> = [
        ["stop", "keys"], ["keys", "off"], ["dictation", "mode"], ["normal", "mode"], ["exit", "keys"],
    ]

    // MARK: Corrections

    private func edit(_ heads: [String], _ spoken: [String]) -> LineEdit? {
        let rest = { (from: Int) in spoken[min(from, spoken.count)...].joined(separator: " ") }
        switch heads {
        case ["undo"], ["undo", "that"]: return .undo
        case ["capital"], ["capitalize"], ["capitalize", "it"]: return .capitalize
        case ["delete", "the", "last", "word"], ["delete", "last", "word"], ["delete", "word"]: return .deleteLastWord
        case ["delete", "the", "first", "word"], ["delete", "first", "word"]: return .deleteFirstWord
        default: break
        }
        guard heads.count >= 2 else { return nil }
        switch heads[0] {
        case "change", "replace":
            let joiner = heads[0] == "change" ? "to" : "with"
            // The first joiner with words on both sides: "change two to three".
            guard let at = heads.indices.dropFirst(2).first(where: { heads[$0] == joiner && $0 < heads.count - 1 })
            else { return nil }
            let old = shell.normalize(spoken[1..<at].joined(separator: " "))
            let new = shell.normalize(rest(at + 1))
            return old.isEmpty || new.isEmpty ? nil : .change(old, to: new)
        case "delete", "remove":
            let old = shell.normalize(rest(1))
            return old.isEmpty ? nil : .delete(old)
        case "add", "append":
            let text = shell.normalize(rest(1))
            return text.isEmpty ? nil : .append(text)
        case "spell":
            return spelled(Array(heads.dropFirst())).map(LineEdit.spell)
        default:
            return nil
        }
    }

    /// Letters (and digits, symbols) said one by one, written together; `capital` raises the next.
    private func spelled(_ words: [String]) -> String? {
        var text = ""
        var capital = false
        for word in words {
            if word == "capital" {
                capital = true
                continue
            }
            let piece = SpokenLetters.letter(word).map(String.init) ?? shell.normalize(word)
            guard !piece.isEmpty else { return nil }
            text += capital ? piece.prefix(1).uppercased() + piece.dropFirst() : piece
            capital = false
        }
        return text.isEmpty || capital ? nil : text
    }

    // MARK: Keys

    /// A run of keys, the whole take: "escape", "control c", "page down down", "press q", "type yes".
    private func keys(_ heads: [String], _ spoken: [String]) -> SpokenKeys? {
        var names: [String] = []
        var pieces: [[UInt8]] = []
        var i = 0
        while i < heads.count {
            var word = heads[i]
            if word == "press", i + 1 < heads.count {
                i += 1
                word = heads[i]
                if SpokenKeys.named[[word]] == nil && SpokenKeys.named[Array(heads[i..<min(i + 2, heads.count)])] == nil
                    && !["control", "ctrl"].contains(word)
                {
                    // "press q", "press colon": one character or symbol, as dictation writes it.
                    let text = SpokenLetters.letter(word).map(String.init) ?? shell.normalize(spoken[i])
                    guard !text.isEmpty, text.count <= 2 else { return nil }
                    names.append("text " + text)
                    pieces.append(Array(text.utf8))
                    i += 1
                    continue
                }
            }
            if word == "type" {
                let text = shell.normalize(Self.joiningLetters(Array(spoken[(i + 1)...])).joined(separator: " "))
                guard !text.isEmpty else { return nil }
                names.append("text " + text)
                pieces.append(Array(text.utf8))
                break
            }
            if ["control", "ctrl"].contains(word), i + 1 < heads.count,
                let letter = SpokenLetters.letter(heads[i + 1]), let key = SpokenKeys.control(letter)
            {
                names.append(key.name)
                pieces.append(key.bytes)
                i += 2
                continue
            }
            if i + 1 < heads.count, let key = SpokenKeys.named[[word, heads[i + 1]]] {
                names.append(key.name)
                pieces.append(key.bytes)
                i += 2
                continue
            }
            guard let key = SpokenKeys.named[[word]] else { return nil }
            names.append(key.name)
            pieces.append(key.bytes)
            i += 1
        }
        return names.isEmpty ? nil : SpokenKeys(names: names, pieces: pieces)
    }

    /// Letters said one by one are one word to type: "colon w q" is `:wq`, as vim wants it.
    static func joiningLetters(_ words: [String]) -> [String] {
        var joined: [String] = []
        var lastWasLetter = false
        for word in words {
            let letter = word.count == 1 && word.first?.isLetter == true
            if letter && lastWasLetter { joined[joined.count - 1] += word } else { joined.append(word) }
            lastWasLetter = letter
        }
        return joined
    }

    // MARK: History

    private func history(_ heads: [String], _ spoken: [String]) -> VoiceCommand.HistoryRequest? {
        switch heads {
        case ["run", "last"], ["run", "last", "command"], ["rerun", "last"], ["run", "the", "last", "command"]:
            return .last
        default: break
        }
        let rest = { (from: Int) in self.shell.normalize(spoken[from...].joined(separator: " ")) }
        if heads.count >= 2, heads[0] == "rerun" {
            let word = rest(1)
            return word.isEmpty || word.contains(" ") ? nil : .startingWith(word)
        }
        if heads.count >= 3, heads[0...1] == ["history", "search"] || heads[0...1] == ["search", "history"] {
            let text = rest(2)
            return text.isEmpty ? nil : .search(text)
        }
        return nil
    }

    static let numbers = [
        "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
    ]

    static func pick(_ heads: [String]) -> Int? {
        guard heads.count == 2, ["pick", "number", "choose"].contains(heads[0]) else { return nil }
        return numbers[heads[1]] ?? Int(heads[1]).flatMap { (1...9).contains($0) ? $0 : nil }
    }
}
