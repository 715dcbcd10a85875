import ArgumentParser
import SharedStore
import Store
import VoiceshCore
import VoiceshSession

struct HistoryRemove: VoiceshCommand {
    static let configuration = CommandConfiguration(
        commandName: "rm", abstract: "Delete dictations (and their recordings).")

    @Argument(help: "The dictations' ids.")
    var ids: [Int64]

    func run(_ context: AppContext) throws {
        let database = try context.openDatabase()
        // With a shared store, its copies go first: a row removed here could not be found there later.
        if let address = context.sharedAddress {
            let uids = try ids.compactMap { id throws(StoreError) in try database.dictation(id: id).uid }
            let shared = try SharedDatabase.open(address)
            defer { shared.close() }
            try shared.deleteDictations(uids: uids)
        }
        for id in ids { try database.deleteDictation(id: id) }
        context.console.error("deleted \(ids.count) dictation\(ids.count == 1 ? "" : "s")")
    }
}
