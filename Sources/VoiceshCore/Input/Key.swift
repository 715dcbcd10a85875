/// A key pressed while a dictation has the keyboard (recording, confirming, editing).
/// Outside a dictation, keystrokes are never decoded: they go to the remote byte for byte.
public enum Key: Equatable, Sendable {
    case toggle
    case enter
    case escape
    case backspace
    case delete
    case left, right, home, end
    /// A control key, by its letter: `.control("r")` for ctrl-r.
    case control(Character)
    case text(String)
    /// The terminal's answer to a cursor position request (`CSI 6n` → `CSI row;col R`).
    case cursorReport(row: Int, column: Int)
    /// A sequence with no meaning here.
    case other

    /// Decodes one read from the keyboard. A terminal sends each key's bytes in one write, so
    /// an `ESC` alone in a read is the Escape key and an `ESC` followed by more is a sequence.
    public static func decode(_ bytes: [UInt8], toggle: KeyChord) -> [Key] {
        var keys: [Key] = []
        var i = 0
        var text: [UInt8] = []
        func flushText() {
            if !text.isEmpty { keys.append(.text(String(decoding: text, as: UTF8.self))) }
            text = []
        }
        while i < bytes.count {
            if bytes[i...].starts(with: toggle.bytes) {
                flushText()
                keys.append(.toggle)
                i += toggle.bytes.count
                continue
            }
            let byte = bytes[i]
            if byte >= 0x20 && byte != 0x7F {
                text.append(byte)
                i += 1
                continue
            }
            flushText()
            if byte == 0x1B {
                let (key, length) = escapeSequence(bytes[i...])
                keys.append(key)
                i += length
                continue
            }
            switch byte {
            case 0x0D, 0x0A: keys.append(.enter)
            case 0x7F, 0x08: keys.append(.backspace)
            case 0x01...0x1A: keys.append(.control(Character(UnicodeScalar(byte + 0x60))))
            default: keys.append(.other)
            }
            i += 1
        }
        flushText()
        return keys
    }

    /// The key an escape sequence stands for, and how many bytes it takes.
    private static func escapeSequence(_ bytes: ArraySlice<UInt8>) -> (Key, Int) {
        let s = Array(bytes)
        guard s.count > 1 else { return (.escape, 1) }
        guard s[1] == 0x5B || s[1] == 0x4F else { return (.other, 2) }  // alt-x
        // CSI or SS3: parameters (digits, `;`) then one final byte.
        var end = 2
        while end < s.count, (0x30...0x3F).contains(s[end]) { end += 1 }
        guard end < s.count else { return (.other, s.count) }
        let parameters = String(decoding: s[2..<end], as: UTF8.self)
        let length = end + 1
        switch (s[end], parameters) {
        case (0x44, _): return (.left, length)
        case (0x43, _): return (.right, length)
        case (0x48, _), (0x7E, "1"), (0x7E, "7"): return (.home, length)
        case (0x46, _), (0x7E, "4"), (0x7E, "8"): return (.end, length)
        case (0x7E, "3"): return (.delete, length)
        case (0x52, _):
            let numbers = parameters.split(separator: ";").compactMap { Int($0) }
            if numbers.count == 2 { return (.cursorReport(row: numbers[0], column: numbers[1]), length) }
            return (.other, length)
        default: return (.other, length)
        }
    }

    /// Splits what the remote should get from the cursor reports mixed into it (an answer
    /// can arrive after the dictation that asked for it has ended).
    public static func extractCursorReports(_ bytes: [UInt8]) -> (rest: [UInt8], reports: [(row: Int, column: Int)]) {
        var rest: [UInt8] = []
        var reports: [(Int, Int)] = []
        var i = 0
        while i < bytes.count {
            if bytes[i] == 0x1B, i + 1 < bytes.count, bytes[i + 1] == 0x5B {
                var end = i + 2
                while end < bytes.count, (0x30...0x3B).contains(bytes[end]) { end += 1 }
                if end < bytes.count, bytes[end] == 0x52 {
                    let numbers = String(decoding: bytes[(i + 2)..<end], as: UTF8.self).split(separator: ";")
                        .compactMap { Int($0) }
                    if numbers.count == 2 {
                        reports.append((numbers[0], numbers[1]))
                        i = end + 1
                        continue
                    }
                }
            }
            rest.append(bytes[i])
            i += 1
        }
        return (rest, reports)
    }
}
