import Foundation

/// The remote's terminal modes that change how a dictation is shown and sent, tracked by
/// reading its output: bracketed paste (`CSI ?2004h`/`l`) and the alternate screen
/// (`CSI ?1049h`/`l`, and the older `?47` and `?1047`) that vim, less and top switch to.
///
/// Output arrives in arbitrary chunks, so a sequence cut in two is finished with the next
/// chunk: the scanner keeps the unfinished `CSI ?` sequence, never the output itself.
public struct TerminalModes: EscapeSequenceReader, Equatable, Sendable {
    public private(set) var bracketedPaste = false
    public private(set) var alternateScreen = false
    /// The start of a private-mode sequence seen at the end of the last chunk.
    private var pending = ControlSequence()

    public init() {}

    /// Output read for this alone; the session reads it through `OutputScanner`, with the working directory.
    public mutating func feed(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { scan($0) }
    }

    var isIdle: Bool { pending.isIdle }

    /// What puts the local terminal back when the session ends with these modes still set (a
    /// connection lost inside vim): the main screen, paste unbracketed, the cursor shown.
    public var reset: [UInt8] {
        guard alternateScreen || bracketedPaste else { return [] }
        return Array(
            ((alternateScreen ? "\u{1B}[?1049l" : "") + (bracketedPaste ? "\u{1B}[?2004l" : "") + "\u{1B}[?25h").utf8)
    }

    mutating func step(_ byte: UInt8) {
        guard pending.take(byte) else { return }
        switch pending.bytes.count {
        case 2 where byte != 0x5B, 3 where byte != 0x3F:  // ESC [ ?
            pending.restart(at: byte)
        case 1...3:
            return
        default:
            if (0x30...0x3B).contains(byte) && pending.bytes.count < 24 { return }  // digits and `;`
            if byte == 0x68 || byte == 0x6C { apply(pending.bytes.dropFirst(3).dropLast(), set: byte == 0x68) }
            pending.restart(at: byte)
        }
    }

    /// `?2004;1049h` sets several modes at once.
    private mutating func apply(_ parameters: ArraySlice<UInt8>, set: Bool) {
        for number in parameters.split(separator: 0x3B).map({ String(decoding: $0, as: UTF8.self) }) {
            switch number {
            case "2004": bracketedPaste = set
            case "1049", "1047", "47": alternateScreen = set
            default: break
            }
        }
    }
}
