/// Takes the terminal's cursor reports (`CSI row;col R`) out of keystrokes bound for the
/// remote, fed as they arrive: a report split across two reads is still taken out whole.
/// Bytes that might start a report wait for the next read (or `timeout()`); any other byte
/// goes straight on, so typing is not delayed.
public struct CursorReportFilter: Sendable {
    private var held: [UInt8] = []

    public init() {}

    public var isWaiting: Bool { !held.isEmpty }

    public mutating func feed(_ bytes: some Sequence<UInt8>) -> (rest: [UInt8], reports: [(row: Int, column: Int)]) {
        var rest: [UInt8] = []
        var reports: [(Int, Int)] = []
        for byte in bytes {
            held.append(byte)
            switch Self.match(held) {
            case .prefix: continue
            case .report(let row, let column):
                reports.append((row, column))
                held = []
            case .no:
                // The first byte is not a report's start; the rest may be.
                rest.append(held.removeFirst())
                while !held.isEmpty, case .no = Self.match(held) { rest.append(held.removeFirst()) }
            }
        }
        return (rest, reports)
    }

    /// Nothing more came: held bytes were keystrokes after all.
    public mutating func timeout() -> [UInt8] {
        defer { held = [] }
        return held
    }

    private enum Match {
        case no, prefix
        case report(Int, Int)
    }

    private static func match(_ s: [UInt8]) -> Match {
        guard s[0] == 0x1B else { return .no }
        guard s.count > 1 else { return .prefix }
        guard s[1] == 0x5B else { return .no }
        var i = 2
        while i < s.count, (0x30...0x3B).contains(s[i]) { i += 1 }
        if i == s.count { return s.count < 16 ? .prefix : .no }
        guard i == s.count - 1, s[i] == 0x52 else { return .no }
        let numbers = String(decoding: s[2..<i], as: UTF8.self).split(separator: ";", omittingEmptySubsequences: false)
            .map { Int($0) }
        guard numbers.count == 2, let row = numbers[0], let column = numbers[1] else { return .no }
        return .report(row, column)
    }
}
