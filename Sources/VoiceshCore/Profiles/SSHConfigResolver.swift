/// Resolves one host's options from ssh_config files as `ssh -G` does, without running
/// anything: `Host` and `Match` blocks, `Include` (globs, relative to ~/.ssh for a user's
/// file and /etc/ssh for the system's), the first obtained value wins, and the tokens ssh
/// expands. `Match exec` is refused, not run. Files come through `read` and `glob`, so the
/// resolver itself touches nothing.
public struct SSHConfigResolver {
    /// Who connects: `%d`, `%u`, `%l` and the default user.
    public var local: SSHConfig.Local
    /// A file's text, or nil when it cannot be read (a missing file is no error, as in ssh).
    public var read: (String) -> String?
    /// The paths a glob pattern names, sorted.
    public var glob: (String) -> [String]
    /// A service's TCP port (`Port ssh`, as ssh's a2port reads /etc/services).
    public var servicePort: (String) -> Int? = { _ in nil }

    public init(local: SSHConfig.Local, read: @escaping (String) -> String?, glob: @escaping (String) -> [String]) {
        self.local = local
        self.read = read
        self.glob = glob
    }

    /// The keywords voicesh acts on (the others in a file are ssh's alone and skipped).
    public static let keywords = [
        "HostName", "User", "Port", "IdentityFile", "IdentitiesOnly", "UserKnownHostsFile", "StrictHostKeyChecking",
        "ServerAliveInterval", "ConnectTimeout", "ProxyJump", "ProxyCommand", "ForwardAgent",
    ]

    /// A config file to read, and whether it is the user's (relative Includes under ~/.ssh)
    /// or the system's (under /etc/ssh).
    public struct File: Sendable {
        public var path: String
        public var isUser: Bool

        public init(path: String, isUser: Bool) {
            self.path = path
            self.isUser = isUser
        }
    }

    /// A line ssh itself would refuse, or one voicesh will not act on; `description` is the one line.
    public struct Problem: Error, Equatable, CustomStringConvertible {
        public var source: String
        public var message: String
        public var description: String { "\(source): \(message)" }
    }

    /// The options for `host` (as typed: `web1`), with `commandLine` (`-o` words, already
    /// `keyword value` pairs) first, then the files in order. `user` is the destination's
    /// `user@`, which ssh sets before reading any file.
    public func resolve(
        host: String, user: String? = nil, port: Int? = nil, commandLine: [(String, String)] = [], files: [File]
    ) throws(Problem) -> SSHOptions {
        var options = SSHOptions()
        var context = Context(host: host, hostLinesSee: host)
        for (keyword, value) in commandLine {
            try line(keyword: keyword.lowercased(), value: value, source: "-o", options: &options, context: context)
        }
        if let user, options.user == nil { set(\.user, user, "user", "destination", &options) }
        if let port, options.port == nil { set(\.port, port, "port", "destination", &options) }
        for file in files { try readFile(file, into: &options, context: &context, neverMatch: false, depth: 0) }
        if context.wantsFinalPass {
            // ssh's second pass: `Host` lines now see the resolved HostName.
            context.finalPass = true
            context.hostLinesSee = (options.hostName ?? host).lowercased()
            for file in files { try readFile(file, into: &options, context: &context, neverMatch: false, depth: 0) }
        }
        options.hostName = (options.hostName ?? host).lowercased()
        if let files = options.userKnownHostsFiles {
            options.userKnownHostsFiles = try files.map { f throws(Problem) in
                try expand(f, options: options, host: host, keyword: "UserKnownHostsFile")
            }
        }
        return options
    }

    /// What `Match` and the tokens need while the files are read.
    struct Context {
        /// The host as typed (`%h` in HostName, `Match originalhost`).
        var host: String
        /// What `Host` patterns are matched against.
        var hostLinesSee: String
        var finalPass = false
        var wantsFinalPass = false
    }

    private func readFile(
        _ file: File, into options: inout SSHOptions, context: inout Context, neverMatch: Bool, depth: Int
    )
        throws(Problem)
    {
        guard let text = read(file.path) else { return }
        var active = !neverMatch
        var number = 0
        for raw in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            number += 1
            let (keyword, value) = SSHConfig.split(String(raw))
            guard !keyword.isEmpty else { continue }
            let source = "\(file.path) line \(number)"
            switch keyword {
            case "host":
                active = !neverMatch && hostMatches(context.hostLinesSee, patterns: SSHConfig.words(value))
            case "match":
                let matched = try match(SSHConfig.words(value), options: options, context: &context, source: source)
                active = !neverMatch && matched
            case "include":
                guard depth < 16 else { throw Problem(source: source, message: "Include nested too deeply") }
                let base = file.isUser ? local.home + "/.ssh/" : "/etc/ssh/"
                for pattern in SSHConfig.words(value) {
                    var full = pattern.hasPrefix("~/") ? local.home + pattern.dropFirst() : pattern
                    if !full.hasPrefix("/") { full = base + full }
                    for path in glob(full) {
                        // Includes do not change the including file's Host/Match state.
                        try readFile(
                            File(path: path, isUser: file.isUser), into: &options, context: &context,
                            neverMatch: !active, depth: depth + 1)
                    }
                }
            default:
                if active {
                    try line(keyword: keyword, value: value, source: source, options: &options, context: context)
                }
            }
        }
    }

    private func line(keyword: String, value: String, source: String, options: inout SSHOptions, context: Context)
        throws(Problem)
    {
        let words = SSHConfig.words(value)
        let first = words.first ?? ""
        func bad(_ message: String) -> Problem { Problem(source: source, message: message) }
        switch keyword {
        case "host", "match", "include":
            throw bad("\(keyword) cannot be given with -o")
        case "hostname":
            guard !first.isEmpty else { throw bad("missing argument.") }
            if options.hostName == nil {
                let name = try expand(first, ["h": context.host], keyword: "HostName", source: source)
                set(\.hostName, name, keyword, source, &options)
            }
        case "user":
            guard !first.isEmpty else { throw bad("missing argument.") }
            set(\.user, first, keyword, source, &options)
        case "port":
            guard let port = Int(first) ?? servicePort(first), (1...65535).contains(port) else {
                throw bad("Badly formatted port number.")
            }
            set(\.port, port, keyword, source, &options)
        case "identityfile":
            guard !first.isEmpty else { throw bad("missing argument.") }
            if !options.identityFiles.contains(first) { options.identityFiles.append(first) }
            options.sources[keyword] = options.sources[keyword] ?? source
        case "identitiesonly":
            set(\.identitiesOnly, try yesNo(first, source), keyword, source, &options)
        case "userknownhostsfile":
            guard !words.isEmpty else { throw bad("missing argument.") }
            set(\.userKnownHostsFiles, words, keyword, source, &options)
        case "stricthostkeychecking":
            let value: SSHOptions.StrictHostKeys? =
                switch first.lowercased() {
                case "yes", "true": .yes
                case "no", "false", "off": .no
                case "ask": .ask
                case "accept-new": .acceptNew
                default: nil
                }
            guard let value else { throw bad("unsupported option \"\(first)\".") }
            set(\.strictHostKeyChecking, value, keyword, source, &options)
        case "serveraliveinterval", "connecttimeout":
            let seconds = first.lowercased() == "none" && keyword == "connecttimeout" ? 0 : Self.seconds(first)
            guard let seconds else { throw bad("invalid time value.") }
            if keyword == "connecttimeout" {
                set(\.connectTimeout, seconds, keyword, source, &options)
            } else {
                set(\.serverAliveInterval, seconds, keyword, source, &options)
            }
        case "proxyjump":
            guard !first.isEmpty else { throw bad("missing argument.") }
            guard first == "none" || SSHOptions.jumps(first) != nil else { throw bad("invalid ProxyJump \"\(first)\"") }
            // ProxyJump and ProxyCommand exclude each other: the first of the two wins.
            if options.proxyCommand == nil { set(\.proxyJump, first, keyword, source, &options) }
        case "proxycommand":
            guard !value.isEmpty else { throw bad("missing argument.") }
            if options.proxyJump == nil { set(\.proxyCommand, value, keyword, source, &options) }
        case "forwardagent":
            // `yes`, `no`, or an agent socket (path or $VARIABLE), which means yes.
            let on = ["no", "false"].contains(first.lowercased()) ? false : !first.isEmpty
            set(\.forwardAgent, on, keyword, source, &options)
        default:
            break  // keywords voicesh does not act on
        }
    }

    private func set<T>(
        _ path: WritableKeyPath<SSHOptions, T?>, _ value: T, _ keyword: String, _ source: String,
        _ options: inout SSHOptions
    ) {
        guard options[keyPath: path] == nil else { return }
        options[keyPath: path] = value
        options.sources[keyword] = source
    }

    private func yesNo(_ word: String, _ source: String) throws(Problem) -> Bool {
        switch word.lowercased() {
        case "yes", "true": return true
        case "no", "false": return false
        default: throw Problem(source: source, message: "Bad yes/no argument \"\(word)\".")
        }
    }

    /// ssh's time format: `30`, `30s`, `5m`, `1h30m`; nil when it is not one.
    static func seconds(_ text: String) -> Int? {
        guard !text.isEmpty else { return nil }
        var total = 0
        var number = ""
        for c in text.lowercased() {
            if c.isASCII, c.isNumber {
                number.append(c)
                continue
            }
            let units: [Character: Int] = ["s": 1, "m": 60, "h": 3600, "d": 86400, "w": 604800]
            let unit = units[c]
            guard let unit, let n = Int(number) else { return nil }
            total += n * unit
            number = ""
        }
        if !number.isEmpty {
            guard let n = Int(number) else { return nil }
            total += n
        }
        return total
    }

    // MARK: - Matching

    /// `Host` patterns: one matches and no negated one does (ssh's match_pattern: `*`, `?`).
    func hostMatches(_ host: String, patterns: [String]) -> Bool {
        var matched = false
        for pattern in patterns {
            if pattern.hasPrefix("!") {
                if Self.glob(host, String(pattern.dropFirst())) { return false }
            } else if Self.glob(host, pattern) {
                matched = true
            }
        }
        return matched
    }

    /// A comma-separated pattern list as ssh's match_pattern_list reads it.
    static func listMatches(_ text: String, _ list: String, lowercase: Bool) -> Bool {
        let text = lowercase ? text.lowercased() : text
        var matched = false
        for raw in list.split(separator: ",") {
            let pattern = lowercase ? raw.lowercased() : String(raw)
            if pattern.hasPrefix("!") {
                if glob(text, String(pattern.dropFirst())) { return false }
            } else if glob(text, pattern) {
                matched = true
            }
        }
        return matched
    }

    /// `*` any run, `?` one character.
    static func glob(_ text: String, _ pattern: String) -> Bool {
        let t = Array(text), p = Array(pattern)
        var ti = 0, pi = 0, star = -1, mark = 0
        while ti < t.count {
            if pi < p.count, p[pi] == "?" || p[pi] == t[ti] {
                ti += 1
                pi += 1
            } else if pi < p.count, p[pi] == "*" {
                star = pi
                mark = ti
                pi += 1
            } else if star >= 0 {
                pi = star + 1
                mark += 1
                ti = mark
            } else {
                return false
            }
        }
        while pi < p.count, p[pi] == "*" { pi += 1 }
        return pi == p.count
    }

    /// A `Match` line's criteria, all of which must hold (`!` negates one).
    private func match(_ words: [String], options: SSHOptions, context: inout Context, source: String)
        throws(Problem) -> Bool
    {
        var result = true
        var index = 0
        guard !words.isEmpty else { throw Problem(source: source, message: "Missing Match criteria") }
        let hostName = options.hostName ?? context.host  // HostName's %h is already filled in
        while index < words.count {
            var attribute = words[index].lowercased()
            index += 1
            let negated = attribute.hasPrefix("!")
            if negated { attribute.removeFirst() }
            let matched: Bool
            switch attribute {
            case "all":
                matched = true
            case "canonical":
                matched = false  // voicesh does not canonicalize host names (CanonicalizeHostname no)
            case "final":
                context.wantsFinalPass = true
                matched = context.finalPass
            case "exec":
                throw Problem(
                    source: source,
                    message:
                        "Match exec would run a command while voicesh reads the file; voicesh runs nothing from ssh_config, use ssh for this host or remove the Match exec"
                )
            case "host", "originalhost", "user", "localuser":
                guard index < words.count else {
                    throw Problem(source: source, message: "Missing Match criteria for \(attribute)")
                }
                let argument = words[index]
                index += 1
                switch attribute {
                case "host": matched = Self.listMatches(hostName, argument, lowercase: true)
                case "originalhost": matched = Self.listMatches(context.host, argument, lowercase: true)
                case "user": matched = Self.listMatches(options.user ?? local.user, argument, lowercase: false)
                default: matched = Self.listMatches(local.user, argument, lowercase: false)
                }
            default:
                throw Problem(source: source, message: "Unsupported Match attribute \(attribute)")
            }
            if matched == negated { result = false }
        }
        return result
    }

    // MARK: - Tokens

    /// `~` and the tokens ssh expands in IdentityFile and UserKnownHostsFile, for the
    /// resolved host, port and user.
    public func expand(_ text: String, options: SSHOptions, host: String, keyword: String) throws(Problem) -> String {
        let hostName = options.hostName ?? host
        let tokens: [Character: String] = [
            "d": local.home, "u": local.user, "l": local.hostName, "L": String(local.hostName.prefix { $0 != "." }),
            "h": hostName, "n": host, "p": String(options.port ?? 22), "r": options.user ?? local.user,
        ]
        let tilde = text == "~" ? local.home : text.hasPrefix("~/") ? local.home + text.dropFirst() : text
        let source = options.sources[keyword.lowercased()] ?? "-o"
        // A command line is run by a shell: a user or host name that would be shell syntax there
        // (from a shared profile, a jump spec) is refused, as OpenSSH refuses it (CVE-2023-51385).
        if keyword.lowercased() == "proxycommand" {
            for token: Character in ["r", "n", "h"] where text.contains("%\(token)") {
                guard let value = tokens[token], Self.shellSafe(value) else {
                    throw Problem(
                        source: source,
                        message:
                            "ProxyCommand's %\(token) would pass \"\(UntrustedText.excerpt(tokens[token] ?? ""))\" to a shell; refused"
                    )
                }
            }
        }
        return try expand(tilde, tokens, keyword: keyword, source: source)
    }

    /// A name a shell reads as one plain word: none of the characters OpenSSH's `valid_ruser`
    /// refuses (quotes, `$`, a backslash, `;`, `&`, redirections, pipes, brackets), no blank, no leading `-`.
    static func shellSafe(_ name: String) -> Bool {
        !name.hasPrefix("-") && !name.contains(where: { "'`\"$\\;&<>|(){}".contains($0) || $0.isWhitespace })
    }

    private func expand(_ text: String, _ tokens: [Character: String], keyword: String, source: String)
        throws(Problem) -> String
    {
        var all = tokens
        all["%"] = "%"
        switch SSHConfig.expand(text, all) {
        case .success(let value): return value
        case .failure(let token):
            throw Problem(
                source: source, message: "\(keyword) \(text) uses %\(token), which voicesh cannot fill in; write it out"
            )
        }
    }
}
