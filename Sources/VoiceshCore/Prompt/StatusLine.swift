/// The dictation's one line on the local terminal, as bytes: where it may go, putting it
/// there and taking it away. Pure: each step returns the bytes to write, and the session loop
/// writes them. It learns where the cursor is from the terminal itself (`CSI 6n` →
/// `CSI row;col R`) and forgets it whenever the remote writes. See DESIGN.md, "The
/// terminal-UI decision".
///
/// - At a shell prompt the line goes right after the cursor, in the rest of that line, never
///   in the last column (writing there leaves the cursor pending a wrap), and the cursor is
///   put back with CHA. Erasing is one `EL` at the cursor.
/// - With `borrowsRow` (inside vim, less or top) it goes over the bottom row, the cursor goes
///   back with CUP, and erasing paints the row back as the program drew it (`underneath`).
public struct StatusLine: Sendable {
    /// The terminal's size in cells, as the session's `TerminalWindow` gives it.
    public typealias Size = (columns: Int, rows: Int)

    /// Set while the line is drawn over a full-screen program's bottom row.
    public var borrowsRow = false
    /// The bytes that paint the bottom row back as the program left it, ending with the
    /// program's own pen (from the model of its screen); empty: the row is erased instead.
    public var underneath: [UInt8] = []
    private var cursor: (row: Int, column: Int)?
    /// Every question for the cursor ever returned, so the session can tell its answers from
    /// the remote's (`ReplyRoute`).
    public private(set) var questionsAsked = 0
    /// Questions for the cursor on their way, and when the last went out.
    private var asked = 0
    private var askedAt = 0.0
    /// Of those, the ones asked before the remote last wrote (or the window changed): their
    /// answers say where the cursor was, not where it is. The terminal answers in order.
    private var staleAnswers = 0
    /// Questions asked since the last answer, and whether any was ever answered: a terminal
    /// that never answers is not asked for ever.
    private var unanswered = 0
    private var everAnswered = false
    private var drawn = false
    /// The window changed while the line was on screen: the terminal may have re-wrapped it.
    private var reflowed = false
    /// An answer this late may have been lost: the loop asks again.
    public static let answerWait = 1.0

    public init() {}

    /// The line is on the screen now: only then may a dictation take keys.
    public var isVisible: Bool { drawn }

    /// The terminal has never answered where its cursor is: the line cannot be drawn at all.
    public var terminalSilent: Bool { !everAnswered && unanswered >= 3 }

    /// The cells the line may use now, or nil until the terminal has said where the cursor is.
    public func room(_ size: Size) -> Int? {
        guard let cursor else { return nil }
        return borrowsRow ? size.columns - 1 : size.columns - cursor.column
    }

    /// The question for the cursor's position, unless one is on its way (an answer that comes
    /// too old asks again); one unanswered for `answerWait` may have been lost.
    public mutating func ask(now: Double) -> [UInt8] {
        guard asked == 0 || now - askedAt >= Self.answerWait, !terminalSilent else { return [] }
        asked += 1
        questionsAsked += 1
        unanswered += 1
        askedAt = now
        return Array("\u{1B}[6n".utf8)
    }

    /// The terminal said where the cursor is: the line may be drawn there, unless the remote
    /// wrote after the question, which is then asked again.
    public mutating func cursorReported(row: Int, column: Int, size: Size, now: Double) -> [UInt8] {
        everAnswered = true
        unanswered = 0
        asked = max(0, asked - 1)
        if staleAnswers > 0 {
            staleAnswers -= 1
            return asked == 0 ? ask(now: now) : []
        }
        let bytes = erase(size)
        cursor = (row, column)
        return bytes
    }

    /// The remote is about to write: the line comes off, and where the cursor ends up is unknown.
    public mutating func remoteWillWrite(_ size: Size) -> [UInt8] {
        let bytes = erase(size)
        cursor = nil
        staleAnswers = asked
        return bytes
    }

    /// The window changed size: a line on screen may have been re-wrapped onto the rows below
    /// the cursor, so the next erase clears to the end of the screen, not only of the row.
    public mutating func resized(_ size: Size) -> [UInt8] {
        if drawn { reflowed = true }
        return remoteWillWrite(size)
    }

    /// Draws `line` (styled, already cut to the room).
    public mutating func draw(_ line: String, size: Size) -> [UInt8] {
        guard let cursor, !line.isEmpty else { return [] }
        drawn = true
        if borrowsRow {
            return Array("\u{1B}[\(size.rows);1H\(line)\u{1B}[K\u{1B}[\(cursor.row);\(cursor.column)H".utf8)
        }
        return Array("\(line)\u{1B}[K\u{1B}[\(cursor.column)G".utf8)
    }

    /// Takes the line off the screen; the cursor stays where the remote left it.
    public mutating func erase(_ size: Size) -> [UInt8] {
        guard drawn, let cursor else { return [] }
        drawn = false
        defer { reflowed = false }
        if borrowsRow {
            let row = underneath.isEmpty ? Array("\u{1B}[2K".utf8) : underneath
            return Array("\u{1B}[\(size.rows);1H".utf8) + row + Array("\u{1B}[\(cursor.row);\(cursor.column)H".utf8)
        }
        return Array((reflowed ? "\u{1B}[J" : "\u{1B}[K").utf8)
    }

    /// The dictation is over: nothing on screen, nothing remembered.
    public mutating func clear(_ size: Size) -> [UInt8] {
        let bytes = erase(size)
        cursor = nil
        return bytes
    }
}
