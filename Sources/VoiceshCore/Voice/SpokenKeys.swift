/// Keys said aloud for a full-screen program ("escape", "control c", "page down", "press q",
/// "type yes"), as the bytes a terminal would send for them.
public struct SpokenKeys: Equatable, Sendable {
    /// What was asked for, one name a key ("escape", "ctrl-c", "text yes"), for the line and tests.
    public let names: [String]
    /// The bytes of each, in order.
    public let pieces: [[UInt8]]

    public init(names: [String], pieces: [[UInt8]]) {
        (self.names, self.pieces) = (names, pieces)
    }

    /// All of them, as the terminal would send them.
    public var bytes: [UInt8] { pieces.flatMap { $0 } }

    /// Named keys: spoken words → bytes (the cursor keys as in normal cursor mode, which
    /// vim, less and readline all read).
    static let named: [[String]: (name: String, bytes: [UInt8])] = [
        ["enter"]: ("enter", [0x0D]), ["return"]: ("enter", [0x0D]),
        ["tab"]: ("tab", [0x09]),
        ["escape"]: ("escape", [0x1B]),
        ["space"]: ("space", [0x20]),
        ["backspace"]: ("backspace", [0x7F]),
        ["up"]: ("up", Array("\u{1B}[A".utf8)), ["down"]: ("down", Array("\u{1B}[B".utf8)),
        ["right"]: ("right", Array("\u{1B}[C".utf8)), ["left"]: ("left", Array("\u{1B}[D".utf8)),
        ["page", "up"]: ("page-up", Array("\u{1B}[5~".utf8)), ["page", "down"]: ("page-down", Array("\u{1B}[6~".utf8)),
    ]

    /// The letters `control` takes: each is ctrl-letter (`control c` is 0x03).
    static func control(_ letter: Character) -> (name: String, bytes: [UInt8])? {
        guard let ascii = letter.asciiValue, (0x61...0x7A).contains(ascii) else { return nil }
        return ("ctrl-\(letter)", [ascii & 0x1F])
    }
}
