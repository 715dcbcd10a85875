import Foundation
import GRDB
import VoiceshCore

/// What the local file keeps for a shared store: the outbox of history rows not yet sent, and
/// the read-through copy of the shared profiles for when the shared store cannot be reached.
extension AppDatabase: VoiceshStore {
    /// Saves several profiles in one transaction, as `importProfiles` without allowing commands.
    public func saveProfiles(_ profiles: [Profile], replace: Bool) throws(StoreError) {
        try importProfiles(profiles, replace: replace)
    }

    /// Rows the shared store has not taken in their latest revision, oldest first.
    public func pendingDictations(limit: Int = 500) throws(StoreError) -> [PendingDictation] {
        try read { db in
            try DictationRecord.fetchAll(
                db,
                sql: """
                    SELECT * FROM dictation WHERE sharedRevision IS NULL OR sharedRevision < revision
                    ORDER BY id LIMIT ?
                    """, arguments: [limit]
            ).map { PendingDictation(dictation: $0.dictation(hasAudio: false), revision: $0.revision) }
        }
    }

    /// Every row after `id`, oldest first, a page at a time (`store copy --to`).
    public func dictationPage(after id: Int64, limit: Int) throws(StoreError) -> [PendingDictation] {
        try read { db in
            try DictationRecord.fetchAll(
                db, sql: "SELECT * FROM dictation WHERE id > ? ORDER BY id LIMIT ?", arguments: [id, limit]
            ).map { PendingDictation(dictation: $0.dictation(hasAudio: false), revision: $0.revision) }
        }
    }

    public func pendingDictationCount() throws(StoreError) -> Int {
        try read { db in
            try Int.fetchOne(
                db, sql: "SELECT count(*) FROM dictation WHERE sharedRevision IS NULL OR sharedRevision < revision")
                ?? 0
        }
    }

    /// Records that the shared store took these revisions; a row changed since stays pending.
    public func markShared(_ rows: [PendingDictation]) throws(StoreError) {
        try write { db in
            for row in rows {
                guard let uid = row.dictation.uid else { continue }
                try db.execute(
                    sql: """
                        UPDATE dictation SET sharedRevision = ?1
                        WHERE uid = ?2 AND (sharedRevision IS NULL OR sharedRevision < ?1)
                        """, arguments: [row.revision, uid.uuidString.lowercased()])
            }
        }
    }

    /// Adds rows that came from a shared store (`store copy --from`), skipping uids already
    /// here; they count as shared. Returns how many were added.
    @discardableResult
    public func addSharedDictations(_ rows: [PendingDictation]) throws(StoreError) -> Int {
        try write { db in
            var added = 0
            for row in rows where row.dictation.uid != nil {
                let record = DictationRecord(row.dictation, revision: row.revision)
                try db.execute(
                    sql: """
                        INSERT INTO dictation (profile, engine, fallbackEngine, startedAt, audioSeconds, latencyMs,
                            rawText, finalText, outcome, error, confidence, uid, revision, sharedRevision, words,
                            reading, readings, intent)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (uid) DO NOTHING
                        """,
                    arguments: [
                        record.profile, record.engine, record.fallbackEngine, record.startedAt, record.audioSeconds,
                        record.latencyMs, record.rawText, record.finalText, record.outcome, record.error,
                        record.confidence, record.uid, record.revision, record.revision, record.words,
                        record.reading, record.readings, record.intent,
                    ])
                added += db.changesCount
            }
            return added
        }
    }

    /// The local ids of rows known by uid: a shared row made on this machine shows its local
    /// id, which `history show`, `play` and `retry` take.
    public func localIds(of uids: [UUID]) throws(StoreError) -> [UUID: Int64] {
        guard !uids.isEmpty else { return [:] }
        let keys = uids.map { $0.uuidString.lowercased() }
        return try read { db in
            var found: [UUID: Int64] = [:]
            let marks = Array(repeating: "?", count: keys.count).joined(separator: ",")
            for row in try Row.fetchAll(
                db, sql: "SELECT id, uid FROM dictation WHERE uid IN (\(marks))",
                arguments: StatementArguments(keys))
            {
                if let uid = UUID(uuidString: row["uid"]) { found[uid] = row["id"] }
            }
            return found
        }
    }

    /// Makes the local copies of the shared profiles follow them (a read-through copy for
    /// offline use): a copy the shared store no longer has goes, a changed one is written. A
    /// profile made on this machine is never deleted or overwritten by it (the first time a
    /// machine is pointed at a shared store, its own profiles are still its own); one that is
    /// the same as the shared profile of its name becomes its copy. Returns the names of this
    /// machine's own profiles the shared store does not have. Writes only what differs.
    @discardableResult
    public func replaceProfiles(with profiles: [Profile]) throws(StoreError) -> [String] {
        let (local, copies) = try read { db in
            (
                try ProfileRecord.fetchAll(db),
                Set(try String.fetchAll(db, sql: "SELECT name FROM profile WHERE sharedCopy"))
            )
        }
        let byName = Dictionary(local.map { ($0.name, $0.profile) }, uniquingKeysWith: { first, _ in first })
        let wanted = Set(profiles.map(\.name))
        let own = local.map(\.name).filter { !copies.contains($0) }
        let stale = local.map(\.name).filter { !wanted.contains($0) && copies.contains($0) }
        let changed = profiles.filter { byName[$0.name] == nil || (copies.contains($0.name) && byName[$0.name] != $0) }
        let adopted = profiles.filter { !copies.contains($0.name) && byName[$0.name] == $0 }
        if !stale.isEmpty || !changed.isEmpty || !adopted.isEmpty {
            try write { db in
                for name in stale { try db.execute(sql: "DELETE FROM profile WHERE name = ?", arguments: [name]) }
                for profile in changed + adopted { try Self.copy(profile, in: db) }
            }
        }
        return own.filter { name in !wanted.contains(name) }.sorted()
    }

    /// Refreshes one profile's local copy. `overwritingOwn`: a profile of this machine's of the
    /// same name is replaced too (the user saved this one to the shared store); else it stays.
    public func copyProfile(_ profile: Profile, overwritingOwn: Bool = true) throws(StoreError) {
        try write { db in
            let own = try Bool.fetchOne(
                db, sql: "SELECT NOT sharedCopy FROM profile WHERE name = ?", arguments: [profile.name])
            if own == true, !overwritingOwn { return }
            try Self.copy(profile, in: db)
        }
    }

    /// Writes `profile` as the shared store's copy.
    private static func copy(_ profile: Profile, in db: Database) throws {
        let now = Date()
        if let existing = try ProfileRecord.filter(ProfileRecord.Columns.name == profile.name).fetchOne(db) {
            if existing.profile != profile {
                try ProfileRecord(profile, id: existing.id, createdAt: existing.createdAt, updatedAt: now).update(db)
            }
        } else {
            var record = ProfileRecord(profile, createdAt: now, updatedAt: now)
            try record.insert(db)
        }
        try db.execute(sql: "UPDATE profile SET sharedCopy = 1 WHERE name = ?", arguments: [profile.name])
    }
}
