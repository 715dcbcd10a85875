import Foundation
import GRDB
import VoiceshCore

/// The database file looked at without a byte of it, or of its directory, changed
/// (`voicesh doctor`): no file or directory made, no mode tightened, no migration, no -wal or
/// -shm file left behind.
extension AppDatabase {
    /// What the file holds and whether SQLite finds it whole.
    public struct Inspection: Equatable, Sendable {
        /// Migrations applied (`PRAGMA user_version`), and how many this build knows.
        public var version: Int
        public var known: Int
        public var profiles: Int
        public var dictations: Int
        /// A -wal file with changes in it was left unread (it has no -shm beside it, and
        /// reading it would make one): what the last writer left there is not counted.
        public var unreadWAL: Bool
    }

    /// The file at `path` looked at, or nil when there is none. One from a newer voicesh is
    /// `newerSchema`; one SQLite's `integrity_check` finds fault with is `damaged`; one that is
    /// no database at all is `corrupt`.
    public static func inspect(at path: String) throws(StoreError) -> Inspection? {
        guard let (database, unreadWAL) = try looking(at: path) else { return nil }
        let migrator = Self.migrator
        let verdict: String
        let counts: (version: Int, complete: Bool, profiles: Int, dictations: Int)
        do {
            verdict = try database.reader.read { db in
                // The first line names the database ("*** in database main ***"); the next says where.
                let lines = try String.fetchAll(db, sql: "PRAGMA integrity_check(2)")
                let said = lines.joined(separator: "\n").split(separator: "\n").filter { !$0.hasPrefix("***") }
                return said.first.map(String.init) ?? "no answer"
            }
            if verdict != "ok" { throw StoreError.damaged(path: path, detail: verdict) }
            counts = try database.reader.read { db in
                let complete = try migrator.hasCompletedMigrations(db)
                // An older file lacks tables the counts need: the next voicesh that writes migrates it.
                return (
                    try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0, complete,
                    complete ? try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM profile") ?? 0 : 0,
                    complete ? try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM dictation") ?? 0 : 0
                )
            }
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError(error, path: path, busyTimeout: 5)
        }
        return Inspection(
            version: counts.version, known: schemaVersion, profiles: counts.profiles, dictations: counts.dictations,
            unreadWAL: unreadWAL)
    }

    /// The file at `path` to read from only (nil: there is none): never migrated, every write
    /// refused. Opening it as `open` does would write: GRDB's pool makes its WAL, and even a
    /// read-only SQLite connection makes a missing -wal and -shm and writes its read marks into
    /// the -shm. So a file with both beside it is read through them with `readonly_shm` (SQLite
    /// then reads the WAL into memory of its own, writing nothing), and one without them as it
    /// stands (`immutable`).
    public static func reading(at path: String) throws(StoreError) -> AppDatabase? {
        try looking(at: path)?.database
    }

    private static func looking(at path: String) throws(StoreError) -> (database: AppDatabase, unreadWAL: Bool)? {
        let files = FileManager.default
        guard files.fileExists(atPath: path) else { return nil }
        guard access(path, R_OK) == 0 else {
            throw .sqlite(path: path, message: "cannot be read (\(String(cString: strerror(errno))))")
        }
        var config = Configuration()
        config.readonly = true
        config.busyMode = .timeout(5)
        let wal = (try? files.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? nil
        let throughWAL = wal != nil && files.fileExists(atPath: path + "-shm")
        let refusal = StoreError.cannotWrite(path: path, reason: "it was opened to be looked at only")
        let database = try AppDatabase(
            try DatabaseQueue(
                path: uri(path, throughWAL ? "mode=ro&readonly_shm=1" : "immutable=1"), configuration: config),
            path: path, busyTimeout: 5, writeRefusal: refusal, migrating: false)
        return (database, !throughWAL && (wal ?? 0) > 0)
    }

    /// The number of migrations this build knows (`PRAGMA user_version` of a current file).
    public static var knownSchemaVersion: Int { schemaVersion }
}
