/// A named key such as `ctrl-]`, `alt-v` or `f9`, and the bytes a terminal sends for it.
public struct KeyChord: Equatable, Hashable, Sendable {
    /// The canonical name, as written in profiles: `ctrl-]`, `alt-v`, `f9`.
    public let name: String
    /// What an xterm-compatible terminal sends when the key is pressed.
    public let bytes: [UInt8]

    public static let defaultToggle = KeyChord(name: "ctrl-]", bytes: [0x1D])
    /// The intent key's default: ctrl-\ (the terminal's SIGQUIT), which a remote program
    /// rarely needs; pressed twice it goes through, as the toggle does.
    public static let defaultIntentKey = KeyChord(name: "ctrl-\\", bytes: [0x1C])

    private init(name: String, bytes: [UInt8]) {
        self.name = name
        self.bytes = bytes
    }

    /// Parses `ctrl-X` (a letter or one of `@ [ \ ] ^ _ space`), `alt-X` (a printable
    /// character), or `f1`–`f12`. Case and `-`/`+` separators are forgiven (`C-]`, `Ctrl+]`).
    public init(parsing text: String) throws(ParseError) {
        let lowered = text.lowercased()
        if let f = Self.functionKey(lowered) {
            self = f
            return
        }
        guard let separator = lowered.firstIndex(where: { $0 == "-" || $0 == "+" }),
            lowered.index(after: separator) < lowered.endIndex
        else {
            throw .notAKeyName(text)
        }
        let modifier = String(lowered[..<separator])
        var key = String(text[text.index(after: separator)...])
        if key.lowercased() == "space" { key = " " }
        guard key.count == 1, let scalar = key.unicodeScalars.first, scalar.isASCII, scalar.value >= 0x20,
            scalar.value < 0x7F
        else {
            throw .noSingleKey(text, modifier: modifier)
        }
        switch modifier {
        case "ctrl", "control", "c":
            let upper = UInt8(scalar.value) & 0xDF  // fold a–z onto A–Z; @[\]^_ are unchanged
            let base: UInt8 = key == " " ? 0x40 : upper
            guard (0x40...0x5F).contains(base) else {
                throw .notSendable(control: key)
            }
            let shown = key == " " ? "space" : key.lowercased()
            self.init(name: "ctrl-\(shown)", bytes: [base & 0x1F])
        case "alt", "meta", "m", "a":
            let shown = key == " " ? "space" : key
            self.init(name: "alt-\(shown)", bytes: [0x1B, UInt8(scalar.value)])
        default:
            throw .notAModifier(modifier)
        }
    }

    private static func functionKey(_ name: String) -> KeyChord? {
        // xterm: F1–F4 are SS3 P–S; F5–F12 are CSI n ~ with gaps in the numbering.
        let codes: [String: [UInt8]] = [
            "f1": [0x1B, 0x4F, 0x50], "f2": [0x1B, 0x4F, 0x51], "f3": [0x1B, 0x4F, 0x52], "f4": [0x1B, 0x4F, 0x53],
            "f5": Array("\u{1B}[15~".utf8), "f6": Array("\u{1B}[17~".utf8), "f7": Array("\u{1B}[18~".utf8),
            "f8": Array("\u{1B}[19~".utf8), "f9": Array("\u{1B}[20~".utf8), "f10": Array("\u{1B}[21~".utf8),
            "f11": Array("\u{1B}[23~".utf8), "f12": Array("\u{1B}[24~".utf8),
        ]
        return codes[name].map { KeyChord(name: name, bytes: $0) }
    }

    /// Why this key must not toggle dictation (a key the shell cannot do without), or nil.
    public var reservedReason: String? {
        switch bytes {
        case [0x03]: "is the shell's interrupt"
        case [0x04]: "is end-of-input"
        case [0x1A]: "is the shell's suspend"
        case [0x0D], [0x0A]: "is Enter"
        case [0x09]: "is Tab"
        case [0x1B]: "is Escape"
        case [0x08]: "is Backspace"
        default: nil
        }
    }
}
