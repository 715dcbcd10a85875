@testable import VoiceshCore

/// An ssh_config file, as `voicesh connect` and `profile import` read it. The input is the
/// user's file, then (after a NUL byte) the one every `Include` in it names; each host it
/// lists is resolved, and imported from what the file says. Nothing traps, and an alias
/// found is concrete.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSSHConfig(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: start, count: count)
    let parts = bytes.split(separator: 0, maxSplits: 1, omittingEmptySubsequences: false)
    let text = String(decoding: parts[0], as: UTF8.self)
    let included = parts.count > 1 ? String(decoding: parts[1], as: UTF8.self) : ""

    let (aliases, _, _) = SSHConfig.scan(text)
    precondition(Set(aliases).count == aliases.count, "an alias listed twice")
    for alias in aliases {
        precondition(!alias.contains(where: { "*?!".contains($0) }), "pattern \(alias) taken for an alias")
    }

    let local = SSHConfig.Local(home: "/home/ada", user: "ada", hostName: "laptop.example.com")
    let userFile = "/home/ada/.ssh/config"
    // The included file is read once, so a file that includes itself cannot fan out forever.
    final class Reads { var included = 0 }
    let reads = Reads()
    let resolver = SSHConfigResolver(
        local: local,
        read: { path in
            if path == userFile { return text }
            reads.included += 1
            return reads.included == 1 ? included : nil
        },
        glob: { [$0] })
    for host in aliases.prefix(4) + ["web1"] {
        reads.included = 0
        _ = try? resolver.resolve(host: host, files: [.init(path: userFile, isUser: true)])
    }

    // `ssh -G`'s output has the same `keyword value` lines.
    let resolved = SSHConfig.Resolved(output: text)
    let defaults = SSHConfig.Resolved(output: included)
    for alias in aliases.prefix(4) {
        _ = SSHConfig.profile(alias: alias, resolved: resolved, defaults: defaults, local: local, source: "fuzz")
    }
    return 0
}
