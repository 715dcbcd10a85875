import ArgumentParser

struct ProfileRemove: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rm", abstract: "Remove profiles (their history stays until `history clear`).")

    @Argument(help: "The profiles to remove.", completion: Completions.profileNames)
    var names: [String]

    func run() throws {
        let database = try AppContext.live().openStore()
        for name in names {
            try database.deleteProfile(name)
            Console.error("removed profile \"\(name)\"")
        }
    }
}
