import ArgumentParser
import SharedStore
import Store
import VoiceshCore
import VoiceshSession

struct StoreCopy: VoiceshCommand {
    static let configuration = CommandConfiguration(
        commandName: "copy",
        abstract: "Copy this machine's profiles and history into a shared store, or back.",
        discussion: """
            Copies what the other side lacks and reports the counts; running it again copies nothing twice. Profiles of the same name are left as they are. Recordings and the learnt voice stay on this machine. Put the password in ~/.pgpass, not in the URL.
            """)

    @Option(help: "Copy the local store into the shared store at this postgresql:// URL.")
    var to: String?

    @Option(help: "Copy the shared store at this postgresql:// URL into the local store.")
    var from: String?

    func validate() throws {
        guard (to == nil) != (from == nil) else { throw ValidationError("give one of --to URL or --from URL") }
    }

    func run(_ context: AppContext) throws {
        guard
            case .shared(let address) = try StoreChoice.choose(
                url: to ?? from, environment: context.environment, console: context.console)
        else { throw ValidationError("give one of --to URL or --from URL") }
        if address.passwordInURL {
            context.console.error(
                "voicesh: the URL holds a password; it is used, never stored or shown; ~/.pgpass is safer")
        }
        let local = try context.openDatabase()
        let shared = try SharedDatabase.open(address)
        defer { shared.close() }
        if to != nil {
            try StoreCopier.copy(
                from: local, to: shared, marking: [nil, address].contains(context.sharedAddress),
                console: context.console)
        } else {
            try StoreCopier.copy(from: shared, to: local, console: context.console)
        }
    }
}
