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
        guard let search, !search.trimmingCharacters(in: .whitespaces).isEmpty else {
            return try dictations(profile: profile, pattern: nil, limit: limit, window: nil)
        }
        guard let pattern = FTS5Pattern(matchingAllPrefixesIn: search) else { return [] }
        // Sorting every match by time is what a common word costs; its newest matches are
        // among the newest rows, so those are searched first. When they hold `limit` matches,
        // no older row can be newer than these; else the word is rare and all its rows are few.
        let recent = try dictations(profile: profile, pattern: pattern, limit: limit, window: Self.recentWindow)
        if recent.count == limit { return recent }
        return try dictations(profile: profile, pattern: pattern, limit: limit, window: nil)
    }

    /// How many of the newest rows a search reads before it sorts every match.
    static let recentWindow = 20_000

    private func dictations(profile: String?, pattern: FTS5Pattern?, limit: Int, window: Int?) throws(StoreError)
        -> [Dictation]
    {
        var arguments: StatementArguments = []
        var source = "dictation"
        if let window {
            source =
                "(SELECT * FROM dictation\(profile == nil ? "" : " WHERE profile = ?")"
                + " ORDER BY startedAt DESC, id DESC LIMIT ?) AS dictation"
            if let profile { _ = arguments.append(contentsOf: [profile]) }
            _ = arguments.append(contentsOf: [window])
        }
        var sql = """
            SELECT dictation.*, EXISTS(SELECT 1 FROM dictationAudio a WHERE a.dictationId = dictation.id) AS hasAudio
            FROM \(source)
            """
        var conditions: [String] = []
        if let pattern {
            if window == nil {
                sql += " JOIN dictationFts ON dictationFts.rowid = dictation.id"
                conditions.append("dictationFts MATCH ?")
            } else {
                // The matching ids as one set, checked against the few newest rows.
                conditions.append("dictation.id IN (SELECT rowid FROM dictationFts WHERE dictationFts MATCH ?)")
            }
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
