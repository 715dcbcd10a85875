import Foundation
import GRDB
import VoiceshCore

/// The one database of profiles and dictation history.
///
/// Opening it migrates the schema; a file from a newer voicesh, a damaged file, or one held
/// by another process too long is refused with a `StoreError`, never changed or recreated.
public struct AppDatabase: Sendable {
    let writer: any DatabaseWriter
    /// The file, or `:memory:`, for messages.
    let path: String
    /// Why the file was opened read-only (it may not be written, the disk is full): what every
    /// write then says, rather than SQLite's "attempt to write a readonly database".
    let writeRefusal: StoreError?

    /// Opens (creating if needed) the database file: the directory 0700, the file 0600, WAL,
    /// and a busy timeout so two voicesh processes can share it.
    public static func open(at path: String, busyTimeout: Double = 5) throws(StoreError) -> AppDatabase {
        try FileSecurity.prepare(databaseAt: path)
        var config = Configuration()
        config.busyMode = .timeout(busyTimeout)
        config.foreignKeysEnabled = true
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

    /// Why every write is refused (the file was opened read-only), or nil.
    public var readOnlyReason: StoreError? { writeRefusal }

    /// `path` as an SQLite URI (Debian's SQLite reads `file:` names as URIs) that opens it
    /// read-only with no locks and no -shm.
    private static func immutableURI(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#%")
        return "file:" + (absolute.addingPercentEncoding(withAllowedCharacters: allowed) ?? absolute) + "?immutable=1"
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

    private init(
        _ writer: @autoclosure () throws -> any DatabaseWriter, path: String, busyTimeout: Double,
        writeRefusal: StoreError? = nil
    ) throws(StoreError) {
        do { self.writer = try writer() } catch { throw StoreError(error, path: path, busyTimeout: busyTimeout) }
        self.path = path
        self.writeRefusal = writeRefusal
        let migrator = Self.migrator
        do {
            // Read first, so a second process finds the schema current without taking the write lock.
            let (superseded, complete) = try self.writer.read { db in
                (try migrator.hasBeenSuperseded(db), try migrator.hasCompletedMigrations(db))
            }
            if superseded { throw StoreError.newerSchema(path: path) }
            if !complete { try migrator.migrate(self.writer) }
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError(error, path: path, busyTimeout: busyTimeout)
        }
    }

    /// Runs a read, turning GRDB's errors into `StoreError` in this one place.
    func read<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        do { return try writer.read(body) } catch { throw mapped(error) }
    }

    /// Runs a write in one transaction, turning GRDB's errors into `StoreError`.
    func write<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        do { return try writer.write(body) } catch { throw mapped(error) }
    }

    private func mapped(_ error: any Error) -> StoreError {
        if let error = error as? StoreError { return error }
        if let writeRefusal, (error as? DatabaseError)?.resultCode == .SQLITE_READONLY { return writeRefusal }
        return StoreError(error, path: path, busyTimeout: (writer.configuration.busyMode.timeout ?? 0))
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
    fileprivate static func diskIsFull(near path: String) -> Bool {
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
