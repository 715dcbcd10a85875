import Foundation

/// A reader of escape sequences in the remote's output: between sequences it has nothing to
/// do, so the scan can skip to the next ESC.
protocol EscapeSequenceReader {
    /// Whether the reader is between sequences, waiting for an ESC.
    var isIdle: Bool { get }
    mutating func step(_ byte: UInt8)
}

extension EscapeSequenceReader {
    /// Steps through `bytes`; while idle, only the next ESC is looked for (memchr), since the
    /// whole of the remote's output passes through here.
    mutating func scan(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress else { return }
        var i = 0
        while i < bytes.count {
            if isIdle {
                guard let found = memchr(base + i, 0x1B, bytes.count - i) else { return }
                i = base.distance(to: UnsafeRawPointer(found))
            }
            step(bytes[i])
            i += 1
        }
    }
}

/// Everything voicesh reads from the remote's output, in one pass over it: the terminal
/// modes dictation depends on, the directory the shell reports (OSC 7) and the questions the
/// remote asks the terminal (whose answers must reach it, not dictation). The readers see
/// every byte of a sequence; the text between sequences is skipped once, not once per reader.
public struct OutputScanner: EscapeSequenceReader, Sendable {
    public private(set) var modes = TerminalModes()
    public private(set) var directory = WorkingDirectoryReport()
    public var queries = TerminalQueries()

    public init() {}

    var isIdle: Bool { modes.isIdle && directory.isIdle && queries.isIdle }

    mutating func step(_ byte: UInt8) {
        modes.step(byte)
        directory.step(byte)
        queries.step(byte)
    }

    public mutating func feed(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { scan($0) }
    }

    public mutating func feed(_ bytes: UnsafeRawBufferPointer) {
        scan(bytes)
    }
}
