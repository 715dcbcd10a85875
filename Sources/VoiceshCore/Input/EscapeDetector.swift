/// OpenSSH's escape sequences on the keyboard stream: `~` right after Enter (or at the start
/// of the session) begins one. `~.` disconnects, `~?` lists them, `~~` sends one `~`; any
/// other character after `~` is sent with the `~` before it.
public struct EscapeDetector: Sendable {
    public enum Action: Equatable, Sendable {
        case send([UInt8])
        case disconnect
        case help
    }

    private var atLineStart = true
    private var sawTilde = false

    public init() {}

    /// Feeds keystrokes; returns what to do, in order, with consecutive bytes merged.
    /// Bytes after `~.` are dropped: the session is ending. An array, not any sequence: the
    /// loop calls it from another module on every key, where a generic one runs unspecialized.
    public mutating func feed(_ bytes: [UInt8]) -> [Action] {
        var actions: [Action] = []
        var pending: [UInt8] = []
        func flush() {
            if !pending.isEmpty { actions.append(.send(pending)) }
            pending = []
        }
        for byte in bytes {
            if sawTilde {
                sawTilde = false
                switch byte {
                case UInt8(ascii: "."):
                    flush()
                    actions.append(.disconnect)
                    return actions
                case UInt8(ascii: "?"):
                    flush()
                    actions.append(.help)
                    atLineStart = true
                    continue
                case UInt8(ascii: "~"):
                    pending.append(byte)
                    atLineStart = false
                    continue
                default:
                    pending.append(UInt8(ascii: "~"))
                }
            } else if atLineStart && byte == UInt8(ascii: "~") {
                sawTilde = true
                continue
            }
            pending.append(byte)
            atLineStart = byte == 0x0D || byte == 0x0A
        }
        flush()
        return actions
    }

    /// What `~?` prints (with CR LF: the terminal is in raw mode).
    public static let help =
        [
            "Supported escape sequences:",
            " ~.   - terminate connection",
            " ~?   - this message",
            " ~~   - send the escape character by typing it twice",
            "(Note that escapes are only recognized immediately after newline.)",
        ].joined(separator: "\r\n") + "\r\n"
}
