/// What ends a recording outside a session (`record`, `listen`, learning), as a pure machine:
/// the time limit or a full buffer, the toggle key or Enter at a terminal (Esc or ctrl-c
/// cancels), a line or the end of standard input when it is not a terminal (and the caller
/// stops there), a terminating signal. `Recorder` carries it out: the microphone, the
/// terminal and the poll.
public struct RecordingMachine: Sendable {
    public enum Stop: Equatable, Sendable {
        case limit, key, endOfInput, signal
        case cancelled
    }

    public let limit: Double
    public let toggle: KeyChord
    /// Standard input is a terminal in raw mode: its bytes are keys.
    public let atTerminal: Bool
    /// A line or the end of standard input (not a terminal) ends the recording.
    public let stopAtEndOfInput: Bool
    /// Standard input is still read (it has not ended).
    public private(set) var readsInput = true

    public init(limit: Double, toggle: KeyChord, atTerminal: Bool, stopAtEndOfInput: Bool) {
        self.limit = limit
        self.toggle = toggle
        self.atTerminal = atTerminal
        self.stopAtEndOfInput = stopAtEndOfInput
    }

    /// Time passed: `seconds` are recorded; `full`: the recording holds no more.
    public func recorded(seconds: Double, full: Bool) -> Stop? {
        seconds >= limit || full ? .limit : nil
    }

    /// A terminating signal came.
    public func signalled() -> Stop { .signal }

    /// A read from standard input (empty: it ended, or failed, and is not read again).
    public mutating func read(_ bytes: [UInt8]) -> Stop? {
        guard !bytes.isEmpty else {
            readsInput = false
            return !atTerminal && stopAtEndOfInput ? .endOfInput : nil
        }
        guard atTerminal else { return bytes.contains(0x0A) && stopAtEndOfInput ? .key : nil }
        for key in Key.decode(bytes, toggle: toggle) {
            switch key {
            case .toggle, .enter: return .key
            case .escape, .control("c"): return .cancelled
            default: continue
            }
        }
        return nil
    }
}
