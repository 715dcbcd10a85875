import Foundation
import GRDB
import Testing
import VoiceshCore

@testable import Store

/// The migrations are literal steps, never derived from today's code; this checks the other
/// way round: the schema they leave holds a column for every key of `Profile.fields`, of the
/// key's kind, with the key's default for the rows already there. A new key without its
/// migration fails here, naming the column to add.
struct ProfileColumnsTests {
    /// The profile table's columns after every migration: name → (type, NOT NULL, default).
    static func columns() throws -> [String: (type: String, notNull: Bool, defaultValue: String?)] {
        let queue = try DatabaseQueue()
        try AppDatabase.migrator.migrate(queue)
        let rows = try queue.read { db in try Row.fetchAll(db, sql: "PRAGMA table_info(profile)") }
        var columns: [String: (String, Bool, String?)] = [:]
        for row in rows {
            columns[row["name"]] = (row["type"], (row["notnull"] as Int) == 1, row["dflt_value"])
        }
        return columns
    }

    /// The SQL literal a key's default is stored as, as SQLite reports a column's default.
    static func literal(_ value: ConfigValue) -> String {
        switch value {
        case .string(let s): "'" + s.replacingOccurrences(of: "'", with: "''") + "'"
        case .integer(let n): String(n)
        case .float(let x): x == x.rounded() ? String(Int(x)) : String(x)
        case .boolean(let b): b ? "1" : "0"
        case .strings(let list):
            "'" + String(decoding: (try? JSONEncoder().encode(list)) ?? Data("[]".utf8), as: UTF8.self) + "'"
        }
    }

    @Test func everyKeyHasItsColumn() throws {
        let columns = try Self.columns()
        for field in Profile.fields {
            guard let column = columns[field.column] else {
                Issue.record(
                    "profile has no column \(field.column) for key \(field.key): add a migration in both stores")
                continue
            }
            let type: String =
                switch field.kind {
                case .string, .strings: "TEXT"
                case .integer: "INTEGER"
                case .float: "DOUBLE"
                case .boolean: "BOOLEAN"
                }
            #expect(column.type == type, "\(field.column)")
            // v1's columns have no default (every row was written with all of them).
            if let value = Profile.defaultValue(of: field), let stored = column.defaultValue {
                #expect(stored == Self.literal(value), "\(field.column)")
                #expect(column.notNull, "\(field.column)")
            }
        }
        let others: Set<String> = [
            "id", "engine", "fallback", "aliases", "pinned", "intent", "createdAt", "updatedAt", "sharedCopy",
        ]
        #expect(Set(columns.keys) == Set(Profile.fields.map(\.column)).union(others))
    }
}
