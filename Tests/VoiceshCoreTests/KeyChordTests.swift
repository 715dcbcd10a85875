import Testing

@testable import VoiceshCore

struct KeyChordTests {
    @Test(
        arguments: [
            ("ctrl-]", "ctrl-]", [0x1D]),
            ("Ctrl+A", "ctrl-a", [0x01]),
            ("C-x", "ctrl-x", [0x18]),
            ("ctrl-space", "ctrl-space", [0x00]),
            ("ctrl-\\", "ctrl-\\", [0x1C]),
            ("ctrl-_", "ctrl-_", [0x1F]),
            ("alt-v", "alt-v", [0x1B, 0x76]),
            ("M-V", "alt-V", [0x1B, 0x56]),
            ("f1", "f1", [0x1B, 0x4F, 0x50]),
            ("F9", "f9", Array("\u{1B}[20~".utf8)),
            ("f12", "f12", Array("\u{1B}[24~".utf8)),
        ] as [(String, String, [UInt8])])
    func parsesNamedKeys(text: String, name: String, bytes: [UInt8]) throws {
        let chord = try KeyChord(parsing: text)
        #expect(chord.name == name)
        #expect(chord.bytes == bytes)
    }

    @Test(arguments: [
        ("", KeyChord.ParseError.notAKeyName("")),
        ("ctrl-", .notAKeyName("ctrl-")),
        ("hyper-x", .notAModifier("hyper")),
        ("ctrl-1", .notSendable(control: "1")),
        ("ctrl-ab", .noSingleKey("ctrl-ab", modifier: "ctrl")),
        ("f13", .notAKeyName("f13")),
        ("v", .notAKeyName("v")),
        ("alt-é", .noSingleKey("alt-é", modifier: "alt")),
    ])
    func rejectsWhatNoTerminalSends(text: String, error: KeyChord.ParseError) {
        #expect(throws: error) { try KeyChord(parsing: text) }
    }

    /// Each refusal in the words a profile's `toggle_key` problem uses.
    @Test(arguments: [
        (KeyChord.ParseError.notAKeyName("v"), #""v" is not a key name"#),
        (.noSingleKey("ctrl-ab", modifier: "ctrl"), #""ctrl-ab" names no single key after "ctrl-""#),
        (.notSendable(control: "1"), "ctrl-1 is not a key a terminal can send"),
        (.notAModifier("hyper"), #""hyper" is not a modifier (ctrl or alt)"#),
    ])
    func wordedOnce(error: KeyChord.ParseError, message: String) {
        #expect(error.message == message)
    }

    @Test(arguments: ["ctrl-c", "ctrl-d", "ctrl-z", "ctrl-m", "ctrl-j", "ctrl-i", "ctrl-[", "ctrl-h"])
    func reservesKeysTheShellNeeds(text: String) throws {
        #expect(try KeyChord(parsing: text).reservedReason != nil)
    }

    @Test func defaultToggleIsFree() throws {
        #expect(KeyChord.defaultToggle.reservedReason == nil)
        #expect(try KeyChord(parsing: KeyChord.defaultToggle.name) == KeyChord.defaultToggle)
    }
}
