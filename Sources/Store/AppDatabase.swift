import Foundation
import GRDB
import VoiceshCore

/// The one database of profiles and dictation history.
///
/// Opening it migrates the schema; a file from a newer voicesh, a damaged file, or one held
/// by another process too long is refused with a `StoreError`, never changed or recreated.
/// A file damaged inside (a page overwritten) still reads, so its rows can be saved, but is
/// never written (`IntegrityCheck`).
public struct AppDatabase: Sendable {
    /// Read-only until the first write when the file was whole and current (`DatabaseConnection`).
    let connection: DatabaseConnection
    /// Where reads go: the read-only connection until the first write, then the pool.
    var reader: any DatabaseWriter { connection.reader }
    /// The file, or `:memory:`, for messages.
    let path: String
    /// Why the file was opened read-only (it may not be written, the disk is full): what every
    /// write then says, rather than SQLite's "attempt to write a readonly database".
    let writeRefusal: StoreError?
    /// Whether the file is whole, asked before the first write (`IntegrityCheck`).
    let integrity = IntegrityCheck()

    /// Opens (creating if needed) the database file: the directory 0700, the file 0600, WAL,
    /// and a busy timeout so two voicesh processes can share it.
    public static func open(at path: String, busyTimeout: Double = 5) throws(StoreError) -> AppDatabase {
        try FileSecurity.prepare(databaseAt: path)
        var config = Configuration()
        config.busyMode = .timeout(busyTimeout)
        config.foreignKeysEnabled = true
        if let reader = try current(at: path, busyTimeout: busyTimeout) {
            let poolConfig = config
            return try AppDatabase(
                reader, path: path, busyTimeout: busyTimeout,
                opener: { try DatabasePool(path: path, configuration: poolConfig) })
        }
        do {
            return try AppDatabase(
                try DatabasePool(path: path, configuration: config), path: path, busyTimeout: busyTimeout)
        } catch let error where error.isReadOnly {
            // A file the user may not write (read-only, immutable, on a read-only mount or a full
            // disk) still gives its profiles and history; a write then says why it cannot.
            let refusal = Self.readOnlyFileSystem(near: path) ? StoreError.readOnlyFileSystem(path: path) : error
            config.readonly = true
            if let pool = try? DatabasePool(path: path, configuration: config),
                let database = try? AppDatabase(pool, path: path, busyTimeout: busyTimeout, writeRefusal: refusal)
            {
                return database
            }
            // Reading WAL needs its -shm index, which a full disk or a read-only mount may not
            // give: then the file is read as it stands (SQLite's `immutable`), without the
            // changes still in a -wal file another voicesh may be writing.
            guard let queue = try? DatabaseQueue(path: Self.immutableURI(path), configuration: config),
                let database = try? AppDatabase(queue, path: path, busyTimeout: busyTimeout, writeRefusal: refusal)
            else { throw refusal }
            return database
        }
    }

    /// An existing file, looked at through a connection that cannot write before a pool opens
    /// it (a pool writes as it opens: GRDB makes and drops a table so the WAL exists). One from
    /// a newer voicesh is refused, not a byte of it changed. One whose schema is current, on a
    /// disk it may write, is returned to read from until the first write (`DatabaseConnection`);
    /// anything else (a new file, an old schema, a read-only or full disk, a file that cannot be
    /// opened so) is left to the pool's path, as before.
    private static func current(at path: String, busyTimeout: Double) throws(StoreError) -> DatabaseQueue? {
        guard let size = try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int, size > 0 else {
            return nil
        }
        var config = Configuration()
        config.readonly = true
        config.busyMode = .timeout(busyTimeout)
        guard let queue = try? DatabaseQueue(path: path, configuration: config) else { return nil }
        let (superseded, complete): (Bool, Bool)
        do {
            (superseded, complete) = try queue.read {
                (try isNewer($0), try migrator.hasCompletedMigrations($0))
            }
        } catch let error as DatabaseError where [.SQLITE_CORRUPT, .SQLITE_NOTADB].contains(error.resultCode) {
            throw StoreError(error, path: path, busyTimeout: busyTimeout)  // damaged where voicesh looks first
        } catch {
            return nil
        }
        if superseded { throw .newerSchema(path: path) }
        let directory = (path as NSString).deletingLastPathComponent
        let writable =
            access(path, W_OK) == 0 && access(directory.isEmpty ? "." : directory, W_OK) == 0
            && !readOnlyFileSystem(near: path) && !StoreError.diskIsFull(near: path)
        return complete && writable ? queue : nil
    }

    /// The schema's version as `PRAGMA user_version` says it (the number of migrations), so
    /// that a newer voicesh's file is known as newer even by a tool that reads only the header.
    static var schemaVersion: Int { migrator.migrations.count }

    /// Whether a newer voicesh wrote the file: its migrations or its `user_version` say so.
    static func isNewer(_ db: Database) throws -> Bool {
        try migrator.hasBeenSuperseded(db) || (Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0) > schemaVersion
    }

    /// The file is checked for damage now, on a thread of its own (once), so that the first
    /// write (a session's first history row) finds the answer ready.
    public func checkSoon() {
        integrity.startSoon(reader, path: path)
    }

    /// Why every write is refused (the file was opened read-only), or nil.
    public var readOnlyReason: StoreError? { writeRefusal }

    /// `path` as an SQLite URI (Debian's SQLite reads `file:` names as URIs) that opens it
    /// read-only with no locks and no -shm.
    private static func immutableURI(_ path: String) -> String { uri(path, "immutable=1") }

    /// `path` as an SQLite URI with `query` (`immutable=1`, `mode=ro`).
    static func uri(_ path: String, _ query: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#%")
        return "file:" + (absolute.addingPercentEncoding(withAllowedCharacters: allowed) ?? absolute) + "?" + query
    }

    /// Whether the file system holding `path` is mounted read-only.
    static func readOnlyFileSystem(near path: String) -> Bool {
        var info = statvfs()
        let directory = (path as NSString).deletingLastPathComponent
        guard statvfs(directory.isEmpty ? "." : directory, &info) == 0 else { return false }
        return info.f_flag & UInt(ST_RDONLY) != 0
    }

    /// A fresh, private database in memory, for tests.
    public static func inMemory() throws(StoreError) -> AppDatabase {
        do {
            return try AppDatabase(DatabaseQueue(), path: ":memory:", busyTimeout: 0)
        } catch {
            throw StoreError(error, path: ":memory:", busyTimeout: 0)
        }
    }

    init(
        _ writer: @autoclosure () throws -> any DatabaseWriter, path: String, busyTimeout: Double,
        writeRefusal: StoreError? = nil, opener: DatabaseConnection.Opener? = nil, migrating: Bool = true
    ) throws(StoreError) {
        do {
            connection = DatabaseConnection(try writer(), opener: opener)
        } catch {
            throw StoreError(error, path: path, busyTimeout: busyTimeout)
        }
        self.path = path
        self.writeRefusal = writeRefusal
        let migrator = Self.migrator
        do {
            // Read first, so a second process finds the schema current without taking the write lock.
            let (superseded, complete) = try self.reader.read { db in
                (try Self.isNewer(db), try migrator.hasCompletedMigrations(db))
            }
            if superseded { throw StoreError.newerSchema(path: path) }
            if !complete, migrating {
                try integrity.verify(self.reader, path: path)  // a migration is a write
                let writer = try connection.writer()
                try migrator.migrate(writer)
                try writer.writeWithoutTransaction {
                    try $0.execute(sql: "PRAGMA user_version = \(Self.schemaVersion)")
                }
            }
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError(error, path: path, busyTimeout: busyTimeout)
        }
    }

    /// Runs a read, turning GRDB's errors into `StoreError` in this one place.
    func read<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        do { return try reader.read(body) } catch { throw mapped(error) }
    }

    /// Runs a write in one transaction, turning GRDB's errors into `StoreError`.
    func write<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        if writeRefusal == nil { try integrity.verify(reader, path: path) }
        do { return try connection.writer().write(body) } catch { throw mapped(error) }
    }

    private func mapped(_ error: any Error) -> StoreError {
        if let error = error as? StoreError { return error }
        if let writeRefusal, (error as? DatabaseError)?.resultCode == .SQLITE_READONLY { return writeRefusal }
        return StoreError(error, path: path, busyTimeout: (reader.configuration.busyMode.timeout ?? 0))
    }
}

extension StoreError {
    init(_ error: any Error, path: String, busyTimeout: Double) {
        guard let error = error as? DatabaseError else {
            self = .sqlite(path: path, message: "\(error)")
            return
        }
        switch error.resultCode {
        case .SQLITE_NOTADB, .SQLITE_CORRUPT: self = .corrupt(path: path, detail: error.message ?? "\(error)")
        case .SQLITE_BUSY, .SQLITE_LOCKED: self = .locked(path: path, seconds: busyTimeout)
        case .SQLITE_READONLY where AppDatabase.readOnlyFileSystem(near: path): self = .readOnlyFileSystem(path: path)
        case .SQLITE_READONLY: self = .cannotWrite(path: path, reason: error.message ?? "\(error)")
        case .SQLITE_CANTOPEN, .SQLITE_PERM:
            self =
                FileManager.default.fileExists(atPath: path)
                ? .cannotWrite(path: path, reason: error.message ?? "\(error)")
                : .cannotCreate(path: path, reason: error.message ?? "\(error)")
        case .SQLITE_FULL: self = .diskFull(path: path)
        case .SQLITE_IOERR where Self.diskIsFull(near: path): self = .diskFull(path: path)
        default: self = .sqlite(path: path, message: error.message ?? "\(error)")
        }
    }
}

extension StoreError {
    /// Opening failed only because nothing may be written.
    fileprivate var isReadOnly: Bool {
        switch self {
        case .cannotWrite, .diskFull, .readOnlyFileSystem: true
        default: false
        }
    }
}

extension StoreError {
    /// SQLite reports a write that ran out of space as a plain I/O error at times (a WAL
    /// append): the free space on the file's disk says which it was.
    static func diskIsFull(near path: String) -> Bool {
        var info = statvfs()
        let directory = (path as NSString).deletingLastPathComponent
        guard statvfs(directory.isEmpty ? "." : directory, &info) == 0 else { return false }
        return UInt64(info.f_bavail) * UInt64(info.f_frsize) < 1 << 20
    }
}

extension Database.BusyMode {
    fileprivate var timeout: Double? {
        if case .timeout(let t) = self { return t }
        return nil
    }
}
