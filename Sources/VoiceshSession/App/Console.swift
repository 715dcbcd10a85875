import Foundation
import VoiceshCore

/// The command-line output: results on stdout, messages on stderr. Both are cleaned of
/// escape sequences and control characters (`UntrustedText`): what is printed here carries
/// text from outside (transcripts, engine and server errors, the history, profile values),
/// and none of it may paint the terminal.
package enum Console {
    package static func print(_ text: String) {
        writeAll(STDOUT_FILENO, Array((UntrustedText.cleanLines(text) + "\n").utf8))
    }

    /// Text as it is, with no newline added (file contents such as TOML).
    package static func write(_ text: String) {
        writeAll(STDOUT_FILENO, Array(text.utf8))
    }

    package static func error(_ text: String) {
        writeAll(STDERR_FILENO, Array((UntrustedText.cleanLines(text) + "\n").utf8))
    }

    /// Writes every byte, through short writes and EINTR. A terminal that has gone away (a
    /// closed tmux pane, a hung-up ssh) ends the output quietly: FileHandle's `write` would
    /// stop the process with a fatal error instead, just as it says goodbye.
    package static func writeAll(_ fd: Int32, _ bytes: [UInt8], count: Int? = nil) {
        var offset = 0
        let total = count ?? bytes.count
        bytes.withUnsafeBytes { raw in
            while offset < total {
                let n = Glibc.write(fd, raw.baseAddress! + offset, total - offset)
                if n > 0 {
                    offset += n
                } else if n < 0 && (errno == EINTR || errno == EAGAIN) {
                    var pfd = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&pfd, 1, 100)
                } else {
                    return
                }
            }
        }
    }

    /// Asks a yes/no question on the terminal; false when there is no terminal to ask.
    package static func confirm(_ question: String) -> Bool {
        guard isatty(STDIN_FILENO) == 1 else { return false }
        writeAll(STDERR_FILENO, Array("\(UntrustedText.clean(question)) [y/N] ".utf8))
        guard let answer = readLine() else { return false }
        return ["y", "yes"].contains(answer.lowercased())
    }

    package static func json<T: Encodable>(_ value: T) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        let data = try encoder.encode(value)
        print(String(decoding: data, as: UTF8.self))
    }

    /// Columns padded to their widest cell, like `ls -l` or `docker ps`.
    package static func table(_ header: [String], _ rows: [[String]]) {
        let all = ([header] + rows).map { $0.map(UntrustedText.clean) }
        let widths = header.indices.map { i in all.map { $0[i].count }.max() ?? 0 }
        for row in all {
            let cells = row.enumerated().map { i, cell in
                i == row.count - 1 ? cell : cell.padding(toLength: widths[i], withPad: " ", startingAt: 0)
            }
            print(cells.joined(separator: "  "))
        }
    }
}
