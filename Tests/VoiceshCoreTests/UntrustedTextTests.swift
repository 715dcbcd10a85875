import Testing

@testable import VoiceshCore

struct UntrustedTextTests {
    /// (input, what is left): every sequence goes whole, never leaving `]0;x` or `[2J` behind.
    static let cases: [(String, String)] = [
        ("ls\u{1B}]0;owned\u{7}; echo", "ls; echo"),  // OSC 0 ended by BEL: the title
        ("a\u{1B}]52;c;cm0gLXJmIH4=\u{1B}\\b", "ab"),  // OSC 52 ended by ST: the clipboard
        ("a\u{9D}0;t\u{9C}b", "ab"),  // 8-bit OSC and ST
        ("a\u{1B}[2Jb\u{1B}[38;5;196mc", "abc"),  // CSI with parameters
        ("a\u{1B}[?2004lb", "ab"),  // private CSI
        ("a\u{9B}31mb", "ab"),  // 8-bit CSI
        ("a\u{1B}P1$qm\u{1B}\\b", "ab"),  // DCS
        ("a\u{1B}_payload\u{1B}\\b", "ab"),  // APC
        ("a\u{1B}^privacy\u{1B}\\b", "ab"),  // PM
        ("a\u{1B}Xstring\u{1B}\\b", "ab"),  // SOS
        ("a\u{90}dcs\u{9C}b\u{9F}apc\u{9C}c\u{9E}pm\u{9C}d\u{98}sos\u{9C}e", "abcde"),  // 8-bit strings
        ("a\u{1B}(Bb\u{1B}7c\u{1B}cd", "abcd"),  // two-byte escapes, with an intermediate
        ("a\u{1B}]0;never ends", "a"),  // unterminated OSC swallows the rest
        ("a\u{1B}]0;x\u{1B}[31mb", "ab"),  // ESC inside a string ends it and starts the next
        ("a\u{1B}", "a"),  // ESC at the very end
        ("a\u{1B}[", "a"),  // CSI cut short
        ("a\u{1B}[12;", "a"),
        ("a\u{1B}[1\u{7}b", "ab"),  // a malformed CSI ends at the byte outside its grammar
        ("a\u{85}b\u{7F}c\u{0}d", "a bcd"),  // NEL is a line break; DEL and NUL go
        ("rm\u{202E}fr- \u{2066}x\u{2069}", "rmfr- x"),  // bidi overrides and isolates
        ("l\u{200B}s\u{200D} \u{FEFF}-l\u{00AD}a\u{2060}", "ls -la"),  // zero-width characters
        ("cat notes.txt\u{E0041}\u{E007F}", "cat notes.txt"),  // tag characters
        ("l\u{034F}s\u{FE0F} \u{3164}-\u{115F}l\u{206A}\u{FFF9}", "ls -l"),  // joiner, selector, fillers
        ("  tab\there\r\nnext  ", "tab here next"),
        ("plain text, ünïcode ✓", "plain text, ünïcode ✓"),
    ]

    @Test(arguments: cases) func removesWholeSequences(input: String, expected: String) {
        #expect(UntrustedText.clean(input) == expected)
    }

    /// Every prefix of a hostile text, as if it were cut at each byte, leaves no control
    /// character and never the tail of a sequence (`]0;`, `[2J`).
    @Test func everyCutIsClean() {
        let hostile = "ok\u{1B}]0;T\u{7}\u{1B}]52;c;Zm9v\u{1B}\\\u{1B}[2J\u{9B}1m\u{1B}P$q\u{1B}\\end"
        let scalars = Array(hostile.unicodeScalars)
        for cut in 0...scalars.count {
            var prefix = String.UnicodeScalarView()
            prefix.append(contentsOf: scalars[..<cut])
            let clean = UntrustedText.clean(String(prefix))
            #expect(!clean.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
            for leftover in ["]", "[", ";", "$", "\\", "T", "Zm9v", "2J", "1m"] {
                #expect(!clean.contains(leftover), "cut at \(cut): \(clean)")
            }
            #expect("okend".hasPrefix(clean), "cut at \(cut): \(clean)")
        }
    }

    /// Several lines (an error body) keep their breaks and indentation, nothing else.
    @Test func cleanLinesKeepsLineBreaksOnly() {
        #expect(UntrustedText.cleanLines("500 error\r\n\u{1B}]0;x\u{7}detail\n\n") == "500 error\ndetail")
        #expect(UntrustedText.cleanLines("a \n  b\u{1B}[31m") == "a\n  b")
    }
}

/// Issue 16's messages in words that live in the core.
struct CoreMessageTests {
    @Test func anEmptyKeyPartIsNamedNotEchoed() {
        var p = Profile(name: "a", host: "h")
        #expect(
            throws: ProfileProblem(
                key: "engine..kind", message: "has an empty part between dots; write keys like engine.kind")
        ) {
            try p.set("engine..kind", to: .string("edge"))
        }
    }

    @Test(arguments: ["example.com", "10.0.0.1", "::1", "fe80::1%eth0", "host_name-1.lan"])
    func goodHostsPass(host: String) {
        #expect(Destination.hostProblem(host) == nil)
    }
}
