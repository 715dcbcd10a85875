import ArgumentParser
import VoiceshCore

struct ProfileShow: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Show one profile (in its TOML form).")

    @OptionGroup var profile: ProfileName

    @Flag(help: "Print JSON.")
    var json = false

    func run() throws {
        try run(.live())
    }

    func run(_ context: AppContext) throws {
        let found = try context.openStore().profile(named: profile.name)
        if json { return try Console.json(found) }
        Console.print("# \(found.destination(localUser: context.localUser))")
        Console.print(found.tomlText)  // cleaned for the screen; `profile export` gives the file as it is
    }
}
