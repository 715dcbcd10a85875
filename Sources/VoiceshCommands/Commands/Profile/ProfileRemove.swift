import ArgumentParser
import VoiceshSession

struct ProfileRemove: VoiceshCommand {
    static let configuration = CommandConfiguration(
        commandName: "rm", abstract: "Remove profiles (their history stays until `history clear`).")

    @Argument(help: "The profiles to remove.", completion: Completions.profileNames)
    var names: [String]

    func run(_ context: AppContext) throws {
        let database = try context.openStore()
        for name in names {
            try database.deleteProfile(name)
            context.console.error("removed profile \"\(name)\"")
        }
    }
}
