import ArgumentParser

struct HistoryRemove: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rm", abstract: "Delete dictations (and their recordings).")

    @Argument(help: "The dictations' ids.")
    var ids: [Int64]

    func run() throws {
        let database = try AppContext.live().openDatabase()
        for id in ids { try database.deleteDictation(id: id) }
        Console.error("deleted \(ids.count) dictation\(ids.count == 1 ? "" : "s")")
    }
}
