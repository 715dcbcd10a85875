/// What a confirmed dictation teaches the voice: the words spoken in it, when the user's
/// confirmation says what they were. A dictation inserted or run as heard is labelled by
/// the recogniser's own words. An edited one is labelled only when the edit is small: at most
/// `maxEdits` spoken words substituted, inserted or deleted (and no more than a third of
/// them), each new word one the edited text shows, and the result spoken back through the
/// spoken-shell normaliser gives the edited text exactly. Anything larger is a rewrite: the
/// recording says something else, and learning from it would teach the voice wrong sounds.
public enum LearningLabel {
    /// The most spoken words an edit may change and still label its recording.
    public static let maxEdits = 2

    /// The spoken words of a dictation that went to the shell, or nil when it cannot teach.
    public static func words(
        outcome: Dictation.Outcome, rawText: String, finalText: String, aliases: [String: String] = [:]
    ) -> String? {
        guard [.inserted, .ran, .edited].contains(outcome) else { return nil }
        let heard = rawText.lowercased().split(separator: " ").map(String.init)
        guard !heard.isEmpty, !finalText.isEmpty else { return nil }
        let shell = SpokenShell(aliases: aliases)
        func says(_ words: [String]) -> Bool { shell.normalize(words.joined(separator: " ")) == finalText }
        if says(heard) { return heard.joined(separator: " ") }
        let allowed = min(maxEdits, heard.count / 3)
        guard allowed > 0 else { return nil }
        // The words an edit can have brought in: whole words of the edited text.
        var seen = Set<String>()
        let offered = finalText.lowercased().split { !$0.isLetter }.map(String.init).filter { seen.insert($0).inserted }
        var layer = [heard]
        for _ in 0..<allowed {
            var next: [[String]] = []
            for words in layer {
                for candidate in oneEdit(words, offered) {
                    if says(candidate) { return candidate.joined(separator: " ") }
                    next.append(candidate)
                }
            }
            layer = next
        }
        return nil
    }

    /// Every word list one substitution, insertion or deletion away.
    private static func oneEdit(_ words: [String], _ offered: [String]) -> [[String]] {
        var out: [[String]] = []
        for i in words.indices {
            var deleted = words
            deleted.remove(at: i)
            if !deleted.isEmpty { out.append(deleted) }
            for word in offered where word != words[i] {
                var substituted = words
                substituted[i] = word
                out.append(substituted)
            }
        }
        for i in 0...words.count {
            for word in offered {
                var inserted = words
                inserted.insert(word, at: i)
                out.append(inserted)
            }
        }
        return out
    }
}
