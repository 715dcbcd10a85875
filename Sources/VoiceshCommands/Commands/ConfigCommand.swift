import ArgumentParser
import VoiceshCore
import VoiceshSession

struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Show or change config.toml: the defaults every profile inherits, and the store.",
        discussion: """
            The file is $XDG_CONFIG_HOME/voicesh/config.toml (~/.config/voicesh/config.toml), or VOICESH_CONFIG. Keys: store; intent.url, intent.model, intent.api_key_env, intent.context, intent.timeout (where intent mode's model runs: an OpenAI-compatible endpoint, or the local model when intent.url is unset); and any profile key as defaults.KEY (send, toggle_key, engine.kind, engine.url, fallback.kind, aliases.PHRASE …); a bare profile key means defaults.KEY.
            """,
        subcommands: [ConfigShow.self, ConfigSet.self, ConfigUnset.self])
}

/// The key argument shared by `config set` and `config unset`.
struct ConfigKey: ParsableArguments {
    @Argument(help: "store, or a profile key (defaults.send, engine.url, …).")
    var key: String

    /// The key as the file spells it: `send` → `defaults.send`.
    var dotted: String { Self.dotted(key) }

    static func dotted(_ key: String) -> String {
        key == "store" || key.hasPrefix("defaults.") || key.hasPrefix(IntentSettings.table + ".")
            ? key : "defaults.\(key)"
    }
}
