import ProfileFormat
import VoiceshCore

/// config.toml, read as every command reads it, and edited a line at a time as `voicesh
/// config set` edits it (the edit is read back; a trap in either is the bug looked for).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfigTOML(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    _ = try? ConfigTOML.config(fromText: text, source: "fuzz")
    let edits: [(name: String, table: String, value: String?)] = [
        ("store", "", "\"sqlite:///tmp/history.db\""), ("engine", "defaults", nil),
        ("mode", "intent", "\"ask\""), ("a key", "defaults.aliases", "\"x\""),
    ]
    for edit in edits {
        let edited = ConfigText.setting(edit.name, in: edit.table, to: edit.value, text: text)
        // Bytes, not characters: a `\r` before it makes one character of the `\n`.
        precondition(edited.isEmpty || edited.utf8.last == 0x0A, "an edit left no final newline")
        _ = try? ConfigTOML.config(fromText: edited, source: "edited")
    }
    return 0
}
