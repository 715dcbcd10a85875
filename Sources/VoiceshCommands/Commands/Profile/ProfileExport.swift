import ArgumentParser
import VoiceshSession

struct ProfileExport: VoiceshCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "Print a profile as TOML, for `profile import`.")

    @OptionGroup var profile: ProfileName

    func run(_ context: AppContext) throws {
        context.console.write(try context.openStore().profile(named: profile.name).tomlText)
    }
}
