extension VoiceCommand.HistoryRequest {
    /// What the store is asked for: words to search, or nil for the newest rows.
    public var search: String? {
        if case .search(let words) = self { return words }
        return nil
    }

    /// The commands this request finds among history rows (newest first): lines that were
    /// sent, each once, newest first.
    public func matches(in rows: [Dictation]) -> [String] {
        var seen: Set<String> = []
        var found: [String] = []
        for row in rows where [.ran, .inserted, .edited].contains(row.outcome) {
            let line = row.finalText
            guard !line.isEmpty, seen.insert(line).inserted else { continue }
            switch self {
            case .last, .search, .pick: found.append(line)
            case .startingWith(let word):
                if line.split(separator: " ").first.map(String.init) == word { found.append(line) }
            }
        }
        return found
    }
}
