import GRDB
import VoiceshCore

/// The schema's history, each step written out once. A shipped migration is never edited and
/// never derived from today's code (a key's default, the registry's order): change the schema
/// by adding one. `ProfileColumnsTests` checks that the steps leave a column for every key.
extension AppDatabase {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.create(table: "profile") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("name", .text).notNull().unique()
                t.column("host", .text).notNull()
                t.column("port", .integer).notNull()
                t.column("user", .text)
                t.column("identity", .text)
                t.column("knownHosts", .text)
                t.column("keepalive", .integer).notNull()
                t.column("toggleKey", .text).notNull()
                t.column("send", .text).notNull()
                t.column("history", .text).notNull()
                t.column("production", .boolean).notNull()
                t.column("audioDevice", .text)
                t.column("engine", .jsonText).notNull()
                t.column("fallback", .jsonText)
                t.column("createdAt", .datetime).notNull()
                t.column("updatedAt", .datetime).notNull()
            }
            try db.create(table: "dictation") { t in
                t.autoIncrementedPrimaryKey("id")
                // The profile's name, not a foreign key: history outlives a deleted profile.
                t.column("profile", .text).notNull()
                t.column("engine", .text).notNull()
                t.column("fallbackEngine", .text)
                t.column("startedAt", .datetime).notNull().indexed()
                t.column("audioSeconds", .double).notNull()
                t.column("latencyMs", .integer)
                t.column("rawText", .text).notNull()
                t.column("finalText", .text).notNull()
                t.column("outcome", .text).notNull()
                t.column("error", .text)
                t.column("confidence", .double)
            }
            try db.create(index: "dictation_on_profile_startedAt", on: "dictation", columns: ["profile", "startedAt"])
            // Recordings apart from the rows, so listing history never reads audio.
            try db.create(table: "dictationAudio") { t in
                t.primaryKey("dictationId", .integer).references("dictation", onDelete: .cascade)
                t.column("wav", .blob).notNull()
            }
            try db.create(virtualTable: "dictationFts", using: FTS5()) { t in
                t.synchronize(withTable: "dictation")
                t.tokenizer = .unicode61()
                t.column("rawText")
                t.column("finalText")
            }
        }
        migrator.registerMigration("v2-profile-aliases") { db in
            try db.alter(table: "profile") { t in
                t.add(column: "aliases", .jsonText).notNull().defaults(to: "{}")
            }
        }
        migrator.registerMigration("v3-allowed-commands") { db in
            // Local recogniser commands the user allowed on this machine (`import --allow-command`).
            try db.create(table: "allowedCommand") { t in
                t.primaryKey("command", .text)
                t.column("allowedAt", .datetime).notNull()
            }
        }
        migrator.registerMigration("v4-profile-auto-stop") { db in
            try db.alter(table: "profile") { t in
                t.add(column: "autoStop", .double).notNull().defaults(to: 0)
            }
        }
        migrator.registerMigration("v5-profile-learn") { db in
            // Null: the default (on for edge engines), so existing profiles learn like new ones.
            try db.alter(table: "profile") { t in t.add(column: "learn", .text) }
        }
        migrator.registerMigration("v6-profile-pinned") { db in
            // Keys set on purpose to their built-in value, which config.toml's defaults must not
            // replace. Older profiles had no defaults to inherit: none of their keys is pinned.
            try db.alter(table: "profile") { t in
                t.add(column: "pinned", .jsonText).notNull().defaults(to: "[]")
            }
        }
        migrator.registerMigration("v7-shared-store-row-ids") { db in
            // A dictation's id across stores (`uid`, made with the row, kept through retries) and
            // what the shared store has of it: `revision` counts local changes, `sharedRevision`
            // is the one the shared store last took (null: never sent). See SyncedStore.
            try db.alter(table: "dictation") { t in
                t.add(column: "uid", .text)
                t.add(column: "revision", .integer).notNull().defaults(to: 0)
                t.add(column: "sharedRevision", .integer)
            }
            try db.execute(
                sql: """
                    UPDATE dictation SET uid = lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' ||
                        substr(hex(randomblob(2)), 2) || '-' || substr('89ab', 1 + (abs(random()) % 4), 1) ||
                        substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)))
                    """)
            try db.create(index: "dictation_on_uid", on: "dictation", columns: ["uid"], unique: true)
            // The outbox: found without reading every row (the condition is pendingDictations').
            try db.execute(
                sql: """
                    CREATE INDEX dictation_pending ON dictation (id)
                    WHERE sharedRevision IS NULL OR sharedRevision < revision
                    """)
        }
        migrator.registerMigration("v8-profile-context") { db in
            // Existing profiles get the default: context for engines on this machine only.
            try db.alter(table: "profile") { t in t.add(column: "context", .text).notNull().defaults(to: "local") }
        }
        migrator.registerMigration("v9-dictation-words") { db in
            // Each word with the engine's confidence in it (JSON); older rows have none.
            try db.alter(table: "dictation") { t in t.add(column: "words", .jsonText) }
        }
        migrator.registerMigration("v10-dictation-reading") { db in
            // Which reading of the take was taken (0: the engine's best; Tab) of how many; older rows: null.
            try db.alter(table: "dictation") { t in
                t.add(column: "reading", .integer)
                t.add(column: "readings", .integer)
            }
        }
        // Profile keys added after v10, a column each, written out as they shipped (they were
        // once derived from the key registry; a shipped step never changes with it).
        migrator.registerMigration("profile-column-jump") { db in
            try db.execute(sql: #"ALTER TABLE "profile" ADD COLUMN "jump" TEXT"#)
        }
        migrator.registerMigration("profile-column-forwardAgent") { db in
            try db.execute(sql: #"ALTER TABLE "profile" ADD COLUMN "forwardAgent" BOOLEAN NOT NULL DEFAULT 0"#)
        }
        migrator.registerMigration("profile-column-handsFree") { db in
            try db.execute(sql: #"ALTER TABLE "profile" ADD COLUMN "handsFree" BOOLEAN NOT NULL DEFAULT 0"#)
        }
        migrator.registerMigration("profile-column-intentKey") { db in
            try db.execute(sql: #"ALTER TABLE "profile" ADD COLUMN "intentKey" TEXT NOT NULL DEFAULT 'ctrl-\'"#)
        }
        migrator.registerMigration("v11-dictation-intent") { db in
            // An intent take's request, explanation, model and endpoint (JSON); dictations: null.
            try db.alter(table: "dictation") { t in t.add(column: "intent", .jsonText) }
        }
        migrator.registerMigration("v12-profile-intent") { db in
            // A profile's own `[intent]` keys (JSON); none: config.toml's alone.
            try db.alter(table: "profile") { t in t.add(column: "intent", .jsonText).notNull().defaults(to: "{}") }
        }
        migrator.registerMigration("v13-allowed-keys") { db in
            // Key variables and the endpoints the user allowed them to go to on this machine
            // (`import --allow-key`, or typed in `profile add`/`set`): `KeyPairing`.
            try db.create(table: "allowedKey") { t in
                t.column("variable", .text).notNull()
                t.column("origin", .text).notNull()
                t.column("allowedAt", .datetime).notNull()
                t.primaryKey(["variable", "origin"])
            }
        }
        migrator.registerMigration("v14-profile-shared-copy") { db in
            // A profile row copied from the shared store (it follows that store, and goes when
            // it does) rather than made on this machine (kept whatever the shared store says).
            try db.execute(sql: #"ALTER TABLE "profile" ADD COLUMN "sharedCopy" BOOLEAN NOT NULL DEFAULT 0"#)
        }
        return migrator
    }

    static func columnType(_ kind: ConfigValue.Kind) -> Database.ColumnType {
        switch kind {
        case .string: .text
        case .integer: .integer
        case .float: .double
        case .boolean: .boolean
        case .strings: .jsonText
        }
    }

    /// The migrations' names, in order: the shared store's list must match it.
    public static var migrationNames: [String] { migrator.migrations }
}
