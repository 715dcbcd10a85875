/// Turns an OpenSSH client config into profiles the way `ssh` itself reads it. voicesh does
/// not re-implement ssh_config(5): it finds the concrete `Host` aliases (following
/// `Include`), and for each one reads what `ssh -G ALIAS` resolved (Match blocks, first
/// obtained values, `%h` in HostName). What voicesh cannot honour is refused, not dropped.
public enum SSHConfig {
    /// The concrete aliases of a config's `Host` lines (no wildcard, no negation), with
    /// ssh's quoting (`Host "with space"` is one pattern), the `Include` patterns, and the
    /// first `Match exec` (which `ssh -G` would run while reading the file).
    public static func scan(_ text: String) -> (aliases: [String], includes: [String], exec: String?) {
        var aliases: [String] = []
        var includes: [String] = []
        var exec: String?
        for raw in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            let (keyword, value) = split(String(raw))
            switch keyword {
            case "host":
                aliases += words(value).filter { p in !p.contains(where: { "*?!".contains($0) }) }
            case "include":
                includes += words(value)
            case "match":
                if exec == nil, words(value).contains(where: { $0.lowercased() == "exec" }) { exec = value }
            default:
                break
            }
        }
        var seen = Set<String>()
        return (aliases.filter { seen.insert($0).inserted }, includes, exec)
    }

    /// What `ssh -G` printed: lowercase keywords, each with its values in order.
    public struct Resolved: Sendable {
        var values: [String: [String]] = [:]

        public init(output: String) {
            for line in output.split(whereSeparator: \.isNewline) {
                let (keyword, value) = SSHConfig.split(String(line))
                if !keyword.isEmpty { values[keyword, default: []].append(value) }
            }
        }

        public subscript(_ keyword: String) -> String? { values[keyword]?.first }
        public func all(_ keyword: String) -> [String] { values[keyword] ?? [] }
    }

    /// Who runs the import: the values `%d`, `%u` and `%l` stand for.
    public struct Local: Sendable {
        public var home: String
        public var user: String
        public var hostName: String

        public init(home: String, user: String, hostName: String) {
            self.home = home
            self.user = user
            self.hostName = hostName
        }
    }

    /// The profile for `alias` from `ssh -G` with the config (`resolved`) and without it
    /// (`defaults`): only what the config set is kept, so a profile does not pin the
    /// importing user's name or ssh's list of default keys.
    public static func profile(
        alias: String, resolved: Resolved, defaults: Resolved, local: Local, source: String
    ) -> Result<Profile, ProfileProblems> {
        let source = "\(source) (Host \(alias))"
        if let value = resolved["proxycommand"], value != "none" {
            return .failure(
                ProfileProblems(
                    source: source,
                    problems: [
                        .init(
                            key: "proxycommand",
                            message:
                                "ProxyCommand \(value) is not imported (a profile runs no local command to connect); `voicesh connect \(alias)` reads it from ssh_config"
                        )
                    ]))
        }
        let host = resolved["hostname"] ?? alias
        var entries: [ProfileEntry] = [
            .init(key: "name", value: .string(alias)), .init(key: "host", value: .string(host)),
        ]
        let port = resolved["port"] ?? "22"
        if port != "22" {
            entries.append(.init(key: "port", value: Int(port).map(ConfigValue.integer) ?? .string(port)))
        }
        let user = resolved["user"]
        if let user, user != defaults["user"] { entries.append(.init(key: "user", value: .string(user))) }
        let identities = resolved.all("identityfile")
        if identities != defaults.all("identityfile"), let identity = identities.first {
            let tokens: [Character: String] = [
                "%": "%", "d": local.home, "u": local.user, "l": local.hostName,
                "L": String(local.hostName.prefix { $0 != "." }), "h": host, "n": alias, "p": port,
                "r": user ?? local.user,
            ]
            switch expand(identity, tokens) {
            case .success(let path): entries.append(.init(key: "identity", value: .string(path)))
            case .failure(let token):
                return .failure(
                    ProfileProblems(
                        source: source,
                        problems: [
                            .init(
                                key: "identity",
                                message:
                                    "IdentityFile \(identity) uses %\(token), which voicesh cannot fill in; write the path out"
                            )
                        ]))
            }
        }
        if let jump = resolved["proxyjump"], jump != "none" { entries.append(.init(key: "jump", value: .string(jump))) }
        if resolved["forwardagent"] == "yes" { entries.append(.init(key: "forward_agent", value: .boolean(true))) }
        return Profile.build(from: entries, source: source)
    }

    /// `%d`, `%u`, `%r`, `%h`… replaced as ssh_config(5) TOKENS says; another token fails.
    static func expand(_ text: String, _ tokens: [Character: String]) -> Result<String, UnknownTokenError> {
        var out = ""
        var chars = text.makeIterator()
        while let c = chars.next() {
            guard c == "%" else {
                out.append(c)
                continue
            }
            guard let t = chars.next() else { return .failure(UnknownTokenError(token: "%")) }
            guard let value = tokens[t] else { return .failure(UnknownTokenError(token: t)) }
            out += value
        }
        return .success(out)
    }

    public struct UnknownTokenError: Error, CustomStringConvertible {
        public let token: Character
        public var description: String { String(token) }
    }

    /// `Keyword value`, `Keyword=value` or `Keyword = "value"`; comments and blanks give "".
    public static func split(_ line: String) -> (String, String) {
        let trimmed = line.drop(while: \.isWhitespace)
        guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { return ("", "") }
        let keyword = trimmed.prefix { !$0.isWhitespace && $0 != "=" }
        var rest = trimmed.dropFirst(keyword.count).drop(while: \.isWhitespace)
        if rest.hasPrefix("=") { rest = rest.dropFirst().drop(while: \.isWhitespace) }
        let value = String(rest.reversed().drop(while: \.isWhitespace).reversed())
        return (keyword.lowercased(), value)
    }

    /// A value's words as ssh splits them: double quotes group, and do not stay.
    static func words(_ value: String) -> [String] {
        var words: [String] = []
        var word = ""
        var quoted = false
        var inWord = false
        for c in value {
            if c == "\"" {
                quoted.toggle()
                inWord = true
            } else if c.isWhitespace, !quoted {
                if inWord { words.append(word) }
                word = ""
                inWord = false
            } else {
                word.append(c)
                inWord = true
            }
        }
        if inWord { words.append(word) }
        return words
    }
}
