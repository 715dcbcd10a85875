import Foundation

/// The local terminal in raw mode for the length of a session, restored on every way out:
/// `restore()`, deinit, and an atexit hook for paths that never unwind (exit() elsewhere).
package final class RawTerminal {
    package let fd: Int32
    private let saved: termios

    /// Nil when `fd` is not a terminal (input from a pipe or a file): nothing to change.
    package init?(fd: Int32 = STDIN_FILENO) {
        var attributes = termios()
        guard isatty(fd) == 1, tcgetattr(fd, &attributes) == 0 else { return nil }
        self.fd = fd
        saved = attributes
        RawTerminal.registerExitHook(fd: fd, attributes: attributes)
        var raw = attributes
        cfmakeraw(&raw)
        tcsetattr(fd, TCSADRAIN, &raw)
    }

    deinit { restore() }

    package func restore() {
        var attributes = saved
        tcsetattr(fd, TCSADRAIN, &attributes)
    }

    /// The size of the terminal on `fd` (columns, rows), if it is one.
    package static func size(of fd: Int32 = STDOUT_FILENO) -> (columns: Int, rows: Int)? {
        var size = winsize()
        guard ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return (Int(size.ws_col), Int(size.ws_row))
    }

    private nonisolated(unsafe) static var exitRestore: (fd: Int32, attributes: termios)?

    private static func registerExitHook(fd: Int32, attributes: termios) {
        let first = exitRestore == nil
        exitRestore = (fd, attributes)
        if first {
            atexit {
                guard var saved = RawTerminal.exitRestore else { return }
                tcsetattr(saved.fd, TCSADRAIN, &saved.attributes)
            }
        }
    }
}
