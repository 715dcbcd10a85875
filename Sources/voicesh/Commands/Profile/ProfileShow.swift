import ArgumentParser
import VoiceshCore
import VoiceshSession

struct ProfileShow: VoiceshCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Show one profile (in its TOML form).",
        discussion: """
            Shows the keys the profile sets itself; --effective shows every key as a session uses it, each marked with where it comes from: the profile, config.toml's [defaults], or the built-in value.
            """)

    @OptionGroup var profile: ProfileName

    @Flag(help: "Show every key's value in use and where it comes from.")
    var effective = false

    @Flag(help: "Print JSON.")
    var json = false

    func run(_ context: AppContext) throws {
        let found = try context.openStore().profile(named: profile.name)
        let defaults = try context.config().defaults
        let used = defaults.applied(to: found)
        if json, effective {
            return try Console.json(
                used.keysWithValues.compactMap { key in
                    used.value(of: key).map {
                        EffectiveKey(key: key, value: $0, source: defaults.source(of: key, in: found))
                    }
                })
        }
        if json { return try Console.json(found) }
        Console.print("# \(used.destination(localUser: context.localUser))")
        // Cleaned for the screen; `profile export` gives the file as it is.
        Console.print(effective ? found.effectiveTOMLText(with: defaults) : found.tomlText)
    }
}

/// One line of `profile show --effective --json`.
private struct EffectiveKey: Encodable {
    var key: String
    var value: ConfigValue
    var source: ProfileDefaults.Source
}
