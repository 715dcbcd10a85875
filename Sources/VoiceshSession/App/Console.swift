import Foundation
import VoiceshCore

/// The command line's three streams: results on `output`, messages on `errors`, and `input`
/// (a file to `-`, a key to confirm). `standard` is the process's own; a test hands in pipes,
/// so a command runs in its process exactly as it runs alone. Text is cleaned of escape
/// sequences and control characters (`UntrustedText`): what is printed here carries text from
/// outside (transcripts, engine and server errors, the history, profile values), and none of
/// it may paint the terminal.
package struct Console: Sendable {
    package let input: Int32
    package let output: Int32
    package let errors: Int32

    package init(input: Int32, output: Int32, errors: Int32) {
        (self.input, self.output, self.errors) = (input, output, errors)
    }

    package static let standard = Console(input: STDIN_FILENO, output: STDOUT_FILENO, errors: STDERR_FILENO)

    package func print(_ text: String) {
        Self.writeAll(output, Array((UntrustedText.cleanLines(text) + "\n").utf8))
    }

    /// Text as it is, with no newline added (file contents such as TOML).
    package func write(_ text: String) {
        Self.writeAll(output, Array(text.utf8))
    }

    /// Bytes as they are (a WAV file to a pipe).
    package func write(_ bytes: [UInt8]) {
        Self.writeAll(output, bytes)
    }

    package func error(_ text: String) {
        Self.writeAll(errors, Array((UntrustedText.cleanLines(text) + "\n").utf8))
    }

    /// Text for the error stream as it is, with no newline added: a status line that redraws
    /// itself, or argument-parser's own usage message.
    package func writeError(_ text: String) {
        Self.writeAll(errors, Array(text.utf8))
    }

    /// Whether messages reach a person at a terminal (a live status line is worth drawing).
    package var errorsAreTerminal: Bool { isatty(errors) == 1 }

    /// Whether input comes from a terminal (a person who can answer).
    package var inputIsTerminal: Bool { isatty(input) == 1 }

    /// Everything on the input, to its end.
    package func readInput() -> Data {
        FileHandle(fileDescriptor: input, closeOnDealloc: false).readDataToEndOfFile()
    }

    /// Asks a yes/no question on the terminal; false when there is no terminal to ask.
    package func confirm(_ question: String) -> Bool {
        guard inputIsTerminal else { return false }
        Self.writeAll(errors, Array("\(UntrustedText.clean(question)) [y/N] ".utf8))
        var answer: [UInt8] = []
        var byte: UInt8 = 0
        while read(input, &byte, 1) == 1, byte != UInt8(ascii: "\n") { answer.append(byte) }
        return ["y", "yes"].contains(String(decoding: answer, as: UTF8.self).lowercased())
    }

    package func json<T: Encodable>(_ value: T) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        let data = try encoder.encode(value)
        print(String(decoding: data, as: UTF8.self))
    }

    /// Columns padded to their widest cell, like `ls -l` or `docker ps`.
    package func table(_ header: [String], _ rows: [[String]]) {
        let all = ([header] + rows).map { $0.map(UntrustedText.clean) }
        let widths = header.indices.map { i in all.map { $0[i].count }.max() ?? 0 }
        for row in all {
            let cells = row.enumerated().map { i, cell in
                i == row.count - 1 ? cell : cell.padding(toLength: widths[i], withPad: " ", startingAt: 0)
            }
            print(cells.joined(separator: "  "))
        }
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
}
