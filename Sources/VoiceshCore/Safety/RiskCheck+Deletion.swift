/// Deleting files, judged by what is deleted rather than by how `rm` is spelled: anything
/// outside the working directory (an absolute path, a home, `..`) or the whole of it (`*`,
/// `.`, `./*`) once the deletion is recursive or forced, and any path whose value voicesh
/// cannot see. A named thing inside the working directory (`rm -rf build`) stays calm.
extension RiskCheck {
    /// `rm` and `unlink`: why deleting `words` is risky, or nil.
    static func deletion(_ command: String, _ words: [ShellWords.Word]) -> String? {
        var options: [String] = []
        var operands: [ShellWords.Word] = []
        var ended = false
        for word in words {
            if !ended, word.text == "--" {
                ended = true
            } else if !ended, word.text.hasPrefix("-"), word.text.count > 1 {
                options.append(word.text)
            } else {
                operands.append(word)
            }
        }
        let short = options.filter { !$0.hasPrefix("--") }.joined()
        let recursive = short.contains { $0 == "r" || $0 == "R" } || options.contains("--recursive")
        let forced = short.contains("f") || options.contains("--force")
        if options.contains("--no-preserve-root") { return "deletes from /" }
        let how = recursive ? " recursively" : ""
        if recursive || forced {
            if let path = operands.first(where: { isOutside($0.text) || isBroad($0.text) || isWhole($0.text) }) {
                return recursive ? "deletes \(path.text) recursively" : "force-deletes \(path.text)"
            }
            // `rm -rf "$DIR"/*`: an empty or unexpected value can reach anywhere.
            if let path = operands.first(where: \.dynamic) {
                return "deletes \(path.text)\(how), and voicesh cannot tell what that is"
            }
        }
        // Even one file: what the system needs to run or let anyone in.
        if let path = operands.first(where: { isSystem($0.text) }) { return "deletes \(path.text)\(how)" }
        return nil
    }

    /// Whether `path` reaches outside the working directory: absolute, a home (`~`, `~root`,
    /// `$HOME`), or through `..` anywhere in it.
    static func isOutside(_ path: String) -> Bool {
        if ["/", "~", "$HOME", "${HOME}"].contains(where: { path.hasPrefix($0) }) { return true }
        return path.split(separator: "/").contains("..")
    }

    /// The whole working directory, or every name in it: `.`, `./`, `*`, `./*`, `*/*`, `.*`,
    /// `**`. A glob with a name in it (`*.o`, `build/*`) is not.
    static func isWhole(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        guard !parts.isEmpty else { return false }
        return parts.allSatisfy { part in
            let rest = part.hasPrefix(".") ? part.dropFirst() : part[...]
            return rest.allSatisfy { $0 == "*" || $0 == "?" }
        }
    }

    /// `/`, `/*`, `~`, `~root`, `.`, `./*`, `..`, `*`, `$HOME` or one level below `/` (`/etc`, `/home/*`).
    static func isBroad(_ path: String) -> Bool {
        var p = path
        if ["*", ".*", "/"].contains(p) { return true }
        while p.count > 1, p.hasSuffix("/*") || p.hasSuffix("/.*") || p.hasSuffix("/") {
            p.removeLast(p.hasSuffix("/*") ? 2 : p.hasSuffix("/.*") ? 3 : 1)
        }
        if p.isEmpty { return path.hasPrefix("/") }  // `/*`, `/.*`
        if [".", "..", "~", "$HOME", "${HOME}"].contains(p) { return true }
        if p.hasPrefix("~") { return !p.contains("/") }  // `~root`: another user's home
        guard p.hasPrefix("/") else { return false }
        return p.split(separator: "/").count <= 1
    }

    /// Where the system keeps what it needs to run and to let anyone in.
    static func isSystem(_ path: String) -> Bool {
        [
            "/etc", "/boot", "/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/var/lib", "/root", "/proc", "/sys",
            "/dev",
        ]
        .contains { path == $0 || path.hasPrefix($0 + "/") }
    }
}
