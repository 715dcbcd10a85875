import Foundation

/// The dictation's one line on the local terminal: where it may go, putting it there and
/// taking it away. voicesh keeps no copy of the screen, so it learns where the cursor is
/// from the terminal itself (`CSI 6n` → `CSI row;col R`) and forgets it whenever the remote
/// writes. See DESIGN.md, "The terminal-UI decision".
///
/// - At a shell prompt the line goes right after the cursor, in the rest of that line, never
///   in the last column (writing there leaves the cursor pending a wrap), and the cursor is
///   put back with CHA. Erasing is one `EL` at the cursor.
/// - With `borrowsRow` (inside vim, less or top, whose PTY is one row shorter meanwhile) it
///   goes in the bottom row, and the cursor goes back with CUP.
final class StatusLine {
    /// Set while the remote has given up the bottom row.
    var borrowsRow = false
    private let write: ([UInt8]) -> Void
    private var cursor: (row: Int, column: Int)?
    private var asked = 0
    private var drawn = false

    /// `write` puts bytes on the local terminal (the session loop's one writer).
    init(write: @escaping ([UInt8]) -> Void) {
        self.write = write
    }

    /// Cursor reports are still on their way (they must not reach the remote as keystrokes).
    var awaitingReports: Bool { asked > 0 }

    /// The cells the line may use now, or nil until the terminal has said where the cursor is
    /// (the question is asked then).
    func room() -> Int? {
        guard let cursor else {
            ask()
            return nil
        }
        guard let size = RawTerminal.size() else { return nil }
        return borrowsRow ? size.columns - 1 : size.columns - cursor.column
    }

    func ask() {
        guard asked < 4 else { return }  // a terminal that never answers is not asked forever
        asked += 1
        write(Array("\u{1B}[6n".utf8))
    }

    func cursorReported(row: Int, column: Int) {
        asked = max(0, asked - 1)
        erase()
        cursor = (row, column)
    }

    /// The remote is about to write: the line comes off, and where the cursor ends up is unknown.
    func remoteWillWrite() {
        erase()
        cursor = nil
    }

    /// Draws `line` (styled, already cut to `width`).
    func draw(_ line: String) {
        guard let cursor, !line.isEmpty else { return }
        if borrowsRow, let size = RawTerminal.size() {
            write(Array("\u{1B}[\(size.rows);1H\(line)\u{1B}[K\u{1B}[\(cursor.row);\(cursor.column)H".utf8))
        } else {
            write(Array("\(line)\u{1B}[K\u{1B}[\(cursor.column)G".utf8))
        }
        drawn = true
    }

    /// Takes the line off the screen; the cursor stays where the remote left it.
    func erase() {
        guard drawn, let cursor else { return }
        drawn = false
        if borrowsRow, let size = RawTerminal.size() {
            write(Array("\u{1B}[\(size.rows);1H\u{1B}[2K\u{1B}[\(cursor.row);\(cursor.column)H".utf8))
        } else {
            write(Array("\u{1B}[K".utf8))
        }
    }

    /// The dictation is over: nothing on screen, nothing remembered.
    func clear() {
        erase()
        cursor = nil
    }
}
