/// Turns keyboard bytes into keys, fed as they arrive: a key, an escape sequence, a terminal
/// reply or a UTF-8 character split across two reads decodes exactly as it would in one.
/// An `ESC` with nothing after it waits; `timeout()` (nothing more came soon) makes it the
/// Escape key, as vim's `ttimeout` does. A bracketed paste arrives as one `.paste`.
public struct KeyDecoder: Sendable {
    public let toggle: KeyChord
    /// The intent key, which is the toggle too once a take is under way (it stops its take).
    public let intentKey: KeyChord?
    private var pending: [UInt8] = []
    /// Inside a bracketed paste: what it has brought so far.
    private var pasted: [UInt8]?
    private static let pasteStart = Array("\u{1B}[200~".utf8)
    private static let pasteEnd = Array("\u{1B}[201~".utf8)
    /// A sequence longer than this without its final byte is garbage, not a key.
    private static let longestSequence = 32

    public init(toggle: KeyChord, intentKey: KeyChord? = nil) {
        self.toggle = toggle
        self.intentKey = intentKey
    }

    /// Bytes are held back, waiting for the rest of a key.
    public var isWaiting: Bool { !pending.isEmpty || pasted != nil }

    /// Inside a bracketed paste whose end has not come.
    public var isPasting: Bool { pasted != nil }

    public mutating func feed(_ bytes: some Sequence<UInt8>) -> [Key] {
        pending += bytes
        return decode(final: false)
    }

    /// Nothing more came: what is held back is decoded as it stands.
    public mutating func timeout() -> [Key] {
        decode(final: true)
    }

    private mutating func decode(final: Bool) -> [Key] {
        var keys: [Key] = []
        var text: [UInt8] = []
        func flushText() {
            if !text.isEmpty { keys.append(.text(String(decoding: text, as: UTF8.self))) }
            text = []
        }
        var i = 0
        scan: while i < pending.count {
            let rest = pending[i...]
            if var paste = pasted {
                if let end = rest.firstRange(of: Self.pasteEnd) {
                    paste += pending[i..<end.lowerBound]
                    keys.append(.paste(String(decoding: paste, as: UTF8.self)))
                    pasted = nil
                    i = end.upperBound
                    continue
                }
                // Keep back what may be the start of the end marker.
                let keep = final ? 0 : Self.partialMatch(rest, of: Self.pasteEnd)
                paste += pending[i..<(pending.count - keep)]
                pasted = paste
                if final {
                    keys.append(.paste(String(decoding: paste, as: UTF8.self)))
                    pasted = nil
                }
                i = pending.count - keep
                break
            }
            if let chord = [toggle, intentKey].compactMap({ $0 }).first(where: { rest.starts(with: $0.bytes) }) {
                flushText()
                keys.append(.toggle)
                i += chord.bytes.count
                continue
            }
            let byte = pending[i]
            if byte >= 0x20 && byte != 0x7F {
                // A character: the lead byte and the continuation bytes after it, as many as it
                // announces; a byte that cannot continue it (a key, an escape) is not taken in.
                let announced = Self.utf8Length(byte)
                let length = 1 + rest.dropFirst().prefix(announced - 1).prefix { $0 & 0xC0 == 0x80 }.count
                // the rest of the character is on its way
                if length < announced && length == rest.count && !final { break }
                text += rest.prefix(length)
                i += length
                continue
            }
            flushText()
            if byte == 0x1B {
                if rest.starts(with: Self.pasteStart) {
                    pasted = []
                    i += Self.pasteStart.count
                    continue
                }
                switch Self.escapeSequence(rest, final: final) {
                case .incomplete: break scan
                case .key(let key, let length):
                    keys.append(key)
                    i += length
                }
                continue
            }
            switch byte {
            case 0x0D, 0x0A: keys.append(.enter)
            case 0x09: keys.append(.tab)
            case 0x7F, 0x08: keys.append(.backspace)
            case 0x01...0x1A: keys.append(.control(Character(UnicodeScalar(byte + 0x60))))
            default: keys.append(.other)
            }
            i += 1
        }
        // A paste whose end has not come by the timeout ends here, as what else is held back
        // does: held open, it would take every later key (the toggle too) and keep the
        // decoder waiting for ever.
        if final, let paste = pasted {
            keys.append(.paste(String(decoding: paste, as: UTF8.self)))
            pasted = nil
        }
        flushText()
        pending.removeFirst(i)
        return keys
    }

    private enum Step {
        case key(Key, Int)
        case incomplete
    }

    /// The key an escape sequence stands for and how many bytes it takes, or `incomplete`.
    private static func escapeSequence(_ s: ArraySlice<UInt8>, final: Bool) -> Step {
        let s = Array(s)
        guard s.count > 1 else { return final ? .key(.escape, 1) : .incomplete }
        if s[1] == 0x1B { return .key(.escape, 1) }
        guard s[1] == 0x5B || s[1] == 0x4F else { return .key(.other, 2) }  // alt-x
        // CSI or SS3: parameters (digits, `;`), intermediates, then one final byte.
        // Read no further than `longestSequence`, however the bytes were split into reads.
        var end = 2
        while end < s.count, end < longestSequence, (0x20...0x3F).contains(s[end]) { end += 1 }
        guard end < s.count, end < longestSequence else {
            if final || end >= longestSequence { return .key(.other, end) }
            return .incomplete
        }
        let parameters = String(decoding: s[2..<end], as: UTF8.self)
        let length = end + 1
        if s[1] == 0x5B, let reply = TerminalReply(sequence: s[..<length]) { return .key(.reply(reply), length) }
        switch (s[end], parameters) {
        case (0x44, _): return .key(.left, length)
        case (0x43, _): return .key(.right, length)
        case (0x48, _), (0x7E, "1"), (0x7E, "7"): return .key(.home, length)
        case (0x46, _), (0x7E, "4"), (0x7E, "8"): return .key(.end, length)
        case (0x7E, "3"): return .key(.delete, length)
        case (0x5A, ""): return .key(.backTab, length)
        default: return .key(.other, length)
        }
    }

    /// How many bytes at the end of `bytes` are the start of `marker`.
    private static func partialMatch(_ bytes: ArraySlice<UInt8>, of marker: [UInt8]) -> Int {
        for length in stride(from: min(marker.count - 1, bytes.count), through: 1, by: -1)
        where bytes.suffix(length).elementsEqual(marker.prefix(length)) {
            return length
        }
        return 0
    }

    private static func utf8Length(_ lead: UInt8) -> Int {
        switch lead {
        case 0xF0...0xF7: 4
        case 0xE0...0xEF: 3
        case 0xC0...0xDF: 2
        default: 1
        }
    }
}
