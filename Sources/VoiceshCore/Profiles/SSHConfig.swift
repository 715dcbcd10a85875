import Foundation

/// Reads an OpenSSH client config (`~/.ssh/config`) into profiles, the way `ssh` resolves
/// it: for each concrete `Host` alias, the first value of each keyword among the blocks
/// whose patterns match wins (ssh_config(5), "first obtained value").
public struct SSHConfig: Sendable {
    struct Block {
        var patterns: [String]
        var options: [(keyword: String, value: String)] = []
    }

    private var blocks: [Block] = []

    public init(text: String) {
        var current = Block(patterns: ["*"])  // options before the first Host apply to all
        var inMatch = false
        for raw in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            let (keyword, value) = Self.split(String(raw))
            guard !keyword.isEmpty else { continue }
            switch keyword {
            case "host":
                blocks.append(current)
                current = Block(patterns: Self.words(value))
                inMatch = false
            case "match":
                blocks.append(current)  // Match criteria are not evaluated; their options are skipped
                current = Block(patterns: [])
                inMatch = true
            default:
                if !inMatch { current.options.append((keyword, value)) }
            }
        }
        blocks.append(current)
    }

    /// The aliases that name one host: no wildcards, no negation.
    public var aliases: [String] {
        var seen = Set<String>()
        return blocks.flatMap(\.patterns).filter { p in
            !p.contains(where: { "*?!".contains($0) }) && seen.insert(p).inserted
        }
    }

    /// The first value of `keyword` that applies to `alias`.
    public func value(_ keyword: String, for alias: String) -> String? {
        for block in blocks where Self.matches(alias, block.patterns) {
            if let option = block.options.first(where: { $0.keyword == keyword }) { return option.value }
        }
        return nil
    }

    /// A profile for each alias (HostName, Port, User, IdentityFile), or the problems found.
    public func profiles(source: String) -> [(alias: String, result: Result<Profile, ProfileProblems>)] {
        aliases.map { alias in
            var entries = [ProfileEntry(key: "name", value: .string(alias))]
            let host = value("hostname", for: alias)?.replacingPercentH(with: alias) ?? alias
            entries.append(.init(key: "host", value: .string(host)))
            if let port = value("port", for: alias) {
                entries.append(.init(key: "port", value: Int(port).map(ConfigValue.integer) ?? .string(port)))
            }
            if let user = value("user", for: alias) { entries.append(.init(key: "user", value: .string(user))) }
            if let identity = value("identityfile", for: alias) {
                entries.append(.init(key: "identity", value: .string(identity)))
            }
            return (alias, Profile.build(from: entries, source: "\(source) (Host \(alias))"))
        }
    }

    static func matches(_ alias: String, _ patterns: [String]) -> Bool {
        var matched = false
        for pattern in patterns {
            if pattern.hasPrefix("!") {
                if glob(String(pattern.dropFirst()), alias) { return false }
            } else if glob(pattern, alias) {
                matched = true
            }
        }
        return matched
    }

    /// ssh_config's patterns: `*` any run of characters, `?` exactly one.
    static func glob(_ pattern: String, _ text: String) -> Bool {
        let p = Array(pattern.lowercased()), t = Array(text.lowercased())
        var pi = 0, ti = 0, star = -1, mark = 0
        while ti < t.count {
            if pi < p.count, p[pi] == "?" || p[pi] == t[ti] {
                pi += 1
                ti += 1
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

    /// `Keyword value`, `Keyword=value` or `Keyword = "value"`; comments and blanks give "".
    static func split(_ line: String) -> (String, String) {
        let trimmed = line.drop(while: \.isWhitespace)
        guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { return ("", "") }
        let keyword = trimmed.prefix { !$0.isWhitespace && $0 != "=" }
        var rest = trimmed.dropFirst(keyword.count).drop(while: \.isWhitespace)
        if rest.hasPrefix("=") { rest = rest.dropFirst().drop(while: \.isWhitespace) }
        var value = String(rest.reversed().drop(while: \.isWhitespace).reversed())
        if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
            value = String(value.dropFirst().dropLast())
        }
        return (keyword.lowercased(), value)
    }

    static func words(_ value: String) -> [String] {
        value.split(whereSeparator: \.isWhitespace).map { $0.replacingOccurrences(of: "\"", with: "") }
    }
}

extension String {
    fileprivate func replacingPercentH(with host: String) -> String {
        replacingOccurrences(of: "%h", with: host)
    }
}
