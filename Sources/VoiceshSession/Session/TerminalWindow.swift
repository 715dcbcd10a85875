import Foundation

/// The local terminal as the session sees it: where keys come from, where the screen goes,
/// and its size. `LocalTerminal` is the real one (standard input and output); a test hands in
/// pipes of its own.
package protocol TerminalWindow: Sendable {
    /// Columns and rows, or nil when the output is not a terminal.
    var size: (columns: Int, rows: Int)? { get }
    var input: Int32 { get }
    var output: Int32 { get }
    /// Where the remote's stderr and voicesh's own messages go.
    var errors: Int32 { get }
}

extension TerminalWindow {
    package var input: Int32 { STDIN_FILENO }
    package var output: Int32 { STDOUT_FILENO }
    package var errors: Int32 { STDERR_FILENO }
}

/// The terminal on standard input and output.
package struct LocalTerminal: TerminalWindow {
    package init() {}

    package var size: (columns: Int, rows: Int)? { RawTerminal.size() }
}
