import Foundation
import GRDB
import TestFixtures
import Testing

/// The database files voicesh must refuse, each with one line that says what to do.
struct DatabaseErrorTests {
    @Test func corruptFileIsReportedAndKept() async throws {
        let cli = try CLI()
        let garbage = Data(repeating: 0x42, count: 4096)
        try garbage.write(to: URL(fileURLWithPath: cli.database))
        let result = try await cli.run("profile", "list")
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("voicesh: \(cli.database) is not a usable voicesh database"))
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(try Data(contentsOf: URL(fileURLWithPath: cli.database)) == garbage)
    }

    /// Issue 33: the refusal said the file was left untouched while the migration check, opening
    /// it for writing, changed its header (bytes 28, 44, 96). Not one byte changes now, whatever
    /// journal mode the newer voicesh left it in.
    @Test(arguments: ["WAL", "DELETE"]) func newerSchemaIsRefusedByteForByte(journal: String) async throws {
        let cli = try CLI()
        try await cli.ok("profile", "add", "p", "--host", "h")
        try await DatabaseQueue(path: cli.database).writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA journal_mode = \(journal)")
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v2-from-the-future')")
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: cli.database))
        for arguments in [["profile", "list"], ["history"], ["profile", "add", "q", "--host", "h"]] {
            let result = try await cli.run(arguments)
            #expect(result.status == 1)
            #expect(
                result.stderr
                    == "voicesh: \(cli.database) was written by a newer voicesh; upgrade voicesh (the file was left untouched)\n"
            )
            #expect(try Data(contentsOf: URL(fileURLWithPath: cli.database)) == before, "\(journal) \(arguments)")
        }
    }

    /// Issue 33: 4 KiB overwritten at offset 8192 (a page inside the file). Reads still work, so
    /// what it holds can be saved; every write refuses with the way to recover, and the file is
    /// byte for byte as it was.
    @Test func aDamagedDatabaseIsNeverWritten() async throws {
        let cli = try CLI()
        for name in ["p", "q", "r"] { try await cli.ok("profile", "add", name, "--host", "h") }
        try cli.damageDatabase()
        // The damage is real: SQLite's own check finds it (or cannot even read the file).
        var config = Configuration()
        config.readonly = true
        let check = try? await DatabaseQueue(path: cli.database, configuration: config).read {
            try String.fetchAll($0, sql: "PRAGMA integrity_check")
        }
        #expect(check != ["ok"])
        let before = try Data(contentsOf: URL(fileURLWithPath: cli.database))
        let writes = [
            ["profile", "add", "s", "--host", "h"], ["profile", "set", "p", "port=2222"], ["profile", "rm", "q"],
            ["profile", "rename", "r", "t"],
        ]
        for arguments in writes {
            let result = try await cli.run(arguments, stdin: "y\n")
            #expect(result.status == 1, "\(arguments): \(result.stdout)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(arguments): \(result.stderr)")
            // Damage where voicesh looks first (the schema's list) is met on opening; elsewhere, at
            // the integrity check before the first write. Either way: one line, and a way out.
            let damaged =
                result.stderr.hasPrefix("voicesh: \(cli.database) is damaged (")
                && result.stderr.contains("and was not written; save what it holds")
            let unusable = result.stderr.hasPrefix("voicesh: \(cli.database) is not a usable voicesh database")
            #expect(damaged || unusable, "\(arguments): \(result.stderr)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: cli.database)) == before, "\(arguments)")
        }
        // Reads go on (saving what it holds is the way out), and change nothing either.
        let listed = try await cli.run(["profile", "list"])
        #expect(listed.status == 0 || listed.stderr.contains("is not a usable voicesh database"), "\(listed.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: cli.database)) == before)
    }
}
