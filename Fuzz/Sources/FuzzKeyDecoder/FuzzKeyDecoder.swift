import VoiceshCore

/// Keyboard bytes from the terminal, and key names from profiles. The decoder promises that
/// bytes split across reads decode as they would in one read: fed all at once and fed a byte
/// at a time, the keys must be the same (runs of text joined, as a split may cut them).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzKeyDecoder(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    guard let first = bytes.first else { return 0 }

    // A key name as a profile writes it: one that parses names itself canonically.
    let name = String(decoding: bytes, as: UTF8.self)
    if let chord = try? KeyChord(parsing: name) {
        precondition((try? KeyChord(parsing: chord.name)) == chord, "\(chord.name) does not name itself")
    }

    // The first byte picks the keys a profile may set: one byte, alt-x, SS3 and CSI sequences.
    let toggles = ["ctrl-]", "alt-v", "f1", "f5"].map { try! KeyChord(parsing: $0) }
    let toggle = toggles[Int(first & 3)]
    let intentKey = first & 4 == 0 ? KeyChord.defaultIntentKey : nil
    let input = bytes.dropFirst()

    var whole = KeyDecoder(toggle: toggle, intentKey: intentKey)
    let atOnce = whole.feed(input) + whole.timeout()
    precondition(!whole.isWaiting, "bytes held after a timeout")

    var split = KeyDecoder(toggle: toggle, intentKey: intentKey)
    var oneByOne: [Key] = []
    for byte in input { oneByOne += split.feed([byte]) }
    oneByOne += split.timeout()
    precondition(!split.isWaiting, "bytes held after a timeout")

    let a = joiningText(atOnce), b = joiningText(oneByOne)
    precondition(a == b, "fed at once \(a), a byte at a time \(b)")
    return 0
}

/// Adjacent `.text` keys as one: where a read ends inside typed text is not a key.
func joiningText(_ keys: [Key]) -> [Key] {
    var out: [Key] = []
    for key in keys {
        if case .text(let more) = key, case .text(let text)? = out.last {
            out[out.count - 1] = .text(text + more)
        } else {
            out.append(key)
        }
    }
    return out
}
