import Foundation
import GRDB
import VoiceshCore

/// Profiles: saved, listed, renamed and removed by name.
extension AppDatabase {
    /// Saves a new profile; an existing one of the same name is replaced only when asked.
    public func saveProfile(_ profile: Profile, replace: Bool = false) throws(StoreError) {
        try write { db in try Self.save(profile, replace: replace, in: db) }
    }

    /// Saves several profiles in one transaction: all of them, or (on any error) none. Their
    /// local commands are recorded as allowed when `allowCommands` says the user allowed them.
    public func importProfiles(_ profiles: [Profile], replace: Bool = false, allowCommands: Bool = false)
        throws(StoreError)
    {
        try write { db in
            for profile in profiles { try Self.save(profile, replace: replace, in: db) }
            guard allowCommands else { return }
            for command in profiles.flatMap(\.localCommands) {
                try db.execute(
                    sql: "INSERT OR REPLACE INTO allowedCommand (command, allowedAt) VALUES (?, ?)",
                    arguments: [command, Date()])
            }
        }
    }

    /// Records local recogniser commands as allowed on this machine.
    public func allowCommands(_ commands: [String]) throws(StoreError) {
        try write { db in
            for command in commands {
                try db.execute(
                    sql: "INSERT OR REPLACE INTO allowedCommand (command, allowedAt) VALUES (?, ?)",
                    arguments: [command, Date()])
            }
        }
    }

    /// The local recogniser commands the user allowed on this machine.
    public func allowedCommands() throws(StoreError) -> Set<String> {
        Set(try read { db in try String.fetchAll(db, sql: "SELECT command FROM allowedCommand") })
    }

    /// Records key pairings (a variable and the endpoint its key goes to) as allowed on this machine.
    public func allowKeys(_ pairings: [KeyPairing]) throws(StoreError) {
        guard !pairings.isEmpty else { return }
        try write { db in
            for pairing in pairings {
                try db.execute(
                    sql: "INSERT OR REPLACE INTO allowedKey (variable, origin, allowedAt) VALUES (?, ?, ?)",
                    arguments: [pairing.variable, pairing.origin, Date()])
            }
        }
    }

    /// The key pairings the user allowed on this machine.
    public func allowedKeys() throws(StoreError) -> Set<KeyPairing> {
        let rows = try read { db in try Row.fetchAll(db, sql: "SELECT variable, origin FROM allowedKey") }
        return Set(rows.map { KeyPairing(variable: $0["variable"], origin: $0["origin"]) })
    }

    /// Replaces a stored profile with an edited copy (same name).
    public func updateProfile(_ profile: Profile) throws(StoreError) {
        try write { db in
            guard var record = try ProfileRecord.filter(ProfileRecord.Columns.name == profile.name).fetchOne(db) else {
                throw StoreError.profileNotFound(profile.name)
            }
            record = ProfileRecord(profile, id: record.id, createdAt: record.createdAt, updatedAt: Date())
            try record.update(db)
            try Self.mine(profile.name, in: db)
        }
    }

    public func profile(named name: String) throws(StoreError) -> Profile {
        let record = try read { db in try ProfileRecord.filter(ProfileRecord.Columns.name == name).fetchOne(db) }
        guard let record else { throw .profileNotFound(name) }
        return record.profile
    }

    /// All profiles, by name.
    public func profiles() throws(StoreError) -> [Profile] {
        try read { db in try ProfileRecord.order(ProfileRecord.Columns.name).fetchAll(db) }.map(\.profile)
    }

    /// Just the names, for shell completion: no JSON decoding.
    public func profileNames() throws(StoreError) -> [String] {
        try read { db in try String.fetchAll(db, sql: "SELECT name FROM profile ORDER BY name") }
    }

    /// Renames a profile; its history follows it.
    public func renameProfile(_ old: String, to new: String) throws(StoreError) {
        try write { db in
            guard try ProfileRecord.filter(ProfileRecord.Columns.name == old).fetchCount(db) == 1 else {
                throw StoreError.profileNotFound(old)
            }
            if try ProfileRecord.filter(ProfileRecord.Columns.name == new).fetchCount(db) > 0 {
                throw StoreError.duplicateProfile(new)
            }
            try db.execute(
                sql: "UPDATE profile SET name = ?, updatedAt = ? WHERE name = ?", arguments: [new, Date(), old])
            try db.execute(sql: "UPDATE dictation SET profile = ? WHERE profile = ?", arguments: [new, old])
        }
    }

    /// Removes a profile; its history stays until `history clear`.
    public func deleteProfile(_ name: String) throws(StoreError) {
        try write { db in
            guard try ProfileRecord.filter(ProfileRecord.Columns.name == name).deleteAll(db) == 1 else {
                throw StoreError.profileNotFound(name)
            }
        }
    }

    private static func save(_ profile: Profile, replace: Bool, in db: Database) throws {
        let now = Date()
        if let existing = try ProfileRecord.filter(ProfileRecord.Columns.name == profile.name).fetchOne(db) {
            guard replace else { throw StoreError.duplicateProfile(profile.name) }
            let record = ProfileRecord(profile, id: existing.id, createdAt: existing.createdAt, updatedAt: now)
            try record.update(db)
            try mine(profile.name, in: db)
        } else {
            var record = ProfileRecord(profile, createdAt: now, updatedAt: now)
            try record.insert(db)
        }
    }

    /// A profile saved or edited here is this machine's own, whatever it was copied from: a
    /// shared store pointed at later never deletes or overwrites it.
    private static func mine(_ name: String, in db: Database) throws {
        try db.execute(sql: "UPDATE profile SET sharedCopy = 0 WHERE name = ?", arguments: [name])
    }
}
