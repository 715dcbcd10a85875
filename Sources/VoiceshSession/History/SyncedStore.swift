import Foundation
import SharedStore
import Store
import VoiceshCore

/// A shared store with this machine's file beside it. Profiles are read from the shared store
/// and copied into the local file on every successful read, so `connect` works from the copy
/// when the shared store cannot be reached. History rows are always written locally first
/// (with their recordings, which never leave the machine) and sent by `Outbox`; history is
/// listed from the shared store, with this machine's ids for its own rows.
package final class SyncedStore: VoiceshStore {
    package let local: AppDatabase
    package let address: StoreAddress
    private let console: Console
    private var shared: SharedDatabase?
    private var offline: StoreError?

    package init(local: AppDatabase, address: StoreAddress, console: Console) {
        self.local = local
        self.address = address
        self.console = console
    }

    /// The shared database, connected on first use; nil (after one notice) when it cannot be
    /// reached. Other failures (a wrong password, an unknown database) are errors.
    private func connected(notice: Bool = true) throws(StoreError) -> SharedDatabase? {
        if let shared { return shared }
        if offline != nil { return nil }
        do {
            shared = try SharedDatabase.open(address)
            return shared
        } catch  where error.isOffline {
            offline = error
            if notice { console.error("voicesh: \(Failure.describe(error)); using this machine's copy") }
            return nil
        }
    }

    /// A change that must reach the shared store: refused (in one line) while it cannot be reached.
    private func online() throws(StoreError) -> SharedDatabase {
        guard let shared = try connected(notice: false) else {
            throw offline ?? .unreachable(server: address.description, reason: "")
        }
        return shared
    }

    /// Runs a read on the shared store, falling back to the local copy when it is unreachable
    /// (or stops answering) and refreshing that copy when it answers.
    private func read<T>(
        _ body: (SharedDatabase) throws(StoreError) -> T, local fallback: () throws(StoreError) -> T
    ) throws(StoreError) -> T {
        guard let shared = try connected() else { return try fallback() }
        do {
            return try body(shared)
        } catch  where error.isOffline {
            self.shared = nil
            offline = error
            console.error("voicesh: \(Failure.describe(error)); using this machine's copy")
            return try fallback()
        }
    }

    package func profiles() throws(StoreError) -> [Profile] {
        try read(
            { shared throws(StoreError) in
                let profiles = try shared.profiles()
                let own = try local.replaceProfiles(with: profiles)
                if !own.isEmpty {
                    console.error(
                        "voicesh: not in the shared store, kept on this machine only: \(own.joined(separator: ", ")) (voicesh store copy --to puts them there)"
                    )
                }
                return profiles
            }, local: { () throws(StoreError) in try local.profiles() })
    }

    package func profile(named name: String) throws(StoreError) -> Profile {
        try read(
            { shared throws(StoreError) in
                let profile = try shared.profile(named: name)
                try local.copyProfile(profile, overwritingOwn: false)
                return profile
            }, local: { () throws(StoreError) in try local.profile(named: name) })
    }

    package func profileNames() throws(StoreError) -> [String] {
        try read(
            { shared throws(StoreError) in try shared.profileNames() },
            local: { () throws(StoreError) in try local.profileNames() })
    }

    package func saveProfile(_ profile: Profile, replace: Bool) throws(StoreError) {
        try saveProfiles([profile], replace: replace)
    }

    package func saveProfiles(_ profiles: [Profile], replace: Bool) throws(StoreError) {
        try online().saveProfiles(profiles, replace: replace)
        for profile in profiles { try local.copyProfile(profile) }
    }

    package func updateProfile(_ profile: Profile) throws(StoreError) {
        try online().updateProfile(profile)
        try local.copyProfile(profile)
    }

    package func renameProfile(_ old: String, to new: String) throws(StoreError) {
        try online().renameProfile(old, to: new)
        try? local.renameProfile(old, to: new)
    }

    package func deleteProfile(_ name: String) throws(StoreError) {
        try online().deleteProfile(name)
        try? local.deleteProfile(name)
    }

    /// Sends what waits in the outbox first, so the list has this machine's latest rows.
    package func dictations(profile: String?, search: String?, limit: Int) throws(StoreError) -> [Dictation] {
        try read(
            { shared throws(StoreError) in
                try Outbox.send(from: local, to: shared)
                var rows = try shared.dictations(profile: profile, search: search, limit: limit)
                let ids = try local.localIds(of: rows.compactMap(\.uid))
                for index in rows.indices {
                    rows[index].id = rows[index].uid.flatMap { ids[$0] }
                }
                return rows
            }, local: { () throws(StoreError) in try local.dictations(profile: profile, search: search, limit: limit) })
    }

    package func dictationCount(profile: String?) throws(StoreError) -> Int {
        try read(
            { shared throws(StoreError) in
                try Outbox.send(from: local, to: shared)
                return try shared.dictationCount(profile: profile)
            }, local: { () throws(StoreError) in try local.dictationCount(profile: profile) })
    }

    /// Clears the shared history and this machine's rows (with their recordings).
    package func clearHistory(profile: String?) throws(StoreError) -> Int {
        let shared = try online()
        try Outbox.send(from: local, to: shared)
        let count = try shared.clearHistory(profile: profile)
        try local.clearHistory(profile: profile)
        return count
    }
}
