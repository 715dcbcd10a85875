/// Git commands that lose work no commit or remote still holds: history pushed over or
/// deleted on the remote, branches deleted unmerged, uncommitted changes thrown away across
/// the tree, stashes dropped, and the reflog and unreachable objects pruned away.
extension RiskCheck {
    /// Why `git` with `args` loses work, or nil.
    static func git(_ args: [String]) -> String? {
        // Past git's own options (`-C dir`, `-c key=value`) to the subcommand.
        var rest = args[...]
        while let first = rest.first, first.hasPrefix("-") {
            rest.removeFirst()
            if ["-C", "-c", "--git-dir", "--work-tree", "--namespace"].contains(first) { _ = rest.popFirst() }
        }
        guard let verb = rest.first else { return nil }
        let words = Array(rest.dropFirst())
        let options = words.prefix { $0 != "--" }.filter { $0.hasPrefix("-") && $0 != "-" }
        let operands = words.filter { !$0.hasPrefix("-") || $0 == "-" }
        func has(_ long: String, _ letter: Character? = nil) -> Bool {
            options.contains { $0 == long || $0.hasPrefix(long + "=") }
                || letter.map { l in options.contains { !$0.hasPrefix("--") && $0.dropFirst().contains(l) } } ?? false
        }
        // A pathspec for the whole tree (`.`, `*`, `./*`, the top `:/`) or beyond it (`..`).
        let whole = operands.first { isWhole($0) || $0 == ":/" || $0 == ":" || isOutside($0) }
        switch verb {
        case "push":
            if has("--delete", "d") {
                return "deletes \(operands.dropFirst().joined(separator: " ")) on the remote"
            }
            if has("--prune") { return "deletes remote branches that have no local counterpart" }
            if options.contains(where: { $0.hasPrefix("--force") || $0 == "--mirror" }) || has("--force", "f") {
                return "force-pushes over the remote's history"
            }
            if let ref = operands.first(where: { $0.hasPrefix("+") }) {
                return "force-pushes \(ref) over the remote's history"
            }
            if let ref = operands.first(where: { $0.hasPrefix(":") }) {
                return "deletes \(ref.dropFirst()) on the remote"
            }
        case "branch":
            // `-D`, or `-d` (which refuses an unmerged branch) with `--force`.
            if options.contains(where: { !$0.hasPrefix("--") && $0.contains("D") })
                || (has("--delete", "d") && has("--force", "f"))
            {
                return "deletes \(operands.first.map { "the branch \($0)" } ?? "a branch"), merged or not"
            }
        case "tag":
            if has("--delete", "d") { return "deletes the tag \(operands.first ?? "named")" }
        case "reset":
            if has("--hard") { return "throws away uncommitted work" }
        case "clean":
            if has("--force", "f") { return "deletes untracked files" }
        case "checkout":
            if has("--force", "f") { return "throws away uncommitted changes" }
            // `git checkout -- .`, `git checkout HEAD .`: every file back to what was committed.
            if let whole { return "throws away uncommitted changes to \(whole)" }
        case "restore":
            // Only `--staged` leaves the files alone; the work tree is the default.
            let tree = has("--worktree", "W") || !has("--staged", "S")
            if tree, let whole { return "throws away uncommitted changes to \(whole)" }
        case "switch":
            if has("--discard-changes") || has("--force", "f") { return "throws away uncommitted changes" }
        case "stash":
            if ["drop", "clear"].contains(operands.first ?? "") { return "deletes stashed changes" }
        case "reflog":
            if ["expire", "delete"].contains(operands.first ?? "") {
                return "expires the reflog, so lost commits cannot be found"
            }
        case "gc":
            if let prune = options.first(where: { $0.hasPrefix("--prune") }) {
                return "git gc \(prune) deletes unreachable commits"
            }
        case "prune":
            return "deletes unreachable commits"
        case "filter-branch", "filter-repo":
            return "rewrites the whole history"
        case "update-ref":
            if has("-d") { return "deletes a ref" }
        case "rm":
            // `--cached` only stops tracking; the files stay.
            if has("--recursive", "r"), !has("--cached"), let whole { return "deletes \(whole) recursively" }
        case "worktree":
            if operands.first == "remove", has("--force", "f") { return "deletes a worktree and its changes" }
        default:
            break
        }
        return nil
    }
}
