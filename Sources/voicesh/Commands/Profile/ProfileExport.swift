import ArgumentParser

struct ProfileExport: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "Print a profile as TOML, for `profile import`.")

    @OptionGroup var profile: ProfileName

    func run() throws {
        Console.write(try AppContext.live().openStore().profile(named: profile.name).tomlText)
    }
}
