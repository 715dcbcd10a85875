/// Reads, out of the remote's output, the questions it asks the terminal (`CSI 6n`, `CSI 5n`,
/// `CSI c`, `CSI > c`), across chunk boundaries, so their answers can be sent back to it
/// rather than taken as keys (`ReplyRoute`).
public struct TerminalQueries: EscapeSequenceReader, Sendable {
    /// Questions seen since the last `take()`, in order.
    private var asked: [TerminalReply.Kind] = []
    private var pending = ControlSequence()

    public init() {}

    /// Output read for this alone; the session reads it through `OutputScanner`.
    public mutating func feed(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { scan($0) }
    }

    /// The questions asked since the last call.
    public mutating func take() -> [TerminalReply.Kind] {
        defer { asked.removeAll(keepingCapacity: true) }
        return asked
    }

    var isIdle: Bool { pending.isIdle }

    mutating func step(_ byte: UInt8) {
        guard pending.take(byte) else { return }
        if pending.bytes.count == 2 {
            if byte != 0x5B { pending.restart(at: byte) }
            return
        }
        if (0x30...0x3F).contains(byte) && pending.bytes.count < 16 { return }  // parameters
        if let kind = Self.question(pending.bytes) { asked.append(kind) }
        pending.restart(at: byte)
    }

    /// The answer a whole `ESC [ … final` asks for, if it is a question.
    private static func question(_ s: [UInt8]) -> TerminalReply.Kind? {
        let parameters = String(decoding: s[2..<(s.count - 1)], as: UTF8.self)
        switch (s[s.count - 1], parameters) {
        case (0x6E, "6"), (0x6E, "?6"): return .cursorPosition
        case (0x6E, "5"): return .status
        case (0x63, ""), (0x63, "0"): return .attributes
        case (0x63, ">"), (0x63, ">0"): return .secondaryAttributes
        default: return nil
        }
    }
}
