import ArgumentParser
import VoiceshSession

struct HistoryClear: VoiceshCommand {
    static let configuration = CommandConfiguration(
        commandName: "clear", abstract: "Delete the whole history, or one profile's.")

    @Option(help: "Only this profile's dictations.", completion: Completions.profileNames)
    var profile: String?

    @Flag(name: [.customShort("y"), .long], help: "Do not ask for confirmation.")
    var yes = false

    func run(_ context: AppContext) throws {
        let database = try context.openStore()
        let count = try database.dictationCount(profile: profile)
        guard count > 0 else { return context.console.error("nothing to clear") }
        let scope = profile.map { " of profile \"\($0)\"" } ?? ""
        guard yes || context.console.confirm("Delete \(count) dictation\(count == 1 ? "" : "s")\(scope)?") else {
            throw HistoryProblem.notCleared
        }
        let deleted = try database.clearHistory(profile: profile)
        context.console.error("deleted \(deleted) dictation\(deleted == 1 ? "" : "s")\(scope)")
    }
}
