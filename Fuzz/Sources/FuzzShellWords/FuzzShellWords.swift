@testable import VoiceshCore

/// A typed or spoken shell line, read the way the confirmation and the risk checks read it:
/// never a trap, the same answer twice, and `parse` agreeing with `read`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzShellWords(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    for comments in [true, false] {
        let parsed = ShellWords.parse(text, comments: comments)
        precondition(parsed == ShellWords.parse(text, comments: comments), "two readings of one line differ")
        switch ShellWords.read(text, comments: comments) {
        case .success(let words):
            precondition(parsed == words, "parse and read disagree")
            for command in words.commands {
                precondition(!command.words.isEmpty || !command.redirects.isEmpty, "an empty command kept")
            }
        case .failure(let unreadable):
            precondition(parsed == nil, "parse read what read refused")
            precondition(!unreadable.reason.isEmpty, "a refusal without a reason")
        }
    }
    return 0
}
