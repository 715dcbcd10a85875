/// Keys a quiet session lets past without a turn of its own. While nothing of a dictation is
/// up (no take, line or notice, no key held for its rest, no answer awaited), a read of
/// ordinary characters is not dictation's: handled, it would only be typed on. A whole turn of
/// the session for each such key was a third of a keystroke's way to the remote
/// (docs/benchmarks/ssh.md). `DictationSession.Output.plainKeys` says when this holds.
public struct PlainKeys: Equatable, Sendable {
    /// The first bytes of the toggle and the intent key: a read holding one goes to the session.
    private let chordStarts: [UInt8]

    init(toggle: KeyChord, intentKey: KeyChord?) {
        chordStarts = [toggle.bytes.first, intentKey?.bytes.first].compactMap { $0 }
    }

    /// Every byte is a character, a tab or DEL (backspace), and none begins a chord. Any other
    /// control byte goes to the session: Enter, ctrl-c and ctrl-u end the remote's line as
    /// dictation knows it, and ESC begins a key or a terminal's answer.
    public func pass(_ bytes: [UInt8]) -> Bool {
        bytes.allSatisfy { byte in (byte >= 0x20 || byte == 0x09) && !chordStarts.contains(byte) }
    }
}
