import Foundation
import GRDB
import Store
import Testing
import VoiceshCore

/// The database as a real file: permissions, WAL, and the files it must refuse.
struct DatabaseFileTests {
    static func temporaryPath() -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("voicesh-store-\(UUID().uuidString)")
        return dir.appendingPathComponent("data/voicesh.sqlite").path
    }

    static func mode(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? -1
    }

    @Test func createsPrivateFilesInWALMode() throws {
        let path = Self.temporaryPath()
        let db = try AppDatabase.open(at: path)
        try db.saveProfile(Profile(name: "p", host: "h"))
        #expect(try Self.mode(path) == 0o600)
        #expect(try Self.mode((path as NSString).deletingLastPathComponent) == 0o700)
        let journal = try DatabaseQueue(path: path).read { try String.fetchOne($0, sql: "PRAGMA journal_mode") }
        #expect(journal == "wal")
        if FileManager.default.fileExists(atPath: path + "-wal") { #expect(try Self.mode(path + "-wal") == 0o600) }
    }

    @Test func reopeningKeepsData() throws {
        let path = Self.temporaryPath()
        try AppDatabase.open(at: path).saveProfile(Profile(name: "p", host: "h"))
        #expect(try AppDatabase.open(at: path).profileNames() == ["p"])
    }

    @Test func newerSchemaIsRefusedAndLeftAlone() throws {
        let path = Self.temporaryPath()
        try AppDatabase.open(at: path).saveProfile(Profile(name: "p", host: "h"))
        try DatabaseQueue(path: path).write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99-from-the-future')")
        }
        let dump = { () throws -> [String] in
            try DatabaseQueue(path: path).read { db in
                try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY identifier")
                    + String.fetchAll(db, sql: "SELECT name FROM sqlite_master ORDER BY name")
                    + String.fetchAll(db, sql: "SELECT name FROM profile")
            }
        }
        let before = try dump()
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(throws: StoreError.newerSchema(path: path)) { try AppDatabase.open(at: path) }
        #expect(try dump() == before)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
    }

    /// A database as voicesh's first schema (v1) left it, written with that schema's SQL.
    @Test func migratesAV1DatabaseAndKeepsItsData() throws {
        let path = Self.temporaryPath()
        try V1Database.make(
            at: path,
            rows: """
                    INSERT INTO profile (name, host, port, user, keepalive, toggleKey, send, history, production,
                      engine, createdAt, updatedAt)
                    VALUES ('old', 'old.example.com', 2222, 'ops', 0, 'f9', 'confirm', 'text', 0,
                      '{"kind":"edge","timeout":10,"language":"en","vocabulary":["kubectl"]}',
                      '2026-01-01 00:00:00.000', '2026-01-01 00:00:00.000');
                """)
        let db = try AppDatabase.open(at: path)
        let old = try db.profile(named: "old")
        #expect(old.port == 2222)
        #expect(old.engine.vocabulary == ["kubectl"])
        #expect(old.aliases.isEmpty)
        #expect(old.context == .local)  // v8-profile-context: an old profile gets the default
        #expect(old.jump == nil && !old.forwardAgent)  // profile-column-jump, profile-column-forwardAgent
        var edited = old
        edited.aliases = ["prod box": "prod-01"]
        try db.updateProfile(edited)
        #expect(try db.profile(named: "old").aliases == ["prod box": "prod-01"])
        let applied = try DatabaseQueue(path: path).read {
            try String.fetchAll($0, sql: "SELECT identifier FROM grdb_migrations")
        }
        #expect(applied.contains("v2-profile-aliases"))
        #expect(applied.contains("v8-profile-context"))
        #expect(applied.contains("profile-column-jump"))
        #expect(applied.contains("profile-column-forwardAgent"))
    }

    @Test func corruptFileIsReportedNeverRecreated() throws {
        let path = Self.temporaryPath()
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let garbage = Data(repeating: 0x5A, count: 8192)
        try garbage.write(to: URL(fileURLWithPath: path))
        do {
            _ = try AppDatabase.open(at: path)
            Issue.record("a corrupt file must be refused")
        } catch {
            if case .corrupt(let reported, _) = error {
                #expect(reported == path)
            } else {
                Issue.record("expected .corrupt, got \(error)")
            }
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == garbage)
    }

    /// Issue 33: a page overwritten inside the file. The first write asks SQLite whether the
    /// file is whole and refuses; the file is byte for byte as it was.
    @Test func aDamagedFileIsNeverWritten() throws {
        let path = Self.temporaryPath()
        do {
            let db = try AppDatabase.open(at: path)
            for i in 0..<40 { try db.saveProfile(Profile(name: "p\(i)", host: "host-\(i).example.com")) }
        }  // closed: the WAL is folded into the file
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.seek(toOffset: 8192)
        try handle.write(contentsOf: Data(repeating: 0xA5, count: 4096))
        try handle.close()
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        do {
            let db = try AppDatabase.open(at: path)
            #expect(try db.profileNames().count == 40)  // it still reads: its rows can be saved
            do {
                try db.saveProfile(Profile(name: "new", host: "h"))
                Issue.record("a damaged file was written")
            } catch {
                guard case .damaged(let reported, let detail) = error else {
                    Issue.record("expected .damaged, got \(error)")
                    return
                }
                #expect(reported == path && detail.hasPrefix("Page 3: "), "\(detail)")
            }
        } catch {
            // Damage SQLite meets on opening is refused there, as before.
            guard case .corrupt = error else {
                Issue.record("expected .corrupt, got \(error)")
                return
            }
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    /// The check is made once, and a whole file passes it.
    @Test func aWholeFileIsWrittenAsBefore() throws {
        let path = Self.temporaryPath()
        let db = try AppDatabase.open(at: path)
        db.checkSoon()
        try db.saveProfile(Profile(name: "p", host: "h"))
        try db.saveProfile(Profile(name: "q", host: "h"))
        #expect(try db.profileNames() == ["p", "q"])
    }

    @Test func aLockedDatabaseWaitsThenSaysSo() throws {
        let path = Self.temporaryPath()
        let db = try AppDatabase.open(at: path, busyTimeout: 0.3)
        try db.saveProfile(Profile(name: "p", host: "h"))
        let holder = try DatabaseQueue(path: path)
        try holder.inDatabase { conn in
            try conn.execute(sql: "BEGIN EXCLUSIVE")
            defer { try? conn.execute(sql: "ROLLBACK") }
            #expect(throws: StoreError.locked(path: path, seconds: 0.3)) {
                try db.saveProfile(Profile(name: "q", host: "h"))
            }
            // Readers are not blocked by a writer in WAL mode.
            #expect(try db.profileNames() == ["p"])
        }
        try db.saveProfile(Profile(name: "q", host: "h"))
        #expect(try db.profileNames() == ["p", "q"])
    }

    @Test func aFileInTheWayIsACleanError() throws {
        let path = Self.temporaryPath()
        let dir = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(
            atPath: (dir as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: dir, contents: Data("x".utf8)))
        #expect(throws: StoreError.self) { try AppDatabase.open(at: path) }
    }
}
