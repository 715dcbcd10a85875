import Foundation
import GRDB
import Testing

/// The database files voicesh must refuse, each with one line that says what to do.
struct DatabaseErrorTests {
    @Test func corruptFileIsReportedAndKept() throws {
        let cli = try CLI()
        let garbage = Data(repeating: 0x42, count: 4096)
        try garbage.write(to: URL(fileURLWithPath: cli.database))
        let result = try cli.run("profile", "list")
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("voicesh: \(cli.database) is not a usable voicesh database"))
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(try Data(contentsOf: URL(fileURLWithPath: cli.database)) == garbage)
    }

    @Test func newerSchemaIsRefused() throws {
        let cli = try CLI()
        try cli.ok("profile", "add", "p", "--host", "h")
        try DatabaseQueue(path: cli.database).write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v2-from-the-future')")
        }
        let result = try cli.run("profile", "list")
        #expect(result.status == 1)
        #expect(
            result.stderr
                == "voicesh: \(cli.database) was written by a newer voicesh; upgrade voicesh (the file was left untouched)\n"
        )
    }

    @Test func lockedDatabaseWaitsThenSaysSo() throws {
        let cli = try CLI()
        try cli.ok("profile", "add", "p", "--host", "h")
        let holder = try DatabaseQueue(path: cli.database)
        // Another voicesh mid-write: it has written before (the WAL file is not empty) and holds the lock.
        try holder.write { db in
            try db.execute(sql: "UPDATE profile SET port = port + 1; UPDATE profile SET port = port - 1")
        }
        try holder.inDatabase { db in
            try db.execute(sql: "BEGIN EXCLUSIVE")
            defer { try? db.execute(sql: "ROLLBACK") }
            let blocked = try cli.run("profile", "add", "q", "--host", "h")
            #expect(blocked.status == 1)
            #expect(
                blocked.stderr
                    == "voicesh: \(cli.database) is locked by another process; waited 5 s, try again when it is done\n")
            #expect(try cli.ok("profile", "list").stdout.contains("p"))  // readers still read
        }
        try cli.ok("profile", "add", "q", "--host", "h")
    }

    @Test func fileModesArePrivate() throws {
        let cli = try CLI()
        let home = cli.home.appendingPathComponent("nested/state")
        var env = cli.environment
        env["VOICESH_HOME"] = home.path
        let process = Process()
        process.executableURL = CLI.binary
        process.arguments = ["profile", "list"]
        process.environment = env
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        let attributes = { (path: String) in
            try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        }
        #expect(try attributes(home.path) == 0o700)
        #expect(try attributes(home.appendingPathComponent("voicesh.sqlite").path) == 0o600)
    }
}
