import SharedStore
import Store
import VoiceshCore

/// `voicesh store copy`: profiles and history from the local store into a shared one, or back.
/// Both ways are idempotent: rows go by uid, profiles only where their name is free.
package enum StoreCopier {
    /// Profiles the shared store lacks, then every history row by uid; the rows count as sent
    /// when this is the store this machine sends to (or none is set yet).
    package static func copy(from local: AppDatabase, to shared: SharedDatabase, marking: Bool, console: Console) throws
    {
        let profiles = try local.profiles()
        let added = try shared.addProfiles(profiles)
        let progress = ProgressLine(console: console)
        defer { progress.clear() }
        let count = try local.dictationCount()
        var rows = (added: 0, updated: 0, total: 0)
        var after: Int64 = 0
        while true {
            progress.show("store copy: history rows", done: rows.total, of: count)
            let page = try local.dictationPage(after: after, limit: 1000)
            guard let last = page.last?.dictation.id else { break }
            let taken = try shared.takeDictations(page)
            if marking { try local.markShared(page) }
            rows = (rows.added + taken.added, rows.updated + taken.updated, rows.total + page.count)
            after = last
        }
        progress.clear()
        console.error(
            "copied to \(shared.server): \(added) of \(profiles.count) profiles (\(profiles.count - added) already there), "
                + "\(rows.added) of \(rows.total) history rows (\(rows.total - rows.added) already there)")
    }

    /// Profiles this machine lacks (one that runs a local command only when allowed here),
    /// then every shared history row this machine does not have.
    package static func copy(from shared: SharedDatabase, to local: AppDatabase, console: Console) throws {
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
        let progress = ProgressLine(console: console)
        defer { progress.clear() }
        let count = try shared.dictationCount()
        var rows = (added: 0, total: 0)
        var after: Int64?
        while true {
            progress.show("store copy: history rows", done: rows.total, of: count)
            let page = try shared.allDictations(after: after, limit: 1000)
            guard let last = page.last else { break }
            rows = (rows.added + (try local.addSharedDictations(page.rows)), rows.total + page.rows.count)
            after = last
        }
        progress.clear()
        console.error(
            "copied from \(shared.server): \(added) of \(profiles.count) profiles (\(profiles.count - added - refused.count) already here), "
                + "\(rows.added) of \(rows.total) history rows (\(rows.total - rows.added) already here)")
        for name in refused {
            console.error(
                "voicesh: profile \"\(name)\" runs a local command and was not copied; allow it with: voicesh profile import --allow-command FILE"
            )
        }
    }
}
