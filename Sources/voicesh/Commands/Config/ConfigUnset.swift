import ArgumentParser
import VoiceshCore

struct ConfigUnset: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unset", abstract: "Remove a key from config.toml: profiles then use the built-in value.")

    @OptionGroup var key: ConfigKey

    func run() throws {
        let key = key.dotted
        _ = try Config.kind(of: key)
        try ConfigFile(context: .live()).edit([(key, nil)])
    }
}
