import ArgumentParser
import SharedStore
import Store
import VoiceshCore

struct StoreCopy: ParsableCommand {
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

    func run() throws {
        let context = AppContext.live()
        guard case .shared(let address) = try StoreChoice.choose(url: to ?? from, environment: context.environment)
        else { throw ValidationError("give one of --to URL or --from URL") }
        if address.passwordInURL {
            Console.error("voicesh: the URL holds a password; it is used, never stored or shown; ~/.pgpass is safer")
        }
        let local = try context.openDatabase()
        let shared = try SharedDatabase.open(address)
        defer { shared.close() }
        if to != nil {
            try copy(from: local, to: shared, marking: [nil, address].contains(context.sharedAddress))
        } else {
            try copy(from: shared, to: local)
        }
    }

    /// Profiles the shared store lacks, then every history row by uid; the rows count as sent
    /// when this is the store this machine sends to (or none is set yet).
    private func copy(from local: AppDatabase, to shared: SharedDatabase, marking: Bool) throws {
        let profiles = try local.profiles()
        let added = try shared.addProfiles(profiles)
        var rows = (added: 0, updated: 0, total: 0)
        var after: Int64 = 0
        while true {
            let page = try local.dictationPage(after: after, limit: 1000)
            guard let last = page.last?.dictation.id else { break }
            let taken = try shared.takeDictations(page)
            if marking { try local.markShared(page) }
            rows = (rows.added + taken.added, rows.updated + taken.updated, rows.total + page.count)
            after = last
        }
        Console.error(
            "copied to \(shared.server): \(added) of \(profiles.count) profiles (\(profiles.count - added) already there), "
                + "\(rows.added) of \(rows.total) history rows (\(rows.total - rows.added) already there)")
    }

    /// Profiles this machine lacks (one that runs a local command only when allowed here),
    /// then every shared history row this machine does not have.
    private func copy(from shared: SharedDatabase, to local: AppDatabase) throws {
        let profiles = try shared.profiles()
        let allowed = try local.allowedCommands()
        var added = 0
        var refused: [String] = []
        for profile in profiles {
            if profile.localCommands.contains(where: { !allowed.contains($0) }) {
                refused.append(profile.name)
                continue
            }
            do {
                try local.saveProfile(profile)
                added += 1
            } catch {
                guard case .duplicateProfile = error else { throw error }
            }
        }
        var rows = (added: 0, total: 0)
        var after: Int64?
        while true {
            let page = try shared.allDictations(after: after, limit: 1000)
            guard let last = page.last else { break }
            rows = (rows.added + (try local.addSharedDictations(page.rows)), rows.total + page.rows.count)
            after = last
        }
        Console.error(
            "copied from \(shared.server): \(added) of \(profiles.count) profiles (\(profiles.count - added - refused.count) already here), "
                + "\(rows.added) of \(rows.total) history rows (\(rows.total - rows.added) already here)")
        for name in refused {
            Console.error(
                "voicesh: profile \"\(name)\" runs a local command and was not copied; allow it with: voicesh profile import --allow-command FILE"
            )
        }
    }
}
