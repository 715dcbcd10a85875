import Foundation

/// A correction of the shown line, spoken ("change feature to main", "delete dash v"). Its
/// words are shell text already (`SpokenShell` made "dash v" into `-v`); `apply` makes the
/// new line, or nil when the edit does not fit it (the word is not there).
public enum LineEdit: Equatable, Sendable {
    /// "change X to Y" / "replace X with Y": the last whole word X (or, failing that, the last
    /// place X occurs in a word) becomes Y.
    case change(String, to: String)
    /// "delete X": the last whole word X goes (or the last place X occurs).
    case delete(String)
    /// "delete the last word" / "delete the first word".
    case deleteLastWord
    case deleteFirstWord
    /// "add X": X after the line, a space between.
    case append(String)
    /// "spell m a i n": the word the engine was unsure of (else the last word) becomes this.
    case spell(String)
    /// "capital": the first letter of that word in upper case.
    case capitalize
    /// "undo": the line before the last edit.
    case undo

    /// The line after the edit; `unsure` are the word indexes (split at spaces) the engine
    /// was unsure of, the target of `spell` and `capital`. Nil: the edit does not fit the line.
    /// `undo` is the machine's (it keeps the lines before): here it changes nothing.
    public func apply(to line: String, unsure: Set<Int> = []) -> String? {
        var words = line.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        let target = unsure.filter { $0 < words.count }.min() ?? (words.count - 1)
        switch self {
        case .change(let old, let new):
            return Self.replacingLast(old, with: new, in: line)
        case .delete(let old):
            return Self.replacingLast(old, with: nil, in: line)
        case .deleteLastWord:
            guard words.count > 1 else { return nil }
            words.removeLast()
        case .deleteFirstWord:
            guard words.count > 1 else { return nil }
            words.removeFirst()
        case .append(let text):
            guard !text.isEmpty else { return nil }
            return line.isEmpty ? text : line + " " + text
        case .spell(let text):
            guard !text.isEmpty, target >= 0 else { return nil }
            words[target] = text
        case .capitalize:
            guard target >= 0, let first = words[target].first, first.isLowercase else { return nil }
            words[target] = first.uppercased() + words[target].dropFirst()
        case .undo:
            return nil
        }
        return words.joined(separator: " ")
    }

    /// `line` with the last whole word `old` replaced by `new` (nil: removed, with its space),
    /// or else the last occurrence of `old` inside a word.
    static func replacingLast(_ old: String, with new: String?, in line: String) -> String? {
        guard !old.isEmpty else { return nil }
        var words = line.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        if let i = words.lastIndex(of: old) {
            if let new, !new.isEmpty { words[i] = new } else { words.remove(at: i) }
            return words.joined(separator: " ")
        }
        guard let range = line.range(of: old, options: .backwards) else { return nil }
        return line.replacingCharacters(in: range, with: new ?? "")
    }
}
