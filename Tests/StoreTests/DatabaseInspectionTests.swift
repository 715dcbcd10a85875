import Foundation
import GRDB
import Store
import Testing
import VoiceshCore

/// The file looked at for `voicesh doctor`: read, counted and checked, and not a byte of it or
/// of its directory changed, whether another voicesh has it open (a -wal and a -shm beside it)
/// or not.
struct DatabaseInspectionTests {
    /// Each file in the database's directory with its bytes and modification time.
    static func files(beside path: String) throws -> [String: String] {
        let directory = (path as NSString).deletingLastPathComponent
        var found: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory) {
            var info = stat()
            stat(directory + "/" + name, &info)
            let bytes = try Data(contentsOf: URL(fileURLWithPath: directory + "/" + name))
            found[name] = "\(bytes.hashValue) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
        }
        return found
    }

    @Test func aFileNoOneHasOpenIsReadAsItStands() throws {
        let path = DatabaseFileTests.temporaryPath()
        do {
            let db = try AppDatabase.open(at: path)
            try db.saveProfile(Profile(name: "p", host: "h"))
        }
        for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        let before = try Self.files(beside: path)
        let found = try #require(try AppDatabase.inspect(at: path))
        #expect(found.version == AppDatabase.knownSchemaVersion && found.known == AppDatabase.knownSchemaVersion)
        #expect(found.profiles == 1 && found.dictations == 0 && !found.unreadWAL)
        #expect(try AppDatabase.reading(at: path)?.profile(named: "p").host == "h")
        #expect(try Self.files(beside: path) == before)
    }

    /// With a pool open and its changes still in the WAL, they are read through the -shm
    /// without SQLite writing its read marks there.
    @Test func aFileAnotherVoiceshHasOpenIsReadThroughItsWAL() throws {
        let path = DatabaseFileTests.temporaryPath()
        let db = try AppDatabase.open(at: path)
        try db.saveProfile(Profile(name: "p", host: "h"))
        try db.saveProfile(Profile(name: "q", host: "h"))
        #expect(FileManager.default.fileExists(atPath: path + "-wal"))
        let before = try Self.files(beside: path)
        let found = try #require(try AppDatabase.inspect(at: path))
        #expect(found.profiles == 2 && !found.unreadWAL)
        #expect(try Self.files(beside: path) == before)
        #expect(throws: StoreError.self) {
            try AppDatabase.reading(at: path)?.saveProfile(Profile(name: "r", host: "h"))
        }
        #expect(try Self.files(beside: path) == before)
        _ = db
    }

    @Test func noFileIsNothingAndNothingIsMade() throws {
        let path = DatabaseFileTests.temporaryPath()
        #expect(try AppDatabase.inspect(at: path) == nil)
        #expect(!FileManager.default.fileExists(atPath: (path as NSString).deletingLastPathComponent))
    }

    @Test func aNewerFileAndOneThatIsNoDatabaseAreRefused() throws {
        let path = DatabaseFileTests.temporaryPath()
        try AppDatabase.open(at: path).saveProfile(Profile(name: "p", host: "h"))
        try DatabaseQueue(path: path).write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99-from-the-future')")
        }
        #expect(throws: StoreError.newerSchema(path: path)) { try AppDatabase.inspect(at: path) }
        let other = DatabaseFileTests.temporaryPath()
        try FileManager.default.createDirectory(
            atPath: (other as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(repeating: 0x5A, count: 8192).write(to: URL(fileURLWithPath: other))
        #expect {
            try AppDatabase.inspect(at: other)
        } throws: { error in
            if case .corrupt(other, _) = error as? StoreError { return true }
            return false
        }
    }
}
