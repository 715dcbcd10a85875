/// The terminal's answer to a question asked of it in the output stream, read from the
/// keyboard: both the remote and voicesh itself ask (voicesh asks where the cursor is, to draw
/// its line), and the terminal answers each in the order the questions reached it.
public struct TerminalReply: Equatable, Sendable {
    /// The questions voicesh follows (ECMA-48 DSR and DA, xterm's ctlseqs).
    public enum Kind: Equatable, Sendable {
        /// `CSI 6n` (or DEC's `CSI ?6n`) → `CSI row;col R` (`CSI ?row;col[;page] R`).
        case cursorPosition
        /// `CSI 5n` → `CSI 0n` (or `CSI 3n`).
        case status
        /// `CSI c` (`CSI 0c`) → `CSI ? … c`.
        case attributes
        /// `CSI > c` (`CSI >0c`) → `CSI > … c`.
        case secondaryAttributes
    }

    public let kind: Kind
    /// The reply exactly as the terminal sent it, to pass on unchanged.
    public let bytes: [UInt8]

    /// The cursor's place in a cursor position report (1-based), or nil.
    public var position: (row: Int, column: Int)? {
        guard kind == .cursorPosition else { return nil }
        let numbers = String(decoding: bytes.dropFirst(2).dropLast(), as: UTF8.self)
            .split(separator: ";", omittingEmptySubsequences: false).map { Int($0.drop { $0 == "?" }) }
        guard numbers.count >= 2, let row = numbers[0], let column = numbers[1] else { return nil }
        return (row, column)
    }

    /// The reply a whole CSI sequence (`ESC [` parameters final) is, or nil when it is none
    /// (a key, say). Shift-F3 sends `CSI 1;2R`, which no one can tell from a report.
    public init?(sequence s: some Collection<UInt8>) {
        let s = Array(s)
        guard s.count >= 3, s[0] == 0x1B, s[1] == 0x5B, let final = s.last else { return nil }
        let parameters = s[2..<(s.count - 1)]
        guard parameters.allSatisfy({ (0x30...0x3F).contains($0) }) else { return nil }
        let lead = parameters.first
        let digits = lead == 0x3F || lead == 0x3E ? parameters.dropFirst() : parameters[...]
        guard digits.allSatisfy({ (0x30...0x3B).contains($0) }) else { return nil }
        let secondary = lead == 0x3E
        let privateMark = lead == 0x3F
        switch final {
        case 0x52 where !secondary && digits.contains(0x3B): kind = .cursorPosition
        case 0x6E where !secondary && !privateMark && !digits.isEmpty: kind = .status
        case 0x63 where privateMark: kind = .attributes
        case 0x63 where secondary: kind = .secondaryAttributes
        default: return nil
        }
        bytes = s
    }
}
