import VoiceshCore

/// What the remote gathering script printed, or whatever a remote shell said instead: the
/// context never grows past its limits, and every name in it is plain text.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRemoteContext(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let output = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    guard let context = RemoteContext(scriptOutput: output) else { return 0 }
    typealias Limit = RemoteContext.Limit
    precondition(context.commands.count <= Limit.commands, "too many commands")
    precondition(context.history.count <= Limit.history, "too much history")
    precondition(context.entries.count <= Limit.entries, "too many entries")
    for list in [context.branches, context.remotes, context.changed] {
        precondition(list.count <= Limit.gitNames, "too many git names")
    }
    for name in context.commands + context.entries + context.branches + context.remotes + context.changed {
        precondition(!name.isEmpty && name.count <= Limit.name, "name \(name.debugDescription) kept")
        precondition(UntrustedText.clean(name) == name && !name.contains("\t"), "\(name.debugDescription) kept")
    }
    for line in context.history {
        precondition(UntrustedText.clean(line) == line, "history line \(line.debugDescription) kept")
    }
    if let directory = context.directory {
        precondition(directory.hasPrefix("/") && UntrustedText.clean(directory) == directory, "directory kept")
    }
    return 0
}
