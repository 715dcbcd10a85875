/// A key pressed while a dictation has the keyboard (recording, confirming, editing).
/// Outside a dictation, keystrokes are never decoded: they go to the remote byte for byte.
public enum Key: Equatable, Sendable {
    case toggle
    case enter
    case escape
    case backspace
    case delete
    case left, right, home, end
    /// Tab and Shift-Tab (`CSI Z`): the next and the previous reading on the confirmation line.
    case tab, backTab
    /// A control key, by its letter: `.control("r")` for ctrl-r.
    case control(Character)
    case text(String)
    /// A bracketed paste (`CSI 200~` … `CSI 201~`), whole, newlines and all.
    case paste(String)
    /// Not a key: the terminal's answer to a question (voicesh's `CSI 6n`, or the remote's).
    case reply(TerminalReply)
    /// A sequence with no meaning here.
    case other

    /// Decodes bytes that hold whole keys (a lone `ESC` at the end is the Escape key).
    public static func decode(_ bytes: [UInt8], toggle: KeyChord) -> [Key] {
        var decoder = KeyDecoder(toggle: toggle)
        return decoder.feed(bytes) + decoder.timeout()
    }
}
