/// What can be checked of a written command before it is shown, against what the context says
/// of the place it will run: it is one complete line; the programs it runs are there (on the
/// PATH, builtins, or a file here); the files it reads are in this directory. A model that is
/// told what is wrong writes a better command more often than not (`IntentWriter` asks once).
/// What the context does not say is not judged: an absolute path, a directory not listed, a
/// PATH not gathered.
public enum IntentCheck {
    public enum Fault: Equatable, Sendable {
        /// The shell would wait for more, or cannot read it: why.
        case unfinished(String)
        /// A program neither on the PATH nor a builtin.
        case noSuchProgram(String)
        /// A file the command reads is not in the directory.
        case noSuchFile(String)
        /// A directory the command works in (`tar -C`, `cd`) is not in the directory.
        case noSuchDirectory(String)
        /// An option the program's own help there never names.
        case noSuchOption(program: String, option: String)
        /// Fields of a comma-separated file read with the default separator (blanks, a tab).
        case noSeparator(program: String, file: String, option: String)
        /// `find -name '.sh'`: a pattern with no wildcard matches that one name only.
        case literalPattern(String)
        /// `find -exec rm {}` with no `;` or `+` after its command: find refuses it. (A model
        /// writing JSON may lose the `\;` to a broken escape.)
        case unterminatedExec(String)
        /// `tar -xzf bundle.tar`: a compression option the archive's name says it is not in (tar
        /// refuses it; without one, tar reads any kind by itself).
        case wrongCompression(file: String, option: String)
        /// `kill backupd`: kill takes process ids, not names.
        case killByName(String)
        /// A git command in a directory that is in no repository.
        case notARepository
        /// A branch the repository does not have (a model invents `feature/login`), and the
        /// first of the ones it has.
        case noSuchBranch(String, known: [String])
        /// `head -n 2` with no file, nothing piped or redirected into it: it would wait for
        /// typed input, and the line would seem to hang.
        case waitsForInput(String)
    }

    /// The faults of `command` where `context` says it runs; none when nothing can be judged.
    public static func faults(in command: String, context: RemoteContext?) -> [Fault] {
        let words: ShellWords
        // A `\;` lost to the answer's JSON escape leaves `-exec … {} "`: say what ends it.
        let lostEnd = command.contains("-exec") && command.contains("{} \"")
        switch ShellWords.read(command) {
        case .failure(let unreadable): return [lostEnd ? .unterminatedExec("-exec") : .unfinished(unreadable.reason)]
        case .success(let read): words = read
        }
        if let unfinished = words.unfinished { return [lostEnd ? .unterminatedExec("-exec") : .unfinished(unfinished)] }
        let waiting = waitsForInput(words).map(Fault.waitsForInput)
        guard let context else { return waiting }
        var here = Here(context)
        var faults: [Fault] = []
        var defined = Set(words.functions)
        for simple in words.commands {
            guard let (name, args, viaXargs) = RiskCheck.resolve(simple.words), !name.isEmpty else { continue }
            // As written: `./build.sh` is a file here, `build` a program on the PATH.
            let program =
                simple.words.first { word in
                    !word.text.contains("=") && String(word.text.split(separator: "/").last ?? "") == name
                }?.text ?? name
            if program.contains("/") {
                if let fault = here.missing(program, as: Fault.noSuchFile) { faults.append(fault) }
            } else if !here.runs(name) && !defined.contains(name) {
                faults.append(.noSuchProgram(name))
            }
            if name == "alias" || name == "function" { defined.formUnion(args.map(\.text)) }
            guard !viaXargs else { continue }  // its operands come from its input
            let texts = args.filter { !$0.dynamic }.map(\.text)
            faults += (context.options[name]?.unknown(in: texts) ?? []).map { .noSuchOption(program: name, option: $0) }
            faults += meaning(name, texts, context: context, here: here)
            faults += reads(name, texts).compactMap { here.missing($0, as: Fault.noSuchFile) }
            faults += directories(name, texts).compactMap { here.missing($0, as: Fault.noSuchDirectory) }
            for target in simple.redirects where !target.target.dynamic {
                if target.op.hasPrefix("<") {
                    if let fault = here.missing(target.target.text, as: Fault.noSuchFile) { faults.append(fault) }
                } else {
                    here.made(target.target.text)
                }
            }
            // What this command makes is there for the commands after it (`mkdir out && tar -C out`).
            for made in makes(name, texts) { here.made(made) }
        }
        faults += waiting
        var seen = Set<String>()
        return faults.filter { seen.insert("\($0)").inserted }
    }

    /// The faults in words, for the model (asked again) and for the user (what is left).
    public static func words(_ faults: [Fault]) -> String {
        faults.map { fault in
            switch fault {
            case .unfinished(let why): "the line is not complete (\(why))"
            case .noSuchProgram(let name): "\(name) is not installed there"
            case .noSuchFile(let name): "there is no \(name) in the directory"
            case .noSuchDirectory(let name): "there is no directory \(name) there"
            case .noSuchOption(let program, let option): "\(program) there has no option \(option)"
            case .noSeparator(let program, let file, let option):
                "\(file) is comma-separated: \(program) needs \(option), to find its fields"
            case .literalPattern(let pattern):
                "-name \(pattern) matches only a file named \(pattern) exactly; a pattern needs * (\"*\(pattern)\")"
            case .unterminatedExec(let option): "find's \(option) needs {} + at the end of its command"
            case .wrongCompression(let file, let option):
                "\(file) is not compressed as \(option) says; tar -x and -t read any kind without it"
            case .killByName(let name): "kill takes process ids, and \(name) is a name (pkill -x \(name) takes a name)"
            case .notARepository: "this directory is not in a git repository"
            case .noSuchBranch(let name, let known):
                "the repository has no branch \(name) (its branches: \(known.joined(separator: ", ")))"
            case .waitsForInput(let name):
                "\(name) is given no file and nothing goes into it, so it would wait for typed input; name the file it reads"
            }
        }.joined(separator: "; ")
    }

    /// What the context knows of the place: its programs (nil: not gathered) and its entries
    /// (nil: not listed whole).
    struct Here {
        let programs: Set<String>?
        var entries: Set<String>?
        /// The directory the entries are of, as the remote names it.
        let directory: String?

        init(_ context: RemoteContext) {
            // The gatherer keeps 3,000 names a PATH directory and 4,000 in all, unmarked: a list
            // that long may be cut, and a program past the cut is not missing.
            let whole = !context.commands.isEmpty && context.commands.count < 3000
            programs = whole ? Set(context.commands) : nil
            let listed = context.entries.count < RemoteContext.Limit.entries && !context.truncated
            entries = listed && context.directory != nil ? Set(context.entries) : nil
            directory = context.directory
        }

        func runs(_ name: String) -> Bool {
            guard let programs else { return true }
            return programs.contains(name) || IntentCheck.builtins.contains(name)
        }

        /// A name the line makes before it is used, as the listing would show it (first part
        /// only: `a/b` makes `a/`; a folder's name ends in `/`).
        mutating func made(_ path: String) {
            let path = relative(path)
            guard !path.hasPrefix("/") else { return }
            let parts = path.split(separator: "/", omittingEmptySubsequences: true)
            guard let first = parts.first else { return }
            entries?.insert(String(first) + (parts.count > 1 || path.hasSuffix("/") ? "/" : ""))
        }

        /// `path` from the directory when it goes through it (a model given the directory's
        /// path writes it out); as it is otherwise.
        func relative(_ path: String) -> String {
            guard let directory else { return path }
            let prefix = directory.hasSuffix("/") ? directory : directory + "/"
            return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
        }

        /// The fault for a `path` in the directory whose first part the directory does not hold.
        func missing(_ path: String, as fault: (String) -> Fault) -> Fault? {
            let relative = relative(path)
            guard let entries, !relative.hasPrefix("/"), !path.hasPrefix("~"), !path.hasPrefix("-"), path != "-",
                !path.contains(where: { "*?[{$".contains($0) })
            else { return nil }
            var parts = relative.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
            while parts.first == "." { parts.removeFirst() }
            guard let first = parts.first, first != ".." else { return nil }
            let isFolder = parts.count > 1 || path.hasSuffix("/")
            let found = entries.contains(first + "/") || (!isFolder && entries.contains(first))
            return found ? nil : fault(path)
        }
    }

    /// Faults of meaning a program's options cannot show: a CSV's fields without its comma,
    /// a `find` pattern with no wildcard, git outside a repository.
    static func meaning(_ name: String, _ args: [String], context: RemoteContext, here: Here) -> [Fault] {
        switch name {
        case "sort", "cut", "awk":
            let (fields, separator) =
                switch name {
                case "sort": (["-k", "--key"], ["-t", "--field-separator"])
                case "cut": (["-f", "--fields"], ["-d", "--delimiter"])
                default: (["$1", "$2", "$3", "$4", "$5", "$NF"], ["-F", "FS="])
                }
            let uses = { (options: [String]) in
                args.contains { arg in options.contains { name == "awk" ? arg.contains($0) : arg.hasPrefix($0) } }
            }
            let files = name == "awk" ? Array(args.drop { !$0.contains("$") }.dropFirst()) : reads(name, args)
            guard let csv = files.first(where: { $0.lowercased().hasSuffix(".csv") }), uses(fields), !uses(separator)
            else { return [] }
            return [.noSeparator(program: name, file: csv, option: separator[0])]
        case "find":
            let patterns = zip(args, args.dropFirst()).compactMap { option, pattern -> Fault? in
                guard ["-name", "-iname"].contains(option), pattern.hasPrefix("."), pattern.count > 1,
                    !pattern.contains(where: { "*?[".contains($0) }), !context.entries.contains(pattern)
                else { return nil }
                return .literalPattern(pattern)
            }
            // Each -exec's command runs to a `;`, or to `{} +`.
            var unterminated: [Fault] = []
            var index = 0
            while index < args.count {
                defer { index += 1 }
                guard ["-exec", "-execdir", "-ok", "-okdir"].contains(args[index]) else { continue }
                let option = args[index]
                guard let end = args[(index + 1)...].firstIndex(where: { $0 == ";" || $0 == "+" }) else {
                    unterminated.append(.unterminatedExec(option))
                    break
                }
                index = end
            }
            return patterns + unterminated
        case "tar": return compression(args)
        case "kill":
            var index = 0
            while index < args.count {
                defer { index += 1 }
                let arg = args[index]
                if ["-s", "-n"].contains(arg) { index += 1 }  // a signal's name or number
                guard !arg.hasPrefix("-"), !arg.hasPrefix("%"), !arg.allSatisfy(\.isNumber) else { continue }
                return [.killByName(arg)]
            }
            return []
        case "git":
            let outside = ["init", "clone", "config", "--version", "version", "help", "-C", "--git-dir"]
            guard let sub = args.first, !outside.contains(sub) else { return [] }
            guard context.isRepository != false else { return [.notARepository] }
            return branches(sub, args.dropFirst(), context: context, entries: here.entries)
        default: return []
        }
    }

    /// Branch names with a slash (`feature/login`, `origin/main`) that a git command reads and
    /// the repository does not have. Without a slash a name may be a tag, which is not
    /// gathered; a path (here, or from `.` or `/`), a full ref (`refs/…`, `tags/…`), an
    /// option's value (a new branch's name, a message, a pattern), a remote branch's short name
    /// (`checkout` makes it) and what follows `--` pass.
    static func branches(_ sub: String, _ args: ArraySlice<String>, context: RemoteContext, entries: Set<String>?)
        -> [Fault]
    {
        let reading = ["log", "diff", "show", "merge", "rebase", "cherry-pick", "switch", "checkout", "rev-list"]
        let known = context.branches
        // The gathering script lists 200 at most: a longer list may be cut.
        guard context.isRepository == true, reading.contains(sub), !known.isEmpty, known.count < 200, let entries
        else { return [] }
        let valued: Set = [
            "-b", "-B", "-c", "-C", "--orphan", "--create", "--force-create", "-m", "--message", "-F", "--file",
            "--grep", "-S", "-G", "--author", "--committer", "--format", "--pretty", "--since", "--until", "--after",
            "--before", "-n", "--max-count", "--skip", "-L", "-o", "--output", "-X", "--strategy-option", "-s",
            "--strategy", "--onto",
        ]
        let makes = sub == "checkout" || sub == "switch"
        let remote = { (name: String) in makes && known.contains { $0.hasSuffix("/" + name) } }
        var faults: [Fault] = []
        var value = false
        for arg in args {
            if arg == "--" { break }
            defer { value = valued.contains(arg) }
            guard !value, !arg.hasPrefix("-"), !arg.hasPrefix("."), !arg.hasPrefix("/"),
                !arg.contains(where: { " :{".contains($0) })
            else { continue }
            // `a..b`, `a...b`, `a~2`, `a^`: the names in a revision.
            for part in arg.components(separatedBy: "..") {
                let name = String(part.drop { $0 == "." }.prefix { $0 != "~" && $0 != "^" })
                let full = ["refs/", "tags/", "heads/", "remotes/"].contains { name.hasPrefix($0) }
                guard let first = name.split(separator: "/").first, name.contains("/"), !full, !known.contains(name),
                    !remote(name), !entries.contains(first + "/"),
                    !entries.contains(String(first))
                else { continue }
                faults.append(.noSuchBranch(name, known: Array(known.prefix(12))))
            }
        }
        return faults
    }

    /// The filters that would read the keyboard: given no file to read, first in their pipeline
    /// and with no input redirected (`head -n 2`, `wc -l`, `tr a b`). Not judged inside a loop
    /// or a group, whose input may come from a redirection after its end (`done < list`).
    static func waitsForInput(_ words: ShellWords) -> [String] {
        let compound: Set<String> = ["while", "until", "for", "select", "do", "done", "{", "}", "(", ")"]
        guard !words.commands.contains(where: { compound.contains($0.words.first?.text ?? "") || $0.after == "(" })
        else { return [] }
        return words.commands.compactMap { simple in
            guard simple.after != "|", !simple.redirects.contains(where: { $0.op.hasPrefix("<") }),
                let (name, args, viaXargs) = RiskCheck.resolve(simple.words), !viaXargs
            else { return nil }
            // A word from a variable is still a file named.
            let texts = args.map(\.text)
            let flags = texts.filter { $0.hasPrefix("-") && !$0.hasPrefix("--") }.joined()
            if texts.contains(where: { ["--help", "--version"].contains($0) }) { return nil }
            let waits: Bool
            switch name {
            case "tr", "tee": waits = true  // their operands are never the input
            case "grep", "egrep", "fgrep":
                // -r with no file reads this directory.
                let recursive =
                    flags.contains("r") || flags.contains("R")
                    || texts.contains {
                        $0.hasPrefix("--recursive") || $0.hasPrefix("--dereference-recursive")
                            || $0 == "--directories=recurse"
                    }
                waits = !recursive && reads(name, texts).isEmpty
            case "jq": waits = !flags.contains("n") && !texts.contains("--null-input") && reads(name, texts).isEmpty
            case "awk":
                // A program of a BEGIN block alone reads nothing.
                let program = texts.first { !$0.hasPrefix("-") } ?? ""
                let onlyBegin = program.hasPrefix("BEGIN") && !program.contains("$") && !program.contains("END")
                waits = !onlyBegin && reads(name, texts).isEmpty
            case "cat":
                // `cat > notes.txt` is how one types a file.
                waits = texts.isEmpty && !simple.redirects.contains { $0.op.hasPrefix(">") }
            case "head", "tail", "wc", "sort", "uniq", "nl", "tac", "cut", "paste", "base64", "column", "md5sum",
                "sha1sum", "sha256sum", "xxd", "od", "strings", "sed":
                waits = reads(name, texts).isEmpty
            default: waits = false
            }
            return waits ? name : nil
        }
    }

    /// A tar that reads (`x`, `t`) an archive whose name says one compression with an option
    /// for another (or for one, where the name says none: `bundle.tar`).
    static func compression(_ args: [String]) -> [Fault] {
        guard let mode = args.first, !mode.hasPrefix("--"), mode.contains("x") || mode.contains("t"),
            let file = value(of: ["-f", "--file"], in: args, bundled: "f")
        else { return [] }
        let kinds: [(letter: Character, long: String, suffixes: [String])] = [
            ("z", "--gzip", [".tar.gz", ".tgz"]), ("J", "--xz", [".tar.xz", ".txz"]),
            ("j", "--bzip2", [".tar.bz2", ".tbz2", ".tbz"]),
        ]
        let name = file.lowercased()
        // Only a name that says its kind is judged: `.tar`, or one of the suffixes above.
        guard name.hasSuffix(".tar") || kinds.contains(where: { $0.suffixes.contains(where: name.hasSuffix) })
        else { return [] }
        let bundled = mode.drop(while: { $0 == "-" }).allSatisfy(\.isLetter)  // `xzf`, `-xzf`
        for kind in kinds where !kind.suffixes.contains(where: name.hasSuffix) {
            if bundled && mode.contains(kind.letter) || args.contains("-\(kind.letter)") || args.contains(kind.long) {
                return [.wrongCompression(file: file, option: "-\(kind.letter)")]
            }
        }
        return []
    }

    /// The operands `name` reads as files (past its options and its first operand where that
    /// is a pattern or a script); none for a program not known to read its operands.
    static func reads(_ name: String, _ args: [String]) -> [String] {
        let operands = operands(args, taking: optionsWithValue[name] ?? [])
        switch name {
        case "cat", "less", "more", "head", "tail", "wc", "sort", "uniq", "nl", "tac", "file", "stat", "md5sum",
            "sha1sum", "sha256sum", "xxd", "od", "strings", "diff", "cmp", "source", ".", "bash", "sh", "python3",
            "python", "perl", "ruby", "node", "gunzip", "bunzip2", "unxz", "zcat", "unzip", "column", "cut", "paste",
            "tr", "base64", "chmod", "chown":
            // chmod and chown read a mode or an owner first.
            return ["chmod", "chown"].contains(name) ? Array(operands.dropFirst()) : operands
        case "grep", "egrep", "fgrep", "rg", "sed", "awk", "jq":
            // The pattern or the script comes first, unless an option gave it.
            let given = args.contains { ["-e", "-f", "--regexp", "--file", "--expression"].contains($0) }
            return given ? operands : Array(operands.dropFirst())
        case "cp", "mv", "ln": return operands.count > 1 ? Array(operands.dropLast()) : []
        case "tar":
            guard let mode = args.first, mode.contains("x") || mode.contains("t") else { return [] }
            return value(of: ["-f", "--file"], in: args, bundled: "f").map { [$0] } ?? []
        default: return []
        }
    }

    /// The names `name` makes: directories, files, copies and archives.
    static func makes(_ name: String, _ args: [String]) -> [String] {
        let operands = operands(args, taking: optionsWithValue[name] ?? [])
        switch name {
        case "mkdir": return operands.map { $0.hasSuffix("/") ? $0 : $0 + "/" }
        case "touch": return operands
        case "cp", "mv", "ln", "rsync": return operands.count > 1 ? [operands[operands.count - 1]] : []
        case "tar":
            guard let mode = args.first, mode.contains("c") else { return [] }
            return value(of: ["-f", "--file"], in: args, bundled: "f").map { [$0] } ?? []
        default: return []
        }
    }

    /// The directories `name` works in that must be there already.
    static func directories(_ name: String, _ args: [String]) -> [String] {
        switch name {
        case "cd", "pushd": return Array(operands(args, taking: []).prefix(1))
        case "tar": return value(of: ["-C", "--directory"], in: args, bundled: nil).map { [$0] } ?? []
        default: return []
        }
    }

    /// Arguments that are not options (nor an option's value), after `--` all of them.
    private static func operands(_ args: [String], taking values: Set<String>) -> [String] {
        var out: [String] = []
        var index = 0
        while index < args.count {
            let arg = args[index]
            if arg == "--" {
                out += args[(index + 1)...]
                break
            }
            if arg.hasPrefix("-"), arg.count > 1 {
                index += values.contains(arg) ? 2 : 1
                continue
            }
            out.append(arg)
            index += 1
        }
        return out
    }

    /// The value of an option given as `-f FILE`, `--file=FILE`, or in a bundle (`xzf FILE`).
    private static func value(of options: [String], in args: [String], bundled letter: Character?) -> String? {
        for (index, arg) in args.enumerated() {
            for option in options where option.hasPrefix("--") && arg.hasPrefix(option + "=") {
                return String(arg.dropFirst(option.count + 1))
            }
            let isBundle = letter.map { index == 0 && !arg.hasPrefix("--") && arg.contains($0) } ?? false
            if options.contains(arg) || isBundle, index + 1 < args.count {
                return args[index + 1]
            }
        }
        return nil
    }

    /// Options whose value is the next word, per program (so the value is not an operand).
    static let optionsWithValue: [String: Set<String>] = [
        "head": ["-n", "-c"], "tail": ["-n", "-c"], "sort": ["-k", "-t", "-o", "-S"], "cut": ["-d", "-f", "-c", "-b"],
        "grep": ["-e", "-f", "-m", "-A", "-B", "-C", "--include", "--exclude"], "sed": ["-e", "-f"],
        "awk": ["-F", "-v", "-f"], "jq": ["--arg", "--argjson"], "wc": [], "uniq": ["-f", "-s", "-w"],
        "column": ["-t", "-s"], "tr": [], "diff": ["-U"], "chmod": [], "chown": [],
    ]

    /// Bash's builtins and keywords: they run with no program on the PATH.
    static let builtins: Set<String> = [
        ".", ":", "[", "[[", "alias", "bg", "bind", "break", "builtin", "caller", "case", "cd", "command", "compgen",
        "complete", "continue", "declare", "dirs", "disown", "do", "done", "echo", "elif", "else", "enable", "esac",
        "eval", "exec", "exit", "export", "false", "fc", "fg", "fi", "for", "function", "getopts", "hash", "help",
        "history", "if", "jobs", "kill", "let", "local", "logout", "mapfile", "popd", "printf", "pushd", "pwd",
        "read", "readarray", "readonly", "return", "select", "set", "shift", "shopt", "source", "suspend", "test",
        "then", "time", "times", "trap", "true", "type", "typeset", "ulimit", "umask", "unalias", "unset", "until",
        "wait", "while", "{", "}", "!",
    ]
}
