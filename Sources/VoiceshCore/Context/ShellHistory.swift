/// Commands from a shell's history file, whatever shell wrote it.
public enum ShellHistory {
    public enum Format: String, Sendable, CaseIterable {
        /// One command a line; `#1700000000` lines are timestamps (HISTTIMEFORMAT).
        case bash
        /// `: 1700000000:0;command` (EXTENDED_HISTORY) or plain lines; a line ending in `\`
        /// goes on on the next line.
        case zsh
        /// YAML-like: `- cmd: command` then `  when: …` and `  paths:`; `\n` and `\\` escaped.
        case fish
    }

    /// The commands in `lines` (oldest first), one string each, the lines of a multi-line one
    /// joined by spaces (only their words matter here); empty commands are dropped.
    public static func commands(in lines: [String], format: Format) -> [String] {
        switch format {
        case .bash:
            return lines.filter { !$0.isEmpty && !isTimestamp($0) }
        case .zsh:
            var result: [String] = []
            var pending: String?
            for line in lines {
                var text = line
                if pending == nil, text.hasPrefix(": "), let semicolon = text.firstIndex(of: ";") {
                    let stamp = text[text.index(text.startIndex, offsetBy: 2)..<semicolon]
                    if stamp.allSatisfy({ $0.isNumber || $0 == ":" }) {
                        text = String(text[text.index(after: semicolon)...])
                    }
                }
                if text.hasSuffix("\\") {
                    let line = String(text.dropLast())
                    pending =
                        (pending.map { $0 + " " } ?? "")
                        + String(line.reversed().drop(while: \.isWhitespace).reversed())
                    continue
                }
                let command = (pending.map { $0 + " " } ?? "") + text
                pending = nil
                if !command.isEmpty { result.append(command) }
            }
            if let pending, !pending.isEmpty { result.append(pending) }
            return result
        case .fish:
            return lines.compactMap { line in
                guard line.hasPrefix("- cmd: ") else { return nil }
                let command = unescapeFish(String(line.dropFirst(7)))
                return command.isEmpty ? nil : command
            }
        }
    }

    private static func isTimestamp(_ line: String) -> Bool {
        line.hasPrefix("#") && line.count > 1 && line.dropFirst().allSatisfy(\.isNumber)
    }

    /// fish writes a newline in a command as `\n` (a space here) and a backslash as `\\`.
    private static func unescapeFish(_ text: String) -> String {
        var result = ""
        var escaped = false
        for character in text {
            if escaped {
                result.append(character == "n" ? " " : character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                result.append(character)
            }
        }
        if escaped { result.append("\\") }
        return result
    }
}
