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

    @Test(arguments: ["", "ctrl-", "hyper-x", "ctrl-1", "ctrl-ab", "f13", "v", "alt-é"])
    func rejectsWhatNoTerminalSends(text: String) {
        #expect(throws: KeyChord.ParseError.self) { try KeyChord(parsing: text) }
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
