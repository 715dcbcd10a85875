import ArgumentParser
import VoiceshCore
import VoiceshSession

struct ConfigUnset: VoiceshCommand {
    static let configuration = CommandConfiguration(
        commandName: "unset", abstract: "Remove a key from config.toml: profiles then use the built-in value.")

    @OptionGroup var key: ConfigKey

    func run(_ context: AppContext) throws {
        let key = key.dotted
        _ = try Config.kind(of: key)
        try ConfigFile(context: context).edit([(key, nil)])
    }
}
