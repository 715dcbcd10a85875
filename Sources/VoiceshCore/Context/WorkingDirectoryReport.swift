import Foundation

/// Reads the remote shell's OSC 7 reports (`ESC ] 7 ; file://host/path BEL` or `… ESC \`) out
/// of its output, across chunk boundaries: where the shell says it is after each prompt.
/// Shells that send it: fish and zsh on many distributions, bash with VTE's `vte.sh`; see
/// README "Context from the remote shell" for the one line each needs.
public struct WorkingDirectoryReport: EscapeSequenceReader, Sendable {
    /// The last directory reported, percent-decoded; nil until one is seen.
    public private(set) var directory: String?
    private var state = State.text
    private var body: [UInt8] = []
    /// A report longer than this is not one (PATH_MAX plus the `file://host` prefix).
    static let limit = 4096 + 300

    private enum State { case text, escape, osc, oscEscape }

    public init() {}

    /// Output read for this alone; the session reads it through `OutputScanner`, with the terminal modes.
    public mutating func feed(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { scan($0) }
    }

    var isIdle: Bool { state == .text }

    mutating func step(_ byte: UInt8) {
        switch (state, byte) {
        case (_, 0x1B) where state != .osc: state = .escape
        case (.escape, 0x5D):
            state = .osc
            body = []
        case (.escape, _): state = .text
        case (.osc, 0x07): finish()
        case (.osc, 0x1B): state = .oscEscape
        case (.osc, _):
            body.append(byte)
            if body.count > Self.limit { state = .text }
        case (.oscEscape, 0x5C): finish()
        case (.oscEscape, _): state = byte == 0x5D ? .osc : .text
        case (.text, _): break
        }
    }

    private mutating func finish() {
        state = .text
        guard body.starts(with: Array("7;file://".utf8)) else { return }
        let url = body.dropFirst(9)
        guard let slash = url.firstIndex(of: UInt8(ascii: "/")), let path = Self.percentDecoded(url[slash...])
        else { return }
        directory = path
    }

    static func percentDecoded(_ bytes: ArraySlice<UInt8>) -> String? {
        var out: [UInt8] = []
        var i = bytes.startIndex
        while i < bytes.endIndex {
            if bytes[i] == UInt8(ascii: "%"), bytes.endIndex - i > 2,
                let value = UInt8(String(decoding: bytes[(i + 1)...(i + 2)], as: UTF8.self), radix: 16)
            {
                out.append(value)
                i += 3
            } else {
                out.append(bytes[i])
                i += 1
            }
        }
        let text = String(decoding: out, as: UTF8.self)
        return text.utf8.elementsEqual(out) && UntrustedText.clean(text) == text ? text : nil
    }
}
