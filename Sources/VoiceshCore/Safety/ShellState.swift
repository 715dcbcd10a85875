/// What changes the shell itself rather than a file: what it runs at every prompt or signal
/// (`PROMPT_COMMAND`, `PS0`–`PS4`, `trap`), what a command's name means (`alias`, a function,
/// `enable`), and commands that act on every name they are handed or find (`xargs rm`,
/// `docker system prune`). `RiskCheck` asks it, so each is marked and wants `y` to run.
enum ShellState {
    /// Variables whose value the shell runs or expands at every prompt (bash, and zsh's).
    static let hooks: Set<String> = [
        "PROMPT_COMMAND", "PS0", "PS1", "PS2", "PS3", "PS4", "PROMPT", "RPROMPT", "RPS1", "precmd_functions",
        "preexec_functions",
    ]

    /// Why setting `name` is risky, or nil.
    static func hook(_ name: String) -> String? {
        hooks.contains(name) ? "sets \(name), which the shell runs or expands at every prompt" : nil
    }

    /// What a command does to each name `xargs` hands it.
    static let onEveryName: [String: String] = [
        "rm": "deletes every file", "unlink": "deletes every file", "shred": "destroys every file",
        "rmdir": "deletes every directory", "truncate": "cuts every file", "mv": "moves every file",
        "chmod": "changes every file", "chown": "changes every file", "chgrp": "changes every file",
        "kill": "kills every process", "pkill": "kills every process",
    ]

    /// Builtins that change how the shell reads later lines, and pruning commands.
    static func reason(_ command: String, _ args: [String]) -> String? {
        let operands = args.filter { !$0.hasPrefix("-") || $0 == "-" }
        switch command {
        case "trap":
            // `trap`, `trap -p`, `trap -l` list; `trap - INT` puts the default back.
            guard let first = operands.first, first != "-" else { return nil }
            return "sets a trap: its command runs when the shell gets a signal or exits"
        case "alias":
            guard let definition = args.first(where: { $0.contains("=") }) else { return nil }
            let name = definition.prefix { $0 != "=" }
            return "defines the alias \(name), which changes what \(name) runs"
        case "enable":
            let changes = args.contains { $0.hasPrefix("-") && $0.contains(where: "nfd".contains) }
            return changes || !operands.isEmpty ? "enable changes the shell's builtins" : nil
        case "docker", "podman":
            guard let prune = operands.firstIndex(of: "prune") else { return nil }
            let verbs = ([command] + operands[...prune]).joined(separator: " ")
            return "\(verbs) deletes whatever no container uses"
        default:
            return nil
        }
    }

    /// The variable `text` assigns: `NAME=…` (`NAME+=…`, `NAME[0]=…`) for a word, `NAME:=…`
    /// for the body of a `${…}`; nil if it assigns none.
    static func assigned(_ text: String, in operators: [String] = ["=", "+="]) -> String? {
        let name = text.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        guard let first = name.first, !first.isNumber else { return nil }
        var rest = text.dropFirst(name.count)
        if rest.first == "[", let close = rest.firstIndex(of: "]") { rest = rest[rest.index(after: close)...] }
        return operators.contains(where: { rest.hasPrefix($0) }) ? String(name) : nil
    }

    /// The variable a builtin sets: `export NAME=…` (and `declare`, `typeset`, `local`,
    /// `readonly`), `printf -v NAME`, `read NAME`.
    static func assignedBy(_ command: String, _ args: [String]) -> String? {
        switch command {
        case "export", "declare", "typeset", "local", "readonly":
            return args.lazy.compactMap { assigned($0) }.first
        case "printf":
            if let v = args.firstIndex(of: "-v"), v + 1 < args.count { return args[v + 1] }
            return args.first { $0.hasPrefix("-v") && $0.count > 2 }.map { String($0.dropFirst(2)) }
        case "read", "mapfile", "readarray":
            return args.first(where: hooks.contains)
        default:
            return nil
        }
    }
}
