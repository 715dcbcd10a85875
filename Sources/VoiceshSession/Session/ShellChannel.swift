import SSHClient

/// What the session loop needs of the remote shell's channel: its output (stream 0, and 1 for
/// stderr), the keystrokes, the window size and the end of input. Every call may not block.
/// `SSHChannel` is the real one; a test hands in one of its own.
package protocol ShellChannel: AnyObject {
    var isEOF: Bool { get }
    /// Whether a read of `stream` has data without waiting.
    func hasQueuedData(stream: Int32) -> Bool
    func read(into buffer: UnsafeMutableRawBufferPointer, stream: Int32) throws(SSHError) -> Step<Int>
    func write(_ bytes: UnsafeRawBufferPointer) throws(SSHError) -> Step<Int>
    func resize(columns: Int, rows: Int) throws(SSHError) -> Step<Int>
    func sendEOF() throws(SSHError) -> Step<Int>
}

extension SSHChannel: ShellChannel {}
