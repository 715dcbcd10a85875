import Foundation

/// Flags shell commands that can destroy data or take a machine down, so the confirmation
/// asks a second time before they run. It reads the text as a shell would (`ShellWords`:
/// quotes and backslashes removed, `;`, `&&`, `||`, `|`, `&` split), looks past `sudo`,
/// `env`, `xargs` and friends, into `$( )`, `sh -c` and `eval`, and errs towards asking: a
/// false alarm costs one key, a miss can cost a server. What it cannot read (an open quote,
/// a command name that comes from a substitution or variable) counts as risky.
public enum RiskCheck {
    /// Why `text` is risky, in a few words, or nil.
    public static func reason(_ text: String) -> String? {
        reason(text, depth: 0)
    }

    private static let shells: Set<String> = [
        "sh", "bash", "zsh", "dash", "ksh", "fish", "python", "python3", "perl", "ruby", "node", "source", ".",
    ]

    /// Interpreters and the options that hand them a program on the command line: code
    /// voicesh cannot read as a shell line (`python3 -c`, `perl -e`, `node --eval`).
    private static let inlineCode: [String: (name: String, options: Set<String>, letters: Set<Character>)] = [
        "python": ("Python", [], ["c"]), "perl": ("Perl", [], ["e", "E"]), "ruby": ("Ruby", [], ["e"]),
        "node": ("JavaScript", ["--eval", "--print"], ["e", "p"]),
        "nodejs": ("JavaScript", ["--eval", "--print"], ["e", "p"]),
        "bun": ("JavaScript", ["--eval", "--print"], ["e", "p"]), "php": ("PHP", [], ["r"]),
        "lua": ("Lua", [], ["e"]), "luajit": ("Lua", [], ["e"]), "Rscript": ("R", ["--expr"], ["e"]),
        "pwsh": ("PowerShell", ["-Command", "-command", "--command"], ["c"]),
    ]

    /// `python3.12` → `python`, `lua5.4` → `lua`: the family an interpreter's name belongs to.
    private static func family(_ name: String) -> String {
        let base = String(name.reversed().drop { $0.isNumber || $0 == "." }.reversed())
        return base.isEmpty ? name : base
    }

    private static func reason(_ text: String, depth: Int) -> String? {
        guard depth < 8 else { return "nests commands too deeply to read" }
        // SQL, MongoDB and flushes, in any client and any quoting (`RiskCheck+Queries.swift`).
        if let why = query(text) { return why }
        if text.contains("(){") || text.contains("() {"), text.contains("|"), text.contains("&") {
            return "looks like a fork bomb"
        }
        guard let line = ShellWords.parse(text) else { return "cannot be read as a shell line" }
        if let name = line.functions.first { return "defines \(name) as a function, which changes what \(name) runs" }
        for (index, command) in line.commands.enumerated() {
            for word in command.words + command.redirects.map(\.target) {
                for body in word.substitutions {
                    // `${PROMPT_COMMAND:=…}` assigns as it expands.
                    if let name = ShellState.assigned(body, in: ["=", ":="]), let why = ShellState.hook(name) {
                        return why
                    }
                    if let why = reason(body, depth: depth + 1) { return why }
                }
                for body in word.processes {
                    if let why = reason(body, depth: depth + 1) { return why }
                }
            }
            if let why = reason(command: command, depth: depth) { return why }
            // `curl … | sh`, `base64 -d | sh`: what one command prints, run as a program.
            if let (name, _, _) = resolve(command.words), index + 1 < line.commands.count,
                line.commands[index + 1].after.hasPrefix("|"),
                let (next, nextArgs, _) = resolve(line.commands[index + 1].words), runsCode(next)
            {
                if ["curl", "wget"].contains(name) { return "pipes a download into a shell" }
                if readsProgram(next, nextArgs) { return "\(next) runs what \(name) prints" }
            }
        }
        return nil
    }

    private static func runsCode(_ name: String) -> Bool {
        shells.contains(name) || inlineCode[family(name)] != nil
    }

    /// Whether a shell or interpreter takes its program from standard input: `-s`, or no
    /// script named (or `-`) and no program on the command line.
    private static func readsProgram(_ name: String, _ args: [ShellWords.Word]) -> Bool {
        guard name != "source", name != "." else { return false }
        let texts = args.map(\.text)
        if shells.contains(name),
            texts.contains(where: { $0.hasPrefix("-") && !$0.hasPrefix("--") && $0.contains("s") })
        {
            return true
        }
        let operands = texts.filter { !$0.hasPrefix("-") || $0 == "-" }
        return operands.isEmpty || operands.first == "-"
    }

    private static func reason(command simple: ShellWords.Command, depth: Int) -> String? {
        // `PROMPT_COMMAND=…`, even before a command: what the shell runs at every prompt.
        for word in simple.words.prefix(while: { ShellState.assigned($0.text) != nil }) {
            if let name = ShellState.assigned(word.text), let why = ShellState.hook(name) { return why }
        }
        for (op, target) in simple.redirects where op.hasPrefix(">") || op.hasPrefix("&>") {
            if isDisk(target.text) { return "writes over \(target.text)" }
            // `> f`, `: > f`, `echo > f`: the shell empties the file before the command runs.
            let duplicate = op == ">&" && (target.text.allSatisfy(\.isNumber) || target.text == "-")
            if !op.hasSuffix(">>"), !duplicate, !isStream(target.text) { return "overwrites \(target.text)" }
        }
        guard let (command, args, viaXargs) = resolve(simple.words) else {
            return "runs a command whose name comes from a substitution or variable"
        }
        if command.isEmpty { return nil }
        // `bash <(curl …)`, `bash < <(curl …)`: a shell runs what another command prints.
        if shells.contains(command),
            args.contains(where: { !$0.processes.isEmpty })
                || simple.redirects.contains(where: { $0.op.hasPrefix("<") && !$0.target.processes.isEmpty })
        {
            return "\(command) runs the output of another command"
        }
        let texts = args.map(\.text)
        if let code = inlineCode[family(command)],
            let flag = texts.prefix(while: { $0 != "--" }).first(where: { runsInline($0, code.options, code.letters) })
        {
            return "\(command) \(flag) runs \(code.name) code voicesh cannot check"
        }
        // `sh -c '…'`, `eval …`, `env -S '…'`, `su -c '…'`: a command inside a string.
        if shells.contains(command) || command == "su",
            let c = texts.firstIndex(where: { $0.hasPrefix("-") && !$0.hasPrefix("--") && $0.contains("c") }),
            c + 1 < args.count
        {
            if args[c + 1].dynamic { return "\(command) -c runs a command voicesh cannot read" }
            if let why = reason(args[c + 1].text, depth: depth + 1) { return why }
        }
        if command == "eval" {
            if args.contains(where: \.dynamic) { return "eval runs a command voicesh cannot read" }
            if let why = reason(texts.joined(separator: " "), depth: depth + 1) { return why }
        }
        if command == "find", let why = find(args, depth: depth) { return why }
        if command == "rm", viaXargs, texts.contains(where: isRecursive) {
            return "deletes what xargs reads, recursively"
        }
        if viaXargs, let does = ShellState.onEveryName[command] { return "\(command) \(does) xargs reads" }
        if let why = remote(command, args, depth: depth) { return why }
        if let why = ShellState.reason(command, texts) { return why }
        // `export PS1=…`, `printf -v PROMPT_COMMAND …`, `read PS1`: builtins that assign.
        if let name = ShellState.assignedBy(command, texts), let why = ShellState.hook(name) { return why }
        return reason(command: command, args: args)
    }

    /// `ssh host cmd`, `docker exec box cmd`, `kubectl exec pod -- cmd`: what runs there is
    /// checked as if it ran here. ssh joins its words into a line the far shell reads again.
    private static func remote(_ command: String, _ args: [ShellWords.Word], depth: Int) -> String? {
        let texts = args.map(\.text)
        var rest = args[...]
        switch command {
        case "ssh":
            let valued: Set<String> = [
                "-b", "-c", "-D", "-E", "-e", "-F", "-I", "-i", "-J", "-L", "-l", "-m", "-O", "-o", "-p", "-Q", "-R",
                "-S", "-W", "-w", "-B", "-P",
            ]
            while let first = rest.first, first.text.hasPrefix("-") {
                rest.removeFirst()
                if valued.contains(first.text) { _ = rest.popFirst() }
            }
            _ = rest.popFirst()  // the host
            guard !rest.isEmpty else { return nil }
            return reason(rest.map(\.text).joined(separator: " "), depth: depth + 1)
        case "kubectl", "oc":
            guard texts.contains("exec"), let dashes = texts.firstIndex(of: "--") else { return nil }
            rest = args[(dashes + 1)...]
        case "docker", "podman", "nerdctl":
            guard let exec = texts.firstIndex(of: "exec") else { return nil }
            let valued: Set<String> = ["-e", "--env", "--env-file", "-u", "--user", "-w", "--workdir", "--detach-keys"]
            rest = args[(exec + 1)...]
            while let first = rest.first, first.text.hasPrefix("-") {
                rest.removeFirst()
                if valued.contains(first.text) { _ = rest.popFirst() }
            }
            _ = rest.popFirst()  // the container
        default:
            return nil
        }
        guard !rest.isEmpty else { return nil }
        return reason(command: ShellWords.Command(words: Array(rest)), depth: depth + 1)
    }

    /// `-c`, `-ne` (a cluster holding the letter), `--eval=…`.
    private static func runsInline(_ flag: String, _ options: Set<String>, _ letters: Set<Character>) -> Bool {
        guard flag.hasPrefix("-"), flag.count > 1 else { return false }
        if options.contains(String(flag.prefix { $0 != "=" })) { return true }
        return !flag.hasPrefix("--") && flag.dropFirst().contains(where: letters.contains)
    }

    private static func isRecursive(_ flag: String) -> Bool {
        flag == "--recursive"
            || (flag.hasPrefix("-") && !flag.hasPrefix("--") && flag.contains { $0 == "r" || $0 == "R" })
    }

    /// `find … -delete`, `find … -exec rm …`.
    private static func find(_ args: [ShellWords.Word], depth: Int) -> String? {
        let texts = args.map(\.text)
        if texts.contains("-delete") { return "find -delete deletes what it finds" }
        for (i, word) in texts.enumerated() where ["-exec", "-execdir", "-ok", "-okdir"].contains(word) {
            let rest = texts[(i + 1)...].prefix { $0 != ";" && $0 != "+" }
            guard let name = rest.first.map({ String($0.split(separator: "/").last ?? "") }) else { continue }
            if ["rm", "shred", "unlink", "rmdir"].contains(name) {
                return "find \(word) \(name) deletes what it finds"
            }
            if let why = reason(rest.joined(separator: " "), depth: depth + 1) { return why }
        }
        return nil
    }

    /// Options of the commands that run another command, which take a value (`sudo -u root`).
    private static let prefixes: [String: (options: Set<String>, positional: Int)] = [
        "sudo": (["-u", "-g", "-C", "-D", "-h", "-p", "-r", "-t", "-U", "-T"], 0),
        "doas": (["-u", "-C"], 0),
        "env": (["-u", "-C", "--unset", "--chdir"], 0),
        "xargs": (["-I", "-i", "-n", "-P", "-d", "-a", "-E", "-e", "-L", "-l", "-s", "--delimiter", "--arg-file"], 0),
        "nice": (["-n", "--adjustment"], 0),
        "ionice": (["-c", "-n", "-p"], 0),
        "timeout": (["-s", "-k", "--signal", "--kill-after"], 1),
        "chroot": ([], 1),
        "stdbuf": (["-i", "-o", "-e"], 0),
        "exec": (["-a"], 0),
        "watch": (["-n", "-d", "--interval"], 0),
        "runuser": (["-u", "-g", "-G"], 0),
        "flock": (["-w", "-E", "--timeout", "--conflict-exit-code"], 1),
        "nohup": ([], 0), "busybox": ([], 0), "time": ([], 0), "command": ([], 0), "builtin": ([], 0),
        "setsid": ([], 0),
        "then": ([], 0), "do": ([], 0), "else": ([], 0), "!": ([], 0), "{": ([], 0),
    ]

    /// The command that really runs and its arguments, past assignments and the prefixes
    /// above; nil when its name comes from an expansion. `viaXargs` says its arguments
    /// come from xargs's input.
    static func resolve(_ words: [ShellWords.Word]) -> (String, [ShellWords.Word], viaXargs: Bool)? {
        var rest = words[...]
        var viaXargs = false
        while let first = rest.first, first.text.contains("="), !first.text.hasPrefix("="), !first.text.hasPrefix("-") {
            rest.removeFirst()  // VAR=value
        }
        while let first = rest.first {
            if first.dynamic { return nil }
            let name = String(first.text.split(separator: "/").last ?? Substring(first.text))
            guard let prefix = prefixes[name] else { break }
            if name == "xargs" { viaXargs = true }
            rest.removeFirst()
            var positional = prefix.positional
            while let next = rest.first {
                if next.text == "--" {
                    rest.removeFirst()
                    break
                } else if next.text.hasPrefix("-"), next.text.count > 1 {
                    rest.removeFirst()
                    if prefix.options.contains(next.text) { _ = rest.popFirst() }
                } else if name == "env", next.text.contains("=") {
                    rest.removeFirst()
                } else if positional > 0 {
                    positional -= 1
                    rest.removeFirst()
                } else {
                    break
                }
            }
        }
        guard let first = rest.first else { return ("", [], viaXargs) }
        if first.dynamic { return nil }
        let name = String(first.text.split(separator: "/").last ?? Substring(first.text))
        return (first.text == "." ? "." : name, Array(rest.dropFirst()), viaXargs)
    }

    private static func reason(command: String, args words: [ShellWords.Word]) -> String? {
        let args = words.map(\.text)
        let flags = args.filter { $0.hasPrefix("-") }
        let paths = args.filter { !$0.hasPrefix("-") }
        func hasShort(_ letters: Set<Character>) -> Bool {
            flags.contains { !$0.hasPrefix("--") && $0.dropFirst().contains(where: letters.contains) }
        }
        if command.lowercased() == "truncate" { return truncate(args) }
        switch command {
        case "rm", "unlink":
            return deletion(command, words)
        case "git":
            return git(args)
        case "dd":
            if args.contains(where: { $0.hasPrefix("of=") }) { return "dd writes straight to a file or disk" }
        case "mkfs", "fdisk", "sfdisk", "gdisk", "sgdisk", "cfdisk", "parted", "wipefs", "mkswap":
            return "\(command) rewrites a disk"
        case "shred", "wipe", "srm":
            return "\(command) destroys files"
        case "shutdown", "reboot", "halt", "poweroff":
            return "\(command) stops the machine"
        case "init", "telinit":
            if ["0", "6"].contains(args.first ?? "") { return "\(command) \(args[0]) stops the machine" }
        case "systemctl":
            if let verb = paths.first, ["poweroff", "reboot", "halt", "kexec"].contains(verb) {
                return "systemctl \(verb) stops the machine"
            }
            if let verb = paths.first, let does = serviceVerbs[verb] {
                let units = paths.count > 1 ? paths.dropFirst().joined(separator: " ") : "a unit"
                return does.replacingOccurrences(of: "UNIT", with: units)
            }
        case "service":
            if paths.count > 1, paths[1] == "stop" { return "stops \(paths[0])" }
        case "chmod", "chown", "chgrp":
            let recursive = hasShort(["R"]) || flags.contains("--recursive")
            if recursive, let broad = paths.first(where: isBroad) { return "\(command) -R on \(broad)" }
            if recursive, paths.count > 1 {
                return "\(command) -R changes every file under \(paths.dropFirst().joined(separator: " "))"
            }
            // `chmod 000 /`, `chown nobody ~`: even without -R, a login or the system stops working.
            if let top = paths.dropFirst().first(where: { isBroad($0) && ($0.hasPrefix("/") || $0.hasPrefix("~")) }) {
                return command == "chmod" ? "changes the permissions of \(top)" : "changes the owner of \(top)"
            }
        case "cp", "mv", "install", "rsync", "ddrescue":
            guard paths.count > 1, let target = paths.last else { break }
            if isDisk(target) { return "writes over \(target)" }
            // `cp /dev/null db.sqlite`: copying nothing over a file empties it.
            if command == "cp", ["/dev/null", "/dev/zero"].contains(paths[0]) { return "empties \(target)" }
            if command == "mv" {
                if let source = paths.dropLast().first(where: { isBroad($0) || isSystem($0) }) {
                    return "moves \(source) away"
                }
                if target == "/dev/null" { return "moves \(paths[0]) onto /dev/null, which destroys it" }
            }
            // A mirror deletes at the far end whatever the source lacks, wherever that is.
            if command == "rsync", flags.contains(where: { $0.hasPrefix("--del") }) {
                return "rsync --delete deletes from \(target) whatever the source lacks"
            }
        case "tee":
            if let disk = paths.first(where: isDisk) { return "writes over \(disk)" }
            // Like `>`: without -a, tee empties each file it names first.
            let appends = hasShort(["a"]) || flags.contains("--append")
            if !appends, let file = paths.first(where: { !isStream($0) }) { return "overwrites \(file)" }
        case "tar":
            let mode = args.first.map { $0.hasPrefix("-") ? "" : $0 } ?? ""  // `tar cf …`, the old spelling
            let writes =
                hasShort(["c", "r", "u", "A"]) || mode.contains(where: "cruA".contains)
                || flags.contains { ["--create", "--append", "--update", "--catenate", "--concatenate"].contains($0) }
            let files = args.map { $0.hasPrefix("--file=") ? String($0.dropFirst(7)) : $0 }
            if writes, let disk = files.first(where: isDisk) { return "writes over \(disk)" }
        case "sed":
            let inPlace = flags.contains { $0.hasPrefix("--in-place") || (!$0.hasPrefix("--") && $0.contains("i")) }
            if inPlace, let file = paths.first(where: isSystem) { return "sed -i rewrites \(file) in place" }
        case "userdel", "deluser":
            let home = hasShort(["r"]) || flags.contains("--remove") || flags.contains("--remove-home")
            return "deletes the user \(paths.last ?? "named")" + (home ? " and their home directory" : "")
        case "passwd":
            let whose = paths.last.map { "\($0)'s" } ?? "your"
            if hasShort(["d"]) || flags.contains("--delete") { return "removes \(whose) password" }
            if hasShort(["l"]) || flags.contains("--lock") { return "locks \(whose) password" }
        case "ip":
            let object = paths.first ?? ""
            if "link".hasPrefix(object), !object.isEmpty, paths.contains("down") {
                let device = paths.drop { $0 != "set" }.dropFirst().first { $0 != "dev" } ?? "a link"
                return "takes \(device) down, which can cut this connection"
            }
            if paths.count > 1, ["flush", "del", "delete", "replace", "change"].contains(paths[1]) {
                return "ip \(object) \(paths[1]) changes the network, which can cut this connection"
            }
        case "ifdown":
            return "takes \(paths.first ?? "an interface") down, which can cut this connection"
        case "ifconfig":
            if paths.contains("down") { return "takes \(paths[0]) down, which can cut this connection" }
        case "nmcli":
            if paths.contains("down") || paths.contains("off") || paths.contains("delete") {
                return "nmcli \(paths.joined(separator: " ")) changes the network, which can cut this connection"
            }
        case "crontab":
            if hasShort(["r"]) { return "removes the crontab" }
        case "iptables", "ip6tables":
            if hasShort(["F"]) || flags.contains("--flush") { return "flushes the firewall" }
        case "kill", "pkill", "killall":
            if args.contains("-1") && command == "kill" { return "kills every process" }
        default:
            break
        }
        if command.hasPrefix("mkfs.") { return "\(command) rewrites a disk" }
        // Containers, clusters, disks, clouds, databases (`RiskCheck+Stores.swift`).
        return store(command, args) ?? httpDelete(command, args)
    }

    /// What `systemctl VERB UNIT` does, in words.
    private static let serviceVerbs: [String: String] = [
        "stop": "stops UNIT", "kill": "kills UNIT", "mask": "masks UNIT, so it cannot start",
        "disable": "disables UNIT at boot", "isolate": "stops every unit UNIT does not need",
    ]

    /// `truncate -s 0 f` empties a file; SQL's `TRUNCATE users` empties a table.
    private static func truncate(_ args: [String]) -> String? {
        var size: String?
        var reference: String?
        var files: [String] = []
        var rest = args[...]
        while let arg = rest.popFirst() {
            if arg == "-s" || arg == "--size" {
                size = rest.popFirst()
            } else if arg.hasPrefix("--size=") {
                size = String(arg.dropFirst(7))
            } else if arg.hasPrefix("-s") {
                size = String(arg.dropFirst(2))
            } else if arg == "-r" || arg == "--reference" {
                reference = rest.popFirst()
            } else if arg.hasPrefix("--reference=") {
                reference = String(arg.dropFirst(12))
            } else if !arg.hasPrefix("-") {
                files.append(arg)
            }
        }
        guard size != nil || reference != nil else { return "truncates a table" }
        let named = files.isEmpty ? "a file" : files.joined(separator: " ")
        if let size {
            if size.hasPrefix("+") { return nil }  // it only grows
            if Int(size) == 0 { return "empties \(named)" }
            return "cuts \(named) to \(size), losing what lies past it"
        }
        return "resizes \(named) to the size of \(reference ?? "another file"), losing what lies past it"
    }

    /// The terminal and the bit bucket: redirecting there overwrites nothing.
    private static func isStream(_ path: String) -> Bool {
        ["/dev/null", "/dev/stdout", "/dev/stderr", "/dev/tty"].contains(path) || path.hasPrefix("/dev/fd/")
            || path.hasPrefix("/proc/self/fd/")
    }

    private static func isDisk(_ path: String) -> Bool {
        ["/dev/sd", "/dev/nvme", "/dev/vd", "/dev/hd", "/dev/xvd", "/dev/mmcblk", "/dev/md", "/dev/dm-"]
            .contains { path.hasPrefix($0) }
    }
}
