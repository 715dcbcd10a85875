/// The small line editor for a transcript: insert, delete, move, and readline's usual
/// control keys (ctrl-a/e/b/f, ctrl-u/k/w, ctrl-d). Works on characters, so a word with an
/// accent is one step.
public struct LineEditor: Equatable, Sendable {
    public private(set) var characters: [Character]
    /// The cursor, as an index into `characters` (0…count).
    public private(set) var cursor: Int

    public init(_ text: String) {
        characters = Array(text)
        cursor = characters.count
    }

    public var text: String { String(characters) }

    /// Applies one key; returns false for a key the editor does not use.
    @discardableResult
    public mutating func apply(_ key: Key) -> Bool {
        switch key {
        case .text(let typed):
            characters.insert(contentsOf: typed, at: cursor)
            cursor += typed.count
        case .paste(let pasted):
            // One line: a newline in a paste is a space here, never Enter.
            let line = pasted.map { $0.isNewline || $0 == "\t" ? " " : $0 }
            characters.insert(contentsOf: line, at: cursor)
            cursor += line.count
        case .backspace, .control("h"):
            guard cursor > 0 else { return true }
            cursor -= 1
            characters.remove(at: cursor)
        case .delete, .control("d"):
            if cursor < characters.count { characters.remove(at: cursor) }
        case .left, .control("b"): cursor = max(0, cursor - 1)
        case .right, .control("f"): cursor = min(characters.count, cursor + 1)
        case .home, .control("a"): cursor = 0
        case .end, .control("e"): cursor = characters.count
        case .control("u"):
            characters.removeFirst(cursor)
            cursor = 0
        case .control("k"): characters.removeLast(characters.count - cursor)
        case .control("w"):
            var start = cursor
            while start > 0, characters[start - 1] == " " { start -= 1 }
            while start > 0, characters[start - 1] != " " { start -= 1 }
            characters.removeSubrange(start..<cursor)
            cursor = start
        default:
            return false
        }
        return true
    }
}
