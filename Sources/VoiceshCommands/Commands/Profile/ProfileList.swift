import ArgumentParser
import VoiceshCore
import VoiceshSession

struct ProfileList: VoiceshCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the saved profiles.")

    @Flag(help: "Print JSON.")
    var json = false

    func run(_ context: AppContext) throws {
        let defaults = try context.config().defaults
        let profiles = try context.openStore().profiles().map(defaults.applied)
        if json { return try context.console.json(profiles) }
        guard !profiles.isEmpty else {
            return context.console.error("no profiles yet; add one with: voicesh profile add NAME --host USER@HOST")
        }
        context.console.table(
            ["NAME", "DESTINATION", "ENGINE", "FALLBACK", "SEND", "HISTORY"],
            profiles.map { p in
                [
                    p.name, Destination(user: p.user, host: p.host, port: p.port).description, p.engine.label,
                    p.fallback?.label ?? "-", p.send.rawValue, p.history.rawValue,
                ]
            })
    }
}
