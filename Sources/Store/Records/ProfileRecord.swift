import Foundation
import GRDB
import VoiceshCore

/// A `profile` row: one column per key of the `Profile.fields` registry (named by
/// `ProfileField.column`, typed by its kind), and the engines, intent keys, aliases and pinned keys as JSON
/// columns, read and written whole, never queried. A key added to the registry needs nothing here.
struct ProfileRecord: FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "profile"

    var id: Int64?
    var profile: Profile
    var createdAt: Date
    var updatedAt: Date

    var name: String { profile.name }

    enum Columns {
        static let name = Column("name")
    }

    init(_ p: Profile, id: Int64? = nil, createdAt: Date, updatedAt: Date) {
        self.id = id
        profile = p
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    init(row: Row) throws {
        id = row["id"]
        createdAt = row["createdAt"]
        updatedAt = row["updatedAt"]
        var p = Profile(name: "", host: "")
        for field in Profile.fields {
            try field.assign(try Self.value(row[field.column], kind: field.kind), to: &p)
        }
        p.engine = try Self.decode(row["engine"])
        p.fallback = try (row["fallback"] as String?).map(Self.decode)
        p.aliases = try Self.decode(row["aliases"])
        p.intent = try Self.decode(row["intent"])
        p.pinned = Set(try Self.decode(row["pinned"]) as [String])
        profile = p
    }

    func encode(to container: inout PersistenceContainer) throws {
        container["id"] = id
        for field in Profile.fields { container[field.column] = try Self.databaseValue(field.value(in: profile)) }
        container["engine"] = try Self.json(profile.engine)
        container["fallback"] = try profile.fallback.map(Self.json)
        container["aliases"] = try Self.json(profile.aliases)
        container["intent"] = try Self.json(profile.intent)
        container["pinned"] = try Self.json(profile.pinned.sorted())
        container["createdAt"] = createdAt
        container["updatedAt"] = updatedAt
    }

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

    /// A column's value in the shape its key has; NULL is no value (the key's default).
    static func value(_ stored: DatabaseValue, kind: ConfigValue.Kind) throws -> ConfigValue? {
        guard !stored.isNull else { return nil }
        let value: ConfigValue? =
            switch kind {
            case .string: String.fromDatabaseValue(stored).map(ConfigValue.string)
            case .integer: Int.fromDatabaseValue(stored).map(ConfigValue.integer)
            case .float: Double.fromDatabaseValue(stored).map(ConfigValue.float)
            case .boolean: Bool.fromDatabaseValue(stored).map(ConfigValue.boolean)
            case .strings: try String.fromDatabaseValue(stored).map { .strings(try decode($0)) }
            }
        guard let value else { throw DatabaseError(message: "a profile column holds \(stored), not \(kind.noun)") }
        return value
    }

    static func databaseValue(_ value: ConfigValue?) throws -> DatabaseValue {
        switch value {
        case nil: .null
        case .string(let s)?: s.databaseValue
        case .integer(let n)?: n.databaseValue
        case .float(let x)?: x.databaseValue
        case .boolean(let b)?: b.databaseValue
        case .strings(let list)?: try json(list).databaseValue
        }
    }

    /// JSON as GRDB wrote it for the Codable record this was: keys sorted.
    static func json<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    static func decode<T: Decodable>(_ text: String) throws -> T {
        try JSONDecoder().decode(T.self, from: Data(text.utf8))
    }
}
