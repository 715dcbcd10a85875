/// Cleans text that comes from outside (a recogniser, a server, a file, a profile) before it is
/// shown, stored or sent, so it can neither paint the terminal nor hide part of itself.
///
/// Whole escape sequences go, not only their ESC: CSI (`ESC [`), OSC up to BEL or ST, DCS,
/// SOS, PM and APC strings, two-byte escapes, and the same introducers in their 8-bit C1
/// form. What is left of the control characters goes too, with bidirectional controls and
/// zero-width characters, so what is shown is what is there. A string left unterminated
/// (an OSC without its BEL) runs to the end of the text, as a terminal would swallow it.
public enum UntrustedText {
    /// One line: line breaks and tabs become one space, runs of them collapse, and the ends
    /// are trimmed.
    public static func clean(_ text: String) -> String {
        render(text, keepLineBreaks: false)
    }

    /// Several lines (an error body, a transcript shown in full): `\n` and indentation stay,
    /// trailing blanks go, the rest as `clean`.
    public static func cleanLines(_ text: String) -> String {
        render(text, keepLineBreaks: true)
    }

    /// A value echoed in a message (a vocabulary term, a path, a URL): cleaned as `clean`, and
    /// cut to its first `limit` characters and "…", so a 10 MB value is not printed whole.
    public static func excerpt(_ text: String, limit: Int = 40) -> String {
        let head = text.prefix(limit * 8)  // enough for escape sequences that `clean` removes
        let cleaned = clean(String(head))
        let cut = cleaned.count > limit || head.endIndex < text.endIndex
        return cut ? String(cleaned.prefix(limit)) + "…" : cleaned
    }

    private static let escape: Unicode.Scalar = "\u{1B}"

    private static func render(_ text: String, keepLineBreaks: Bool) -> String {
        var out = String.UnicodeScalarView()
        var input = Array(text.unicodeScalars)[...]
        func space() {
            if let last = out.last, last != " ", last != "\n" { out.append(" ") }
        }
        while let scalar = input.popFirst() {
            switch scalar.value {
            case 0x1B:
                skipEscape(&input)
            case 0x9B:
                skipControlSequence(&input)
            case 0x90, 0x98, 0x9D, 0x9E, 0x9F:  // DCS, SOS, OSC, PM, APC
                skipString(&input)
            case 0x0A where keepLineBreaks:
                while out.last == " " { out.removeLast() }
                out.append("\n")
            case 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029:
                if keepLineBreaks, scalar.value == 0x0D, input.first == "\n" { continue }
                space()
            case 0x00...0x1F, 0x7F...0x9F:
                continue
            case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C:
                continue  // bidirectional controls: the shown order would differ from the real one
            case 0x200B...0x200D, 0x2060...0x2064, 0xFEFF, 0x00AD, 0x180E:
                continue  // zero-width characters: invisible, yet part of what is sent
            case 0x034F, 0x115F, 0x1160, 0x3164, 0xFFA0, 0xFE00...0xFE0F, 0xE0100...0xE01EF:
                continue  // a joiner, Hangul fillers and variation selectors: as invisible
            default:
                // Every other format character (tags, invisible operators): the same.
                if scalar.properties.generalCategory == .format { continue }
                out.append(scalar)
            }
        }
        return trimmed(String(out), leading: !keepLineBreaks)
    }

    /// After ESC: the rest of one escape sequence (ECMA-48 and its string controls).
    private static func skipEscape(_ input: inout ArraySlice<Unicode.Scalar>) {
        guard let next = input.first else { return }
        switch next {
        case "[":
            input.removeFirst()
            skipControlSequence(&input)
        case "]", "P", "X", "^", "_":
            input.removeFirst()
            skipString(&input)
        default:
            // `ESC ( B`, `ESC 7`, `ESC c`: intermediates, then one final byte.
            while let c = input.first, (0x20...0x2F).contains(c.value) { input.removeFirst() }
            if let c = input.first, (0x30...0x7E).contains(c.value) { input.removeFirst() }
        }
    }

    /// CSI: parameter bytes, intermediate bytes, one final byte. A byte outside the grammar
    /// ends it there, as terminals abort a malformed sequence.
    private static func skipControlSequence(_ input: inout ArraySlice<Unicode.Scalar>) {
        while let c = input.first, (0x30...0x3F).contains(c.value) { input.removeFirst() }
        while let c = input.first, (0x20...0x2F).contains(c.value) { input.removeFirst() }
        if let c = input.first, (0x40...0x7E).contains(c.value) { input.removeFirst() }
    }

    /// OSC, DCS, SOS, PM, APC: everything up to BEL, ST (`ESC \` or 0x9C) or the end. An ESC
    /// that does not start ST ends the string and begins a new sequence.
    private static func skipString(_ input: inout ArraySlice<Unicode.Scalar>) {
        while let c = input.first {
            switch c.value {
            case 0x07, 0x9C:
                input.removeFirst()
                return
            case 0x1B:
                if input.dropFirst().first == "\\" { input.removeFirst(2) }
                return
            default:
                input.removeFirst()
            }
        }
    }

    private static func trimmed(_ s: String, leading: Bool) -> String {
        var s = Substring(s)
        while leading, s.first == " " { s.removeFirst() }
        while s.last == " " || s.last == "\n" { s.removeLast() }
        return String(s)
    }
}
