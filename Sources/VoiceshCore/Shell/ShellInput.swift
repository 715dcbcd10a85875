/// Turns recognised text, which is untrusted, into the bytes sent to the remote PTY.
///
/// The text can never press a key the user did not ask for: control characters (C0, DEL,
/// C1), whole escape sequences and line breaks are removed, so neither a newline nor an `ESC[201~`
/// that would end a bracketed paste early can get through. Enter (`\r`) is added only when
/// the user chose "insert and run".
public enum ShellInput {
    /// Bracketed paste (xterm, `CSI ?2004h`): the shell takes the text as typed, not as keys.
    static let pasteStart: [UInt8] = Array("\u{1B}[200~".utf8)
    static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

    /// The text as one line with no control character, escape sequence, bidirectional
    /// control or zero-width character left (`UntrustedText.clean`).
    public static func sanitize(_ text: String) -> String {
        UntrustedText.clean(text)
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
