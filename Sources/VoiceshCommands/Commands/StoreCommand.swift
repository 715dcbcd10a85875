import ArgumentParser
import VoiceshSession

struct StoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "store",
        abstract: "Move profiles and history between this machine and a shared PostgreSQL store.",
        subcommands: [StoreCopy.self])
}
