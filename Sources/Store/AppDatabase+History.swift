import Foundation
import GRDB
import VoiceshCore

/// The dictation history: appended by the dictation loop, searched with FTS5.
extension AppDatabase {
    /// Appends a dictation (and its recording, when given); returns its id.
    @discardableResult
    public func appendDictation(_ dictation: Dictation, audio: Data? = nil) throws(StoreError) -> Int64 {
        try write { db in
            var record = DictationRecord(dictation)
            record.id = nil
            try record.insert(db)
            guard let id = record.id else { throw StoreError.sqlite(path: path, message: "no row id after insert") }
            if let audio { try DictationAudioRecord(dictationId: id, wav: audio).insert(db) }
            return id
        }
    }

    /// Newest first; `search` matches words (and word prefixes) of the raw and final text.
    public func dictations(profile: String? = nil, search: String? = nil, limit: Int = 50) throws(StoreError)
        -> [Dictation]
    {
        var sql = """
            SELECT dictation.*, EXISTS(SELECT 1 FROM dictationAudio a WHERE a.dictationId = dictation.id) AS hasAudio
            FROM dictation
            """
        var arguments: StatementArguments = []
        var conditions: [String] = []
        if let search, !search.trimmingCharacters(in: .whitespaces).isEmpty {
            guard let pattern = FTS5Pattern(matchingAllPrefixesIn: search) else { return [] }
            sql += " JOIN dictationFts ON dictationFts.rowid = dictation.id"
            conditions.append("dictationFts MATCH ?")
            _ = arguments.append(contentsOf: [pattern])
        }
        if let profile {
            conditions.append("dictation.profile = ?")
            _ = arguments.append(contentsOf: [profile])
        }
        if !conditions.isEmpty { sql += " WHERE " + conditions.joined(separator: " AND ") }
        sql += " ORDER BY dictation.startedAt DESC, dictation.id DESC LIMIT ?"
        _ = arguments.append(contentsOf: [limit])
        let finalSQL = sql
        let finalArguments = arguments
        return try read { db in
            try Row.fetchAll(db, sql: finalSQL, arguments: finalArguments).map { row in
                try DictationRecord(row: row).dictation(hasAudio: row["hasAudio"])
            }
        }
    }

    public func dictation(id: Int64) throws(StoreError) -> Dictation {
        let found = try read { db -> Dictation? in
            guard let record = try DictationRecord.fetchOne(db, key: id) else { return nil }
            let hasAudio = try DictationAudioRecord.exists(db, key: id)
            return record.dictation(hasAudio: hasAudio)
        }
        guard let found else { throw .dictationNotFound(id) }
        return found
    }

    /// The kept recording (WAV bytes), or nil.
    public func audio(forDictation id: Int64) throws(StoreError) -> Data? {
        try read { db in try DictationAudioRecord.fetchOne(db, key: id)?.wav }
    }

    /// Records what became of a dictation (the user's choice, or a later retry's text);
    /// `dropAudio` lets its recording go in the same transaction (a retry that succeeded).
    public func updateDictation(_ dictation: Dictation, dropAudio: Bool = false) throws(StoreError) {
        guard let id = dictation.id else { return }
        try write { db in
            guard let stored = try DictationRecord.fetchOne(db, key: id) else { throw StoreError.dictationNotFound(id) }
            // The same uid, and a new revision for the shared store to take.
            var record = DictationRecord(dictation, revision: stored.revision + 1)
            record.uid = stored.uid
            try record.update(db)
            if dropAudio { try DictationAudioRecord.deleteOne(db, key: id) }
        }
    }

    public func deleteDictation(id: Int64) throws(StoreError) {
        try write { db in
            guard try DictationRecord.deleteOne(db, key: id) else { throw StoreError.dictationNotFound(id) }
        }
    }

    /// Deletes every dictation (of one profile, when named); returns how many.
    @discardableResult
    public func clearHistory(profile: String? = nil) throws(StoreError) -> Int {
        try write { db in
            if let profile {
                return try DictationRecord.filter(Column("profile") == profile).deleteAll(db)
            }
            return try DictationRecord.deleteAll(db)
        }
    }

    public func dictationCount(profile: String? = nil) throws(StoreError) -> Int {
        try read { db in
            if let profile { return try DictationRecord.filter(Column("profile") == profile).fetchCount(db) }
            return try DictationRecord.fetchCount(db)
        }
    }
}
