import VoiceshCore

/// Edits config.toml a line at a time, as `git config` edits its file: every other line, comment
/// and blank stays where the user put it. What the edit gives is then read back in full, so
/// a bad value is refused before anything is written.
public enum ConfigText {
    /// `text` with `name` in `[table]` (`""` for the top level) set to a TOML value, or removed
    /// when `value` is nil. `name` is written bare when it can be, quoted otherwise.
    public static func setting(_ name: String, in table: String, to value: String?, text: String) -> String {
        var lines = text.isEmpty ? [] : text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        let key = isBare(name) ? name : quoted(name)
        var current = ""
        var header: Int?  // the line of `[table]`, or -1 for the top level
        var last: Int?  // the last key line of the table
        var found: [Int] = []
        if table.isEmpty { header = -1 }
        for (i, raw) in lines.enumerated() {
            let line = raw.drop { $0 == " " || $0 == "\t" }
            if line.hasPrefix("[") {
                current = String(line.dropFirst().prefix { $0 != "]" }).trimmingBlanks
                if current == table { header = i }
            } else if current == table, !line.hasPrefix("#"), let eq = line.firstIndex(of: "=") {
                last = i
                let written = String(line[..<eq]).trimmingBlanks
                if written == key || written == quoted(name) || written == "'\(name)'" { found.append(i) }
            }
        }
        let assignment = value.map { "\(key) = \($0)" }
        if let first = found.first {
            for i in found.reversed() { lines.remove(at: i) }
            if let assignment { lines.insert(assignment, at: first) }
        } else if let assignment {
            if let at = last ?? header {
                lines.insert(assignment, at: at + 1)
            } else {
                if !(lines.last?.isEmpty ?? true) { lines.append("") }
                lines += ["[\(table)]", assignment]
            }
        }
        return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    }

    /// TOML's bare keys: ASCII letters, digits, `_` and `-`.
    private static func isBare(_ name: String) -> Bool {
        !name.isEmpty
            && name.unicodeScalars.allSatisfy { s in
                ("a"..."z").contains(s) || ("A"..."Z").contains(s) || ("0"..."9").contains(s) || s == "_" || s == "-"
            }
    }

    private static func quoted(_ name: String) -> String { Profile.quoted(name) }
}

extension String {
    fileprivate var trimmingBlanks: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
