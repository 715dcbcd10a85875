/// Finds the terminal's replies (`TerminalReply`) among keystrokes bound for the remote, fed
/// as they arrive: a reply split across two reads is still found whole. Bytes that might
/// start a reply wait for the next read (or `timeout()`); any other byte goes straight on, so
/// typing is not delayed. Used only while a reply is awaited (`ReplyRoute.isWaiting`).
public struct TerminalReplyFilter: Sendable {
    /// Keystrokes, and replies where they came among them.
    public enum Piece: Equatable, Sendable {
        case keys([UInt8])
        case reply(TerminalReply)
    }

    private var held: [UInt8] = []

    public init() {}

    public var isWaiting: Bool { !held.isEmpty }

    public mutating func feed(_ bytes: some Sequence<UInt8>) -> [Piece] {
        var pieces: [Piece] = []
        var keys: [UInt8] = []
        for byte in bytes {
            held.append(byte)
            switch Self.match(held) {
            case .prefix: continue
            case .reply(let reply):
                if !keys.isEmpty { pieces.append(.keys(keys)) }
                keys = []
                pieces.append(.reply(reply))
                held = []
            case .no:
                // The first byte is not a reply's start; the rest may be.
                keys.append(held.removeFirst())
                while !held.isEmpty, case .no = Self.match(held) { keys.append(held.removeFirst()) }
            }
        }
        if !keys.isEmpty { pieces.append(.keys(keys)) }
        return pieces
    }

    /// Nothing more came: held bytes were keystrokes after all.
    public mutating func timeout() -> [UInt8] {
        defer { held = [] }
        return held
    }

    private enum Match {
        case no, prefix
        case reply(TerminalReply)
    }

    private static func match(_ s: [UInt8]) -> Match {
        guard s[0] == 0x1B else { return .no }
        guard s.count > 1 else { return .prefix }
        guard s[1] == 0x5B else { return .no }
        var i = 2
        while i < s.count, (0x30...0x3F).contains(s[i]) { i += 1 }
        if i == s.count { return s.count < 32 ? .prefix : .no }
        guard i == s.count - 1, let reply = TerminalReply(sequence: s) else { return .no }
        return .reply(reply)
    }
}
