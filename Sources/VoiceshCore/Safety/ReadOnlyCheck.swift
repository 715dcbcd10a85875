/// Decides what `send = "auto"` may run without a key: only a line known to be harmless.
/// A list of dangerous spellings always misses one, so this is the other way round: every
/// command in the line must be on a read-only list below, used with read-only options, and
/// the line must write no file (`>`, `>>`, `>|`, `&>`, `<>`; only the terminal and
/// `/dev/null` may be written), run nothing first (`$( )`, backticks, `<( )`, `${x:-…}`,
/// history's `!!`), set no variable, be complete (no trailing `|`, open quote or here-document:
/// the shell would wait for the rest) and hold no word the engine was unsure of. A `#` is
/// not taken as a comment (zsh runs what follows it), and a long option also counts in its
/// abbreviated form (`sort --out=` is `--output`). Anything else waits for the user,
/// as under `send = "confirm"`. Pipes into `sh`, an interpreter, `xargs`, `tee` or `sudo`
/// wait because none of them is on the list. What it cannot see: the remote's aliases and
/// functions (an `ls` defined there runs as that `ls`).
public enum ReadOnlyCheck {
    /// Why `text` must wait for the user under `send = "auto"`, or nil when it may run.
    /// `unsureWords`: the engine marked a word of it as unsure (word confidence, issue 22).
    public static func waitReason(_ text: String, unsureWords: Bool = false) -> String? {
        if unsureWords { return "has words the engine was not sure of" }
        guard case .success(let line) = ShellWords.read(text, comments: false) else {
            return "cannot be read as a shell line"
        }
        if line.commands.isEmpty { return "runs nothing" }
        for command in line.commands {
            if let why = waitReason(command) { return why }
        }
        return line.unfinished  // the shell would wait at `>` for the rest
    }

    private static func waitReason(_ command: ShellWords.Command) -> String? {
        let words = command.words + command.redirects.map(\.target)
        if words.contains(where: { !$0.substitutions.isEmpty || !$0.processes.isEmpty }) {
            return "runs another command first"
        }
        for (op, target) in command.redirects {
            if let why = redirect(op, target.text) { return why }
        }
        guard let first = command.words.first else { return "has a redirection without a command" }
        if first.dynamic { return "runs a command named by a variable" }
        if first.text.contains("=") { return "sets \(first.text.prefix { $0 != "=" })" }
        if first.text.contains("/") { return "runs \(first.text), which is not a known command" }
        guard let rule = table[first.text] else { return "\(first.text) is not on the read-only list" }
        return rule.waitReason(first.text, Array(command.words.dropFirst()))
    }

    /// Reading is fine; writing only to the terminal, another descriptor or `/dev/null`.
    private static func redirect(_ op: String, _ target: String) -> String? {
        if target.hasPrefix("/dev/tcp/") || target.hasPrefix("/dev/udp/") {
            return "opens a network connection to \(target.dropFirst(9))"  // bash connects, even to read
        }
        switch op {
        case "<", "<<<", "<&":
            return nil
        case "<<", "<<-":
            return "reads a here-document"
        case ">&" where ShellWords.isDescriptor(target) || target == "-":
            return nil  // `2>&1`, `>&2`: another descriptor, not a file
        default:
            return target == "/dev/null" && op != "<>" ? nil : "writes to \(target)"
        }
    }

    /// How a read-only command may be used.
    private struct Rule: Sendable {
        /// Options that write, run something or change the system (`--output`, find's
        /// `-delete`): matched whole, as `--name=value`, or abbreviated (`--out`), as
        /// getopt_long takes any unambiguous start of a long option.
        var refused: Set<String> = []
        /// When set, the only options it may have (matched whole or as `--name=value`). Before a
        /// subcommand, an option voicesh does not know could take the next word as its value
        /// and make the word after it the subcommand (`git --namespace log clean -fdx`).
        var only: Set<String>? = nil
        /// Letters that do the same inside a cluster of short options (`sort -o`, `-ro`).
        var refusedLetters: Set<Character> = []
        /// Options whose value is the next word (`-n 5`), so it is not taken as an operand.
        var valued: Set<String> = []
        /// The most operands it may have (`hostname NAME` renames the machine).
        var operands = Int.max
        /// When set, the first operand is a subcommand, and only these are read-only (`git status`).
        var verbs: [String: Rule]? = nil
        /// A last look at the operands (`grep -r` over `/`, `ip link set`): why it waits, or nil.
        var check: (@Sendable (_ options: [String], _ operands: [String]) -> String?)? = nil

        /// Whether a variable or a pattern could turn into an option it refuses.
        private var restricts: Bool {
            !refused.isEmpty || !refusedLetters.isEmpty || only != nil || operands != .max || verbs != nil
                || check != nil
        }

        func waitReason(_ name: String, _ args: [ShellWords.Word]) -> String? {
            var options: [String] = []
            var operands: [String] = []
            var unseen: String?  // a word a variable or a pattern could turn into anything
            var rest = args[...]
            while let next = rest.popFirst() {
                let word = next.text
                if next.dynamic || word.contains(where: "*?[{".contains) { unseen = unseen ?? word }
                if word == "--", only == nil {
                    operands += rest.map(\.text)
                    break
                }
                // `+%F` (date's format), `+5` (tail) are not operands either.
                guard word.count > 1, word.hasPrefix("-") || word.hasPrefix("+") else {
                    operands.append(word)
                    if let verbs, let verb = verbs[word] {
                        return verb.waitReason("\(name) \(word)", Array(rest))
                    } else if verbs != nil {
                        return "\(name) \(word) is not on the read-only list"
                    }
                    continue
                }
                options.append(word)
                if let why = refuses(word) { return "\(name) \(why) can change things" }
                let option = String(word.prefix { $0 != "=" })
                if let only, !only.contains(option) { return "\(name) \(option) is not on the read-only list" }
                // A value (`-name '*.swift'`) cannot become an option, whatever it expands to.
                if valued.contains(word) { _ = rest.popFirst() }
            }
            if verbs != nil { return nil }  // a bare `git`, `docker`: prints its help
            if operands.count > self.operands { return "\(name) \(operands.joined(separator: " ")) changes things" }
            if restricts, let unseen { return "\(unseen) could become an option of \(name) voicesh cannot see" }
            return check?(options, operands)
        }

        private func refuses(_ option: String) -> String? {
            let name = String(option.prefix { $0 != "=" })
            if refused.contains(name) { return name }
            if name.hasPrefix("--"), name.count > 2, refused.contains(where: { $0.hasPrefix(name) }) { return name }
            guard !option.hasPrefix("--"), option.hasPrefix("-") else { return nil }
            return option.dropFirst().first(where: refusedLetters.contains).map { "-\($0)" }
        }
    }

    /// Commands that only read, look or print.
    private static let table: [String: Rule] = {
        var table: [String: Rule] = [:]
        let plain = [
            "ls", "cat", "pwd", "whoami", "id", "groups", "uname", "uptime", "w", "who", "tty", "df", "du", "free",
            "wc", "stat", "realpath", "readlink", "basename", "dirname", "nproc", "lsblk", "lscpu", "printenv",
            "echo", "cd", "clear", "diff", "cmp", "comm", "which", "whereis", "type", "md5sum", "sha1sum",
            "sha256sum", "sha512sum", "cut", "tr", "nl", "column", "jq", "netstat", "lsof", "ps", "pgrep",
            "head", "tail", "zcat",
        ]
        for name in plain { table[name] = Rule() }
        let grep = Rule { options, operands in
            // Reading the whole machine is slow, and /proc never ends.
            let recursive = options.contains {
                $0.hasPrefix("--recursive") || $0.hasPrefix("--dereference-recursive") || $0 == "--directories=recurse"
                    || (!$0.hasPrefix("--") && $0.contains { $0 == "r" || $0 == "R" })
            }
            let root = operands.dropFirst().first { ["/", "/*", "//"].contains($0) }
            return recursive && root != nil ? "grep -r reads all of /" : nil
        }
        for name in ["grep", "egrep", "fgrep", "zgrep"] { table[name] = grep }
        table["sort"] = Rule(refused: ["--output", "--compress-program"], refusedLetters: ["o"])
        table["uniq"] = Rule(valued: ["-f", "-s", "-w"], operands: 1)  // a second operand is written
        table["tree"] = Rule(refused: ["-o"], refusedLetters: ["o", "R"])  // -R with -H writes a page per directory
        // -K closes the sockets it lists; -D writes raw socket data to a file.
        table["ss"] = Rule(refused: ["--kill", "--diag"], refusedLetters: ["K", "D"])
        table["file"] = Rule(refused: ["--compile"], refusedLetters: ["C"])
        table["printf"] = Rule(refusedLetters: ["v"])  // bash's `printf -v PROMPT_COMMAND …` sets a variable
        table["env"] = Rule(refused: ["--split-string"], refusedLetters: ["S"], operands: 0)  // `-S'rm …'` runs it
        table["hostname"] = Rule(refused: ["--file", "--boot"], refusedLetters: ["F", "b"], operands: 0)
        table["date"] = Rule(refused: ["--set"], refusedLetters: ["s"], valued: ["-d", "--date"], operands: 0)
        table["find"] = Rule(
            refused: ["-delete", "-exec", "-execdir", "-ok", "-okdir", "-fprint", "-fprint0", "-fprintf", "-fls"],
            valued: [
                "-name", "-iname", "-path", "-ipath", "-wholename", "-iwholename", "-regex", "-iregex", "-lname",
                "-ilname",
            ])
        table["journalctl"] = Rule(refused: [
            "--vacuum-size", "--vacuum-time", "--vacuum-files", "--rotate", "--flush", "--sync", "--relinquish-var",
            "--smart-relinquish-var", "--setup-keys", "--update-catalog", "--cursor-file",
        ])
        let output = Rule(refused: ["--output"])
        table["git"] = Rule(
            only: ["-C", "-P", "--no-pager", "-p", "--paginate", "--no-optional-locks", "--version", "--help"],
            valued: ["-C"],
            verbs: [
                "status": Rule(), "log": output, "diff": output, "show": output, "shortlog": output,
                "blame": Rule(), "ls-files": Rule(), "rev-parse": Rule(), "describe": Rule(),
                "branch": Rule(
                    refused: [
                        "--delete", "--move", "--copy", "--force", "--set-upstream-to", "--unset-upstream",
                        "--edit-description", "--track",
                    ], refusedLetters: ["d", "D", "m", "M", "c", "C", "f", "u", "t"], operands: 0),
                "tag": Rule(refused: ["--delete", "--force"], refusedLetters: ["d", "f", "a", "s", "m"], operands: 0),
                "remote": Rule(operands: 0), "reflog": Rule(operands: 0),
            ])
        let listing = Rule()
        table["systemctl"] = Rule(
            only: ["--user", "--system", "--no-pager", "-l", "--full", "-a", "--all", "-q", "--quiet", "--no-legend"],
            verbs: [
                "status": listing, "show": listing, "cat": listing, "is-active": listing, "is-enabled": listing,
                "is-failed": listing, "list-units": listing, "list-unit-files": listing, "list-timers": listing,
                "list-sockets": listing, "list-dependencies": listing,
            ])
        table["docker"] = Rule(
            only: ["--version", "--help"],
            verbs: [
                "ps": listing, "images": listing, "logs": listing, "inspect": listing, "version": listing,
                "info": listing,
            ])
        let kubectlValued: Set = ["-n", "--namespace", "--context", "--kubeconfig", "--cluster", "--user"]
        // `--server` (`-s`) sends the kubeconfig's credentials to whatever server it names.
        let kube = Rule(refused: ["--server"]) { options, _ in
            options.contains { $0.hasPrefix("-s") } ? "kubectl -s sends your credentials to another server" : nil
        }
        table["kubectl"] = Rule(
            only: kubectlValued, valued: kubectlValued,
            verbs: [
                "get": kube, "describe": kube, "logs": kube, "top": kube, "version": kube, "explain": kube,
                "api-resources": kube,
            ])
        // `ip a`, `ip route show`: looking only; `ip link set … down` changes the network, and
        // so does `ip link s`, which ip takes as the first of its words that `s` begins.
        let looking = Rule { _, operands in
            operands.isEmpty || ["show", "list", "lst", "ls", "sh"].contains(operands[0])
                ? nil : "ip changes the network"
        }
        table["ip"] = Rule(
            only: [
                "-br", "-brief", "-4", "-6", "-c", "-color", "-d", "-details", "-s", "-stats", "-j", "-json", "-p",
                "-pretty", "-o", "-oneline",
            ],
            verbs: [
                "a": looking, "addr": looking, "address": looking, "l": looking, "link": looking, "r": looking,
                "route": looking, "n": looking, "neigh": looking, "rule": looking,
            ])
        return table
    }()
}
