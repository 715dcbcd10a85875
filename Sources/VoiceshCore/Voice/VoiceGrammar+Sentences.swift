extension VoiceGrammar {
    /// What a take may say now, as spoken sentences for an engine's own small model (the edge
    /// engine weighs them above shell talk): every fixed phrase of `listening`, and for a shown
    /// line the corrections of its own words (`line`: the words as spoken, "change feature to").
    public static func sentences(listening: Listening, line: String = "") -> [String] {
        var sentences: [String] = []
        if listening.contains(.answers) {
            // Sorted, as every list here: a dictionary's order differs from one copy to the next,
            // and the engine's grammar (and a take's history) must not.
            sentences += answers.filter { $0.value != .yes }.keys.map { $0.joined(separator: " ") }.sorted()
        }
        if listening.contains(.yes) { sentences.append("yes") }
        if listening.contains(.edits) {
            sentences += [
                "undo", "undo that", "capital", "delete the last word", "delete the first word", "delete last word",
            ]
            let words = SpokenShell.words(in: line.lowercased())
            let nato = SpokenLetters.nato.keys.filter { !$0.contains("-") }.sorted()
            for (i, word) in words.enumerated() {
                sentences += ["change \(word) to", "delete \(word)", "replace \(word) with"]
                if i + 1 < words.count { sentences.append("delete \(word) \(words[i + 1])") }
            }
            sentences += ["add dash dash", "add dash", "add pipe grep"]
            sentences.append("spell " + nato.joined(separator: " "))
        }
        if listening.contains(.keys) {
            let names = SpokenKeys.named.keys.map { $0.joined(separator: " ") }.sorted()
            sentences += names + names.map { "press \($0)" } + ["stop keys", "keys off", "type", "type colon q"]
            for letter in "abcdefghijklmnopqrstuvwxyz" {
                sentences += ["control \(letter)", "press \(letter)"]
            }
            sentences += SpokenLetters.nato.keys.filter { !$0.contains("-") }.sorted().map { "control \($0)" }
        }
        if listening.contains(.history) {
            sentences += [
                "run last", "run last command", "rerun", "history search", "keys mode", "key mode", "start keys",
            ]
        }
        if listening.contains(.picks) {
            sentences += numbers.keys.sorted().map { "pick \($0)" }
        }
        return sentences.filter { !$0.isEmpty }
    }
}
