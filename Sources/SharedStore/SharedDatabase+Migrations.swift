import Foundation
import PostgresNIO
import VoiceshCore

/// The shared store's schema: the same named migrations as the local file's
/// (`AppDatabase+Migrations`), in the same order, with PostgreSQL's SQL. A shipped migration is
/// never edited; a test checks the two lists name the same migrations. What stays on one
/// machine (recordings, allowed commands) has no table here: those migrations do nothing.
extension SharedDatabase {
    static let migrations: [(name: String, sql: [String])] = [
        (
            "v1",
            [
                """
                CREATE TABLE profile (
                    id bigserial PRIMARY KEY, name text NOT NULL UNIQUE, host text NOT NULL, port integer NOT NULL,
                    "user" text, identity text, knownHosts text, keepalive integer NOT NULL, toggleKey text NOT NULL,
                    send text NOT NULL, history text NOT NULL, production boolean NOT NULL, audioDevice text,
                    engine jsonb NOT NULL, fallback jsonb, createdAt timestamptz NOT NULL,
                    updatedAt timestamptz NOT NULL)
                """,
                // The profile's name, not a foreign key: history outlives a deleted profile.
                """
                CREATE TABLE dictation (
                    id bigserial PRIMARY KEY, profile text NOT NULL, engine text NOT NULL, fallbackEngine text,
                    startedAt timestamptz NOT NULL, audioSeconds double precision NOT NULL, latencyMs integer,
                    rawText text NOT NULL, finalText text NOT NULL, outcome text NOT NULL, error text,
                    confidence double precision)
                """,
                "CREATE INDEX dictation_on_startedAt ON dictation (startedAt)",
                "CREATE INDEX dictation_on_profile_startedAt ON dictation (profile, startedAt)",
                // Where SQLite has FTS5: a generated tsvector with a GIN index. The `simple`
                // configuration, as unicode61: words as written, no stemming, no stop words.
                """
                ALTER TABLE dictation ADD COLUMN search tsvector
                    GENERATED ALWAYS AS (to_tsvector('simple', rawText || ' ' || finalText)) STORED
                """,
                "CREATE INDEX dictation_search ON dictation USING gin (search)",
            ]
        ),
        ("v2-profile-aliases", ["ALTER TABLE profile ADD COLUMN aliases jsonb NOT NULL DEFAULT '{}'"]),
        // Allowed local commands are decided on each machine: no shared table.
        ("v3-allowed-commands", []),
        ("v4-profile-auto-stop", ["ALTER TABLE profile ADD COLUMN autoStop double precision NOT NULL DEFAULT 0"]),
        ("v5-profile-learn", ["ALTER TABLE profile ADD COLUMN learn text"]),
        ("v6-profile-pinned", ["ALTER TABLE profile ADD COLUMN pinned jsonb NOT NULL DEFAULT '[]'"]),
        (
            "v7-shared-store-row-ids",
            [
                "ALTER TABLE dictation ADD COLUMN uid uuid NOT NULL DEFAULT gen_random_uuid()",
                "ALTER TABLE dictation ADD COLUMN revision integer NOT NULL DEFAULT 0",
                "CREATE UNIQUE INDEX dictation_on_uid ON dictation (uid)",
            ]
        ),
        ("v8-profile-context", ["ALTER TABLE profile ADD COLUMN context text NOT NULL DEFAULT 'local'"]),
        ("v9-dictation-words", ["ALTER TABLE dictation ADD COLUMN words jsonb"]),
        (
            "v10-dictation-reading",
            ["ALTER TABLE dictation ADD COLUMN reading integer", "ALTER TABLE dictation ADD COLUMN readings integer"]
        ),
        // Profile keys added after v10, as they shipped (once derived from the registry).
        ("profile-column-jump", ["ALTER TABLE profile ADD COLUMN jump text"]),
        ("profile-column-forwardAgent", ["ALTER TABLE profile ADD COLUMN forwardAgent boolean NOT NULL DEFAULT false"]),
        ("profile-column-handsFree", ["ALTER TABLE profile ADD COLUMN handsFree boolean NOT NULL DEFAULT false"]),
        ("profile-column-intentKey", [#"ALTER TABLE profile ADD COLUMN intentKey text NOT NULL DEFAULT 'ctrl-\'"#]),
        ("v11-dictation-intent", ["ALTER TABLE dictation ADD COLUMN intent jsonb"]),
        ("v12-profile-intent", ["ALTER TABLE profile ADD COLUMN intent jsonb NOT NULL DEFAULT '{}'"]),
        // What this machine allowed stays on it (as v3's commands do).
        ("v13-allowed-keys", []),
        // Which local rows are copies of the shared store's is the local store's own note.
        ("v14-profile-shared-copy", []),
    ]

    /// The migrations' names, in order.
    public static var migrationNames: [String] { migrations.map(\.name) }

    /// Applies the missing migrations in one transaction under an advisory lock, so machines
    /// that open the store at once migrate it once; a store migrated by a newer voicesh is
    /// left alone.
    func migrate() throws(StoreError) {
        let server = address.description
        try transaction { [logger] connection in
            // An arbitrary constant: voicesh's lock, held until the transaction ends.
            try await connection.query("SELECT pg_advisory_xact_lock(7307360572160114536)", logger: logger)
            try await connection.query(
                """
                CREATE TABLE IF NOT EXISTS voicesh_migrations (
                    name text PRIMARY KEY, appliedAt timestamptz NOT NULL DEFAULT now())
                """, logger: logger)
            var applied = Set<String>()
            for try await name in try await connection.query("SELECT name FROM voicesh_migrations", logger: logger)
                .decode(String.self)
            {
                applied.insert(name)
            }
            if !applied.isSubset(of: Set(Self.migrationNames)) { throw StoreError.newerSchema(path: server) }
            for migration in Self.migrations where !applied.contains(migration.name) {
                for statement in migration.sql {
                    try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                }
                try await connection.query(
                    "INSERT INTO voicesh_migrations (name) VALUES (\(migration.name))", logger: logger)
            }
        }
    }
}
