/// Turns recognised text, which is untrusted, into the bytes sent to the remote PTY.
///
/// The text can never press a key the user did not ask for: control characters (C0, DEL,
/// C1), escape sequences and line breaks are removed, so neither a newline nor an `ESC[201~`
/// that would end a bracketed paste early can get through. Enter (`\r`) is added only when
/// the user chose "insert and run".
public enum ShellInput {
    /// Bracketed paste (xterm, `CSI ?2004h`): the shell takes the text as typed, not as keys.
    static let pasteStart: [UInt8] = Array("\u{1B}[200~".utf8)
    static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

    /// The text with every control character replaced: tabs and line breaks become one space
    /// (words stay apart), everything else is dropped, and runs of spaces made here collapse.
    public static func sanitize(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029:
                if out.last != " " { out.append(" ") }
            case 0x00...0x1F, 0x7F...0x9F:
                continue
            // Bidirectional overrides and isolates can make the shown text differ from the run text.
            case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F:
                continue
            default:
                out.append(scalar)
            }
        }
        return String(out).trimmingSpaces()
    }

    /// The bytes for `text`: sanitised, wrapped in bracketed paste when the remote asked for
    /// it, and followed by Enter only when `run` is set.
    public static func encode(_ text: String, bracketedPaste: Bool, run: Bool) -> [UInt8] {
        let clean = Array(sanitize(text).utf8)
        var bytes: [UInt8] = []
        if !clean.isEmpty {
            bytes = bracketedPaste ? pasteStart + clean + pasteEnd : clean
        }
        if run { bytes.append(0x0D) }
        return bytes
    }
}

extension String {
    fileprivate func trimmingSpaces() -> String {
        var s = Substring(self)
        while s.first == " " { s.removeFirst() }
        while s.last == " " { s.removeLast() }
        return String(s)
    }
}
