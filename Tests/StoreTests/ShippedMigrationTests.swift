import Foundation
import GRDB
import Testing

@testable import Store

/// Every shipped migration keeps its name, its place and its body forever: a database migrated
/// by one voicesh must be read by the next. `shipped-migrations.txt` holds, for each migration
/// shipped so far, its name and the schema it leaves behind (SQLite's own `CREATE` statements).
/// Editing, removing or reordering a shipped one (a profile key moved in the registry, whose
/// column migrations follow its order) changes that text and fails here; a new migration goes
/// after the last, and its schema is added to the file (the failure prints it).
struct ShippedMigrationTests {
    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("shipped-migrations.txt")

    /// Each migration's name, then the schema after it, one statement a line; a blank line after each.
    static func schemas() throws -> [(name: String, schema: String)] {
        let queue = try DatabaseQueue()
        let migrator = AppDatabase.migrator
        return try migrator.migrations.map { name in
            try migrator.migrate(queue, upTo: name)
            let statements = try queue.read { db in
                try String.fetchAll(
                    db, sql: "SELECT sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY type, name")
            }
            let schema = statements.map { $0.split(whereSeparator: \.isNewline).joined(separator: " ") }
            return (name, schema.joined(separator: "\n"))
        }
    }

    static func render(_ schemas: [(name: String, schema: String)]) -> String {
        schemas.map { "== \($0.name)\n\($0.schema)\n" }.joined(separator: "\n")
    }

    @Test func shippedMigrationsAreUnchanged() throws {
        let current = Self.render(try Self.schemas())
        // Record mode, for the commit that adds a migration (never to accept a changed one).
        if ProcessInfo.processInfo.environment["VOICESH_RECORD_MIGRATIONS"] == "1" {
            try current.write(to: Self.file, atomically: true, encoding: .utf8)
        }
        let shipped = try String(contentsOf: Self.file, encoding: .utf8)
        #expect(
            current.hasPrefix(shipped),
            "a shipped migration changed, moved or went away; if a new one was added, append to \(Self.file.path):\n\(current)"
        )
        let names = shipped.split(separator: "\n").filter { $0.hasPrefix("== ") }.map { String($0.dropFirst(3)) }
        #expect(names.count >= 13 && Array(AppDatabase.migrationNames.prefix(names.count)) == names)
    }
}
