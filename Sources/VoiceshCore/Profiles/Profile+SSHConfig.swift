/// One profile key's value from ssh_config or `-o`, and the line it came from.
public struct SSHConfigEntry: Equatable, Sendable {
    public var key: String
    public var value: ConfigValue
    /// `~/.ssh/config line 12`, or `-o`.
    public var source: String

    public var fromCommandLine: Bool { source == "-o" }
}

extension SSHOptions {
    /// The profile keys these options give, with their sources; the destination's own
    /// `user@` and `:port` are not among them (the ad-hoc profile has them already). Paths
    /// have `~` and tokens filled in by `expand`.
    public func profileEntries(expand: (String, String) throws(SSHConfigResolver.Problem) -> String)
        throws(SSHConfigResolver.Problem) -> [SSHConfigEntry]
    {
        var entries: [SSHConfigEntry] = []
        func add(_ key: String, _ keyword: String, _ value: ConfigValue?) {
            guard let value, let source = sources[keyword], source != "destination" else { return }
            entries.append(SSHConfigEntry(key: key, value: value, source: source))
        }
        if sources["hostname"] != nil { add("host", "hostname", hostName.map(ConfigValue.string)) }
        add("port", "port", port.map(ConfigValue.integer))
        add("user", "user", user.map(ConfigValue.string))
        if let first = identityFiles.first {
            add("identity", "identityfile", .string(try expand(first, "IdentityFile")))
        }
        add("known_hosts", "userknownhostsfile", userKnownHostsFiles?.first.map(ConfigValue.string))
        add("keepalive", "serveraliveinterval", serverAliveInterval.map(ConfigValue.integer))
        add("jump", "proxyjump", proxyJump.map(ConfigValue.string))
        add("forward_agent", "forwardagent", forwardAgent.map(ConfigValue.boolean))
        return entries
    }
}

extension Profile {
    /// The profile with each key it does not set itself taken from `entries` (ssh_config):
    /// pinned, so config.toml's `[defaults]` does not replace it. A value that does not fit
    /// a profile key is left out; validation reports what remains.
    public func filling(from entries: [SSHConfigEntry]) -> Profile {
        let own = ownKeys
        var filled = self
        for entry in entries where !own.contains(entry.key) && !entry.fromCommandLine {
            guard (try? filled.set(entry.key, to: entry.value)) != nil else { continue }
            filled.pinned.insert(entry.key)
        }
        return filled
    }

    /// The profile with the command line's `-o` values on top of everything.
    public func overriding(with entries: [SSHConfigEntry]) throws(ProfileProblem) -> Profile {
        var result = self
        for entry in entries where entry.fromCommandLine { try result.set(entry.key, to: entry.value) }
        return result
    }
}
