/// The bytes of one escape sequence read so far, kept across chunks of output: a reader that
/// looks for `ESC [` sequences (`TerminalModes`, `TerminalQueries`) keeps only this, never the
/// output itself.
struct ControlSequence: Equatable, Sendable {
    private(set) var bytes: [UInt8] = []

    var isIdle: Bool { bytes.isEmpty }

    /// Takes the next byte of output: false between sequences (an ESC starts one), true once
    /// `byte` is added to the sequence being read, for the reader to look at.
    mutating func take(_ byte: UInt8) -> Bool {
        if bytes.isEmpty {
            if byte == 0x1B { bytes.append(byte) }
            return false
        }
        bytes.append(byte)
        return true
    }

    /// A sequence ended (or was not one): an ESC that ended it starts the next. The buffer is
    /// kept, so output full of escape sequences allocates nothing per sequence.
    mutating func restart(at byte: UInt8) {
        bytes.removeAll(keepingCapacity: true)
        if byte == 0x1B { bytes.append(byte) }
    }
}
