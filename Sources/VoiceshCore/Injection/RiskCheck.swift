import Foundation

/// Flags shell commands that can destroy data or take a machine down, so the confirmation
/// asks a second time before they run. It reads the text as a shell would split it into
/// simple commands (`;`, `&&`, `||`, `|`, `&`), looks past `sudo`, `env` and friends, and
/// errs towards asking: a false alarm costs one key, a miss can cost a server.
public enum RiskCheck {
    /// Why `text` is risky, in a few words, or nil.
    public static func reason(_ text: String) -> String? {
        let lowered = text.lowercased()
        if lowered.contains("drop table") || lowered.contains("drop database") || lowered.contains("drop schema") {
            return "drops a database object"
        }
        if lowered.range(of: "truncate table") != nil || lowered.hasPrefix("truncate ") {
            return "truncates a table"
        }
        if text.contains("(){") || text.contains("() {"), text.contains("|"), text.contains("&") {
            return "looks like a fork bomb"
        }
        let commands = split(text)
        for (index, command) in commands.enumerated() {
            if let why = reason(words: command.words) { return why }
            // `curl … | sh`: a download piped straight into a shell.
            if ["curl", "wget"].contains(name(command.words)), index + 1 < commands.count,
                commands[index + 1].after == "|",
                ["sh", "bash", "zsh", "dash", "ksh", "python", "python3", "perl"].contains(
                    name(commands[index + 1].words))
            {
                return "pipes a download into a shell"
            }
        }
        return nil
    }

    private static func reason(words: [String]) -> String? {
        let command = name(words)
        let args = Array(words.drop { $0 != command }.dropFirst())
        let flags = args.filter { $0.hasPrefix("-") }
        let paths = args.filter { !$0.hasPrefix("-") }
        func hasShort(_ letters: Set<Character>) -> Bool {
            flags.contains { !$0.hasPrefix("--") && $0.dropFirst().contains(where: letters.contains) }
        }
        switch command {
        case "rm":
            let recursive = hasShort(["r", "R"]) || flags.contains("--recursive")
            if recursive, let broad = paths.first(where: isBroad) { return "deletes \(broad) recursively" }
            if flags.contains("--no-preserve-root") { return "deletes from /" }
        case "dd":
            if args.contains(where: { $0.hasPrefix("of=") }) { return "dd writes straight to a file or disk" }
        case "mkfs", "fdisk", "sfdisk", "parted", "wipefs", "mkswap":
            return "\(command) rewrites a disk"
        case "shred":
            return "shred destroys files"
        case "shutdown", "reboot", "halt", "poweroff":
            return "\(command) stops the machine"
        case "init", "telinit":
            if ["0", "6"].contains(args.first ?? "") { return "\(command) \(args[0]) stops the machine" }
        case "systemctl":
            if let verb = paths.first, ["poweroff", "reboot", "halt", "kexec"].contains(verb) {
                return "systemctl \(verb) stops the machine"
            }
        case "chmod", "chown", "chgrp":
            let recursive = hasShort(["R"]) || flags.contains("--recursive")
            if recursive, let broad = paths.first(where: isBroad) { return "\(command) -R on \(broad)" }
        case "git":
            if paths.first == "push", flags.contains(where: { $0 == "-f" || $0.hasPrefix("--force") }) {
                return "force-pushes over the remote's history"
            }
            if paths.first == "reset", flags.contains("--hard") { return "throws away uncommitted work" }
            if paths.first == "clean", hasShort(["f"]) { return "deletes untracked files" }
        case "kubectl":
            if paths.first == "delete" { return "deletes cluster resources" }
        case "terraform":
            if paths.first == "destroy" { return "destroys infrastructure" }
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
        // `> /dev/sda`: a redirect onto a disk.
        for (i, word) in words.enumerated() where word.hasPrefix(">") {
            let target = word.count > 1 ? String(word.drop { $0 == ">" }) : (i + 1 < words.count ? words[i + 1] : "")
            if isDisk(target) { return "writes over \(target)" }
        }
        return nil
    }

    /// `/`, `/*`, `~`, `.`, `..`, `*`, `$HOME` or one level below `/` (`/etc`, `/home/*`).
    private static func isBroad(_ path: String) -> Bool {
        var p = path.trimmingCharacters(in: ["\"", "'"])
        if ["~", "~/", "~/*", ".", "./", "..", "../", "*", ".*", "$HOME", "$HOME/", "${HOME}"].contains(p) {
            return true
        }
        guard p.hasPrefix("/") else { return false }
        while p.hasSuffix("/*") || (p.hasSuffix("/") && p.count > 1) {
            p.removeLast(p.hasSuffix("/*") ? 2 : 1)
        }
        return p.split(separator: "/").count <= 1
    }

    private static func isDisk(_ path: String) -> Bool {
        ["/dev/sd", "/dev/nvme", "/dev/vd", "/dev/hd", "/dev/xvd", "/dev/mmcblk", "/dev/md", "/dev/dm-"]
            .contains { path.hasPrefix($0) }
    }

    /// The command word, past `sudo`, `env`, `nohup`, `time`, `exec`, `xargs` and `VAR=value`.
    private static func name(_ words: [String]) -> String {
        var rest = words[...]
        while let first = rest.first {
            if ["sudo", "doas", "env", "nohup", "time", "exec", "xargs", "nice", "command", "builtin"].contains(first)
                || first.hasPrefix("-") || (first.contains("=") && !first.hasPrefix("="))
            {
                rest.removeFirst()
            } else {
                break
            }
        }
        let word = rest.first ?? ""
        return String(word.split(separator: "/").last ?? Substring(word))
    }

    /// Simple commands and the operator before each.
    private static func split(_ text: String) -> [(after: String, words: [String])] {
        var commands: [(after: String, words: [String])] = [("", [])]
        var word = ""
        var quote: Character?
        var chars = Array(text)[...]
        func endWord() {
            if !word.isEmpty { commands[commands.count - 1].words.append(word) }
            word = ""
        }
        while let c = chars.popFirst() {
            if let q = quote {
                if c == q { quote = nil } else { word.append(c) }
                continue
            }
            switch c {
            case "\"", "'": quote = c
            case " ", "\t": endWord()
            case ";", "|", "&", "\n":
                endWord()
                var op = String(c)
                if let next = chars.first, next == c, c != ";" {
                    op.append(next)
                    chars.removeFirst()
                }
                if c == "&", word.isEmpty, commands[commands.count - 1].words.last?.hasSuffix(">") == true {
                    continue  // `>&` is a redirect, not an operator
                }
                commands.append((op, []))
            default: word.append(c)
            }
        }
        endWord()
        return commands.filter { !$0.words.isEmpty }
    }
}
