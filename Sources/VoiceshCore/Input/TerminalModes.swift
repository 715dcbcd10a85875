import Foundation

/// The remote's terminal modes that change how a dictation is shown and sent, tracked by
/// reading its output: bracketed paste (`CSI ?2004h`/`l`) and the alternate screen
/// (`CSI ?1049h`/`l`, and the older `?47` and `?1047`) that vim, less and top switch to.
///
/// Output arrives in arbitrary chunks, so a sequence cut in two is finished with the next
/// chunk: the scanner keeps the unfinished `CSI ?` sequence, never the output itself.
public struct TerminalModes: Equatable, Sendable {
    public private(set) var bracketedPaste = false
    public private(set) var alternateScreen = false
    /// The start of a private-mode sequence seen at the end of the last chunk.
    private var pending: [UInt8] = []

    public init() {}

    public mutating func feed(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { feed($0) }
    }

    /// The whole of the remote's output passes through here, so between sequences it only
    /// looks for the next ESC, with memchr.
    public mutating func feed(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress else { return }
        var i = 0
        while i < bytes.count {
            if pending.isEmpty {
                guard let found = memchr(base + i, 0x1B, bytes.count - i) else { return }
                i = base.distance(to: UnsafeRawPointer(found))
            }
            step(bytes[i])
            i += 1
        }
    }

    private mutating func step(_ byte: UInt8) {
        if pending.isEmpty {
            if byte == 0x1B { pending = [byte] }
            return
        }
        pending.append(byte)
        switch pending.count {
        case 2 where byte != 0x5B, 3 where byte != 0x3F:  // ESC [ ?
            pending = byte == 0x1B ? [byte] : []
        case 1...3:
            return
        default:
            if (0x30...0x3B).contains(byte) && pending.count < 24 { return }  // digits and `;`
            if byte == 0x68 || byte == 0x6C { apply(pending.dropFirst(3).dropLast(), set: byte == 0x68) }
            pending = byte == 0x1B ? [byte] : []
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
