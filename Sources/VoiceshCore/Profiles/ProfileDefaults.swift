/// The `[defaults]` of config.toml: what every profile, and every ad-hoc `user@host`, uses for
/// a key it does not set itself. Built-in values come last.
public struct ProfileDefaults: Equatable, Sendable {
    /// Dotted keys as a profile file has them: `send`, `engine.url`, `aliases.run the tests`.
    public var entries: [ProfileEntry]

    public init(entries: [ProfileEntry] = []) {
        self.entries = entries
    }

    /// Where an effective value comes from.
    public enum Source: String, Codable, Sendable {
        case profile, defaults
        case builtIn = "built-in"
        case sshConfig = "ssh_config"
    }

    /// Keys a default cannot give: they say which profile and which server it is.
    public static let profileOnlyKeys: Set<String> = ["name", "host"]

    /// The profile as it is used: each key it does not set taken from the defaults.
    public func applied(to profile: Profile) -> Profile {
        var effective = profile
        for entry in entries where source(of: entry.key, in: profile) == .defaults {
            // The entries were checked when the file was read; a key that no longer fits is skipped.
            try? effective.set(entry.key, to: entry.value)
        }
        effective.pinned = profile.pinned
        return effective
    }

    /// Where the value of `key` in `applied(to: profile)` comes from.
    public func source(of key: String, in profile: Profile) -> Source {
        if let table = Profile.engineTables.first(where: { key.hasPrefix($0 + ".") }), profile.ownsTable(table) {
            return profile.ownKeys.contains(key) ? .profile : .builtIn
        }
        if profile.ownKeys.contains(key) { return .profile }
        return entries.contains { $0.key == key } ? .defaults : .builtIn
    }

    /// The problems of the defaults themselves, as a profile made of them alone would have.
    public func validate() -> [ProfileProblem] {
        var problems: [ProfileProblem] = []
        var sample = Profile(name: "defaults", host: "localhost")
        for entry in entries {
            guard !Self.profileOnlyKeys.contains(entry.key) else {
                problems.append(
                    .init(key: entry.key, message: "belongs to a profile, not to [defaults]", line: entry.line))
                continue
            }
            do throws(ProfileProblem) {
                try sample.set(entry.key, to: entry.value)
            } catch {
                problems.append(.init(key: error.key, message: error.message, line: entry.line))
            }
        }
        let lines = Dictionary(entries.map { ($0.key, $0.line) }, uniquingKeysWith: { a, _ in a })
        problems += sample.validate().filter { p in !problems.contains { $0.key == p.key } }.map { p in
            var p = p
            p.line = lines[p.key] ?? nil
            return p
        }
        return problems
    }
}
