import Foundation
import PostgresNIO
import VoiceshCore

/// The dictation history in the shared store: rows come from each machine's outbox, keyed by
/// their `uid`, so a row sent twice (a retry after a lost answer) is kept once. No recordings:
/// they stay on the machine that made them.
extension SharedDatabase {
    static let dictationColumns = """
        id, profile, engine, fallbackEngine, startedAt, audioSeconds, latencyMs, rawText, finalText, outcome,
        error, confidence, uid, revision, words::text, reading, readings, intent::text
        """

    public func dictations(profile: String? = nil, search: String? = nil, limit: Int = 50) throws(StoreError)
        -> [Dictation]
    {
        guard let search, !search.trimmingCharacters(in: .whitespaces).isEmpty else {
            return try rows(profile: profile, search: nil, limit: limit).map(\.dictation)
        }
        // The newest matches of a common word are among the newest rows, which the time index
        // gives at once; a word rare there is rare everywhere, and the GIN index finds its few
        // rows wherever they are. Neither alone is fast for both, and the planner picks one.
        let recent = try rows(profile: profile, search: search, limit: limit, window: Self.recentWindow)
        if recent.count == limit { return recent.map(\.dictation) }
        return try rows(profile: profile, search: search, limit: limit).map(\.dictation)
    }

    /// How many of the newest rows a search reads before it asks the full-text index alone.
    static let recentWindow = 20_000

    func rows(
        profile: String?, search: String?, limit: Int, afterId: Int64? = nil, oldestFirst: Bool = false,
        window: Int? = nil
    ) throws(StoreError) -> [PendingDictation] {
        var conditions: [String] = []
        var binds = PostgresBindings()
        var profileBind: Int?
        if let search, !search.trimmingCharacters(in: .whitespaces).isEmpty {
            guard let query = Self.prefixQuery(search) else { return [] }
            binds.append(query)
            conditions.append("search @@ to_tsquery('simple', $\(binds.count))")
        }
        if let profile {
            binds.append(profile)
            profileBind = binds.count
            conditions.append("profile = $\(binds.count)")
        }
        if let afterId {
            binds.append(Int(afterId))
            conditions.append("id > $\(binds.count)")
        }
        let order = oldestFirst ? "id" : "startedAt DESC, id DESC"
        var source = "dictation"
        if let window {
            // The newest rows (of the profile, when named), then the words among them.
            let scope = profileBind.map { " WHERE profile = $\($0)" } ?? ""
            binds.append(window)
            source = "(SELECT * FROM dictation\(scope) ORDER BY startedAt DESC, id DESC LIMIT $\(binds.count)) recent"
        } else if search != nil {
            // Every match through the GIN index (OFFSET 0 keeps the subquery whole), then
            // sorted: else the planner may walk the time index through every row for a rare word.
            source = "(SELECT * FROM dictation WHERE \(conditions.joined(separator: " AND ")) OFFSET 0) hits"
            conditions = []
        }
        binds.append(limit)
        let filter = conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
        let query = PostgresQuery(
            unsafeSQL:
                "SELECT \(Self.dictationColumns) FROM \(source)\(filter) ORDER BY \(order) LIMIT $\(binds.count)",
            binds: binds)
        return try run { [logger] connection in
            var rows: [PendingDictation] = []
            for try await row in try await connection.query(query, logger: logger) {
                rows.append(try Self.dictation(from: row))
            }
            return rows
        }
    }

    public func dictationCount(profile: String? = nil) throws(StoreError) -> Int {
        try run { [logger] connection in
            let query: PostgresQuery =
                profile.map { "SELECT count(*) FROM dictation WHERE profile = \($0)" }
                ?? "SELECT count(*) FROM dictation"
            for try await count in try await connection.query(query, logger: logger).decode(Int.self) { return count }
            return 0
        }
    }

    @discardableResult
    public func clearHistory(profile: String? = nil) throws(StoreError) -> Int {
        try run { [logger] connection in
            let query: PostgresQuery =
                profile.map { "DELETE FROM dictation WHERE profile = \($0) RETURNING id" }
                ?? "DELETE FROM dictation RETURNING id"
            return try await connection.query(query, logger: logger).collect().count
        }
    }

    /// Deletes the rows with these uids (`history rm` of this machine's rows); returns how many.
    @discardableResult
    public func deleteDictations(uids: [UUID]) throws(StoreError) -> Int {
        guard !uids.isEmpty else { return 0 }
        return try run { [logger] connection in
            var deleted = 0
            for uid in uids {
                deleted += try await connection.query(
                    "DELETE FROM dictation WHERE uid = \(uid) RETURNING id", logger: logger
                )
                .collect().count
            }
            return deleted
        }
    }

    /// Takes rows from a local outbox in one transaction: a new uid is inserted, a known one
    /// updated only by a later revision. Returns how many were new and how many updated.
    @discardableResult
    public func takeDictations(_ rows: [PendingDictation]) throws(StoreError) -> (added: Int, updated: Int) {
        guard !rows.isEmpty else { return (0, 0) }
        let queries = rows.compactMap(Self.upsert)
        return try transaction { [logger] connection in
            var added = 0
            var updated = 0
            for query in queries {
                for try await inserted in try await connection.query(query, logger: logger).decode(Bool.self) {
                    if inserted { added += 1 } else { updated += 1 }
                }
            }
            return (added, updated)
        }
    }

    /// Every row, oldest first, a page at a time (`store copy --from`).
    public func allDictations(after id: Int64?, limit: Int) throws(StoreError) -> (
        rows: [PendingDictation], last: Int64?
    ) {
        let page = try rows(profile: nil, search: nil, limit: limit, afterId: id ?? 0, oldestFirst: true)
        return (page, page.last?.dictation.id)
    }

    private static func upsert(_ row: PendingDictation) -> PostgresQuery? {
        let d = row.dictation
        guard let uid = d.uid else { return nil }
        var query = PostgresQuery(
            unsafeSQL: """
                INSERT INTO dictation (profile, engine, fallbackEngine, startedAt, audioSeconds, latencyMs, rawText,
                    finalText, outcome, error, confidence, uid, revision, words, reading, readings, intent)
                VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14::jsonb, $15, $16, $17::jsonb)
                ON CONFLICT (uid) DO UPDATE SET profile = EXCLUDED.profile, finalText = EXCLUDED.finalText,
                    rawText = EXCLUDED.rawText, outcome = EXCLUDED.outcome, error = EXCLUDED.error,
                    latencyMs = EXCLUDED.latencyMs, fallbackEngine = EXCLUDED.fallbackEngine,
                    confidence = EXCLUDED.confidence, revision = EXCLUDED.revision, words = EXCLUDED.words,
                    reading = EXCLUDED.reading, readings = EXCLUDED.readings, intent = EXCLUDED.intent
                    WHERE dictation.revision < EXCLUDED.revision
                RETURNING (xmax = 0)
                """)
        query.binds.append(d.profile)
        query.binds.append(d.engine)
        query.binds.append(d.fallbackEngine)
        query.binds.append(d.startedAt)
        query.binds.append(d.audioSeconds)
        query.binds.append(d.latencyMs)
        query.binds.append(UntrustedText.clean(d.rawText))
        query.binds.append(UntrustedText.clean(d.finalText))
        query.binds.append(d.outcome.rawValue)
        query.binds.append(d.error.map(UntrustedText.cleanLines))
        query.binds.append(d.confidence)
        query.binds.append(uid)
        query.binds.append(row.revision)
        query.binds.append(Self.encode(d.words))
        query.binds.append(d.reading)
        query.binds.append(d.readings)
        query.binds.append(d.intent?.stored)
        return query
    }

    static func dictation(from row: PostgresRow) throws -> PendingDictation {
        let cells = Array(row)
        let outcomeText = try cells[9].decode(String.self)
        var d = Dictation(
            id: Int64(try cells[0].decode(Int.self)), profile: try cells[1].decode(String.self),
            engine: try cells[2].decode(String.self), fallbackEngine: try cells[3].decode(String?.self),
            startedAt: try cells[4].decode(Date.self), audioSeconds: try cells[5].decode(Double.self),
            latencyMs: try cells[6].decode(Int?.self), rawText: try cells[7].decode(String.self),
            finalText: try cells[8].decode(String.self), outcome: Dictation.Outcome(rawValue: outcomeText) ?? .failed,
            error: try cells[10].decode(String?.self), confidence: try cells[11].decode(Double?.self))
        d.uid = try cells[12].decode(UUID.self)
        if let words = try cells[14].decode(String?.self) {
            d.words = (try? JSONDecoder().decode([TranscriptSegment.Word].self, from: Data(words.utf8))) ?? []
        }
        d.reading = try cells[15].decode(Int?.self)
        d.readings = try cells[16].decode(Int?.self)
        d.intent = IntentTake(stored: try cells[17].decode(String?.self))
        return PendingDictation(dictation: d, revision: try cells[13].decode(Int.self))
    }

    /// The words as stored: JSON, their text without escape sequences; null when none.
    static func encode(_ words: [TranscriptSegment.Word]) -> String? {
        guard !words.isEmpty else { return nil }
        let clean = words.map { TranscriptSegment.Word(UntrustedText.clean($0.text), confidence: $0.confidence) }
        return (try? JSONEncoder().encode(clean)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Every word of `text` as a prefix, all required: what FTS5's prefix pattern does locally.
    /// Only letters and digits reach the query, so nothing typed is tsquery syntax.
    static func prefixQuery(_ text: String) -> String? {
        let words = text.split { !$0.isLetter && !$0.isNumber }.map { $0.lowercased() + ":*" }
        return words.isEmpty ? nil : words.joined(separator: " & ")
    }
}
