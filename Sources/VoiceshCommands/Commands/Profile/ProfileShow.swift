import ArgumentParser
import VoiceshCore
import VoiceshSession

struct ProfileShow: VoiceshCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Show one profile (in its TOML form).",
        discussion: """
            Shows the keys the profile sets itself; --effective shows every key as a session uses it, each marked with where it comes from: the profile, ssh_config (the line), config.toml's [defaults], or the built-in value.
            """)

    @OptionGroup var profile: ProfileName

    @Flag(help: "Show every key's value in use and where it comes from.")
    var effective = false

    @Flag(help: "Print JSON.")
    var json = false

    func run(_ context: AppContext) throws {
        let found = try context.openStore().profile(named: profile.name)
        let defaults = try context.config().defaults
        let ssh = effective ? try Self.sshConfig(for: found, context: context) : []
        let used = defaults.applied(to: found.filling(from: ssh))
        if json, effective {
            return try context.console.json(
                used.keysWithValues.compactMap { key in
                    used.value(of: key).map {
                        let line = found.sshConfigSource(of: key, in: ssh)
                        return EffectiveKey(
                            key: key, value: $0, source: line == nil ? defaults.source(of: key, in: found) : .sshConfig,
                            line: line)
                    }
                })
        }
        if json { return try context.console.json(found) }
        context.console.print("# \(used.destination(localUser: context.localUser))")
        // Cleaned for the screen; `profile export` gives the file as it is.
        context.console.print(effective ? found.effectiveTOMLText(with: defaults, sshConfig: ssh) : found.tomlText)
    }

    /// What ~/.ssh/config and /etc/ssh/ssh_config give the profile's host, as `connect` reads them.
    static func sshConfig(for profile: Profile, context: AppContext) throws -> [SSHConfigEntry] {
        let files = try SSHConfigFiles(explicit: nil, context: context)
        let own = profile.ownKeys
        let options = try files.resolve(
            host: profile.host, user: profile.user, port: own.contains("port") ? profile.port : nil, commandLine: [])
        do throws(SSHConfigResolver.Problem) {
            return try options.profileEntries { path, keyword throws(SSHConfigResolver.Problem) in
                try files.resolver.expand(path, options: options, host: profile.host, keyword: keyword)
            }
        } catch {
            throw SSHConfigProblem.unusable(error)
        }
    }
}

/// One line of `profile show --effective --json`.
private struct EffectiveKey: Encodable {
    var key: String
    var value: ConfigValue
    var source: ProfileDefaults.Source
    /// The ssh_config line, for a value from there.
    var line: String?
}
