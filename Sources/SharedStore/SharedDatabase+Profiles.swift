import Foundation
import PostgresNIO
import VoiceshCore

/// Profiles in the shared store: the same columns as the local `profile` table, one per key of
/// the `Profile.fields` registry, then engines, aliases, pinned and intent keys as jsonb, read and written whole.
/// The unique name decides every conflict.
extension SharedDatabase: VoiceshStore {
    /// The registry's keys, then the JSON columns, in the order they are selected and bound.
    static var profileColumns: String {
        let keys = Profile.fields.map { field in field.kind == .strings ? sqlName(field) + "::text" : sqlName(field) }
        return (keys + jsonColumns.map { $0 + "::text" }).joined(separator: ", ")
    }

    static let jsonColumns = ["engine", "fallback", "aliases", "pinned", "intent"]

    /// A key's column as SQL: unquoted, so PostgreSQL folds it to lower case as it did when the
    /// table was made; `user` is a reserved word.
    static func sqlName(_ field: ProfileField<Profile>) -> String {
        field.column == "user" ? "\"user\"" : field.column
    }

    public func profiles() throws(StoreError) -> [Profile] {
        try run { [logger] connection in
            var profiles: [Profile] = []
            let query = PostgresQuery(unsafeSQL: "SELECT \(Self.profileColumns) FROM profile ORDER BY name")
            for try await row in try await connection.query(query, logger: logger) {
                profiles.append(try Self.profile(from: row))
            }
            return profiles
        }
    }

    public func profile(named name: String) throws(StoreError) -> Profile {
        let found = try run { [logger] connection -> Profile? in
            var query = PostgresQuery(unsafeSQL: "SELECT \(Self.profileColumns) FROM profile WHERE name = $1")
            query.binds.append(name)
            for try await row in try await connection.query(query, logger: logger) {
                return try Self.profile(from: row)
            }
            return nil
        }
        guard let found else { throw .profileNotFound(name) }
        return found
    }

    public func profileNames() throws(StoreError) -> [String] {
        try run { [logger] connection in
            var names: [String] = []
            for try await name in try await connection.query("SELECT name FROM profile ORDER BY name", logger: logger)
                .decode(String.self)
            {
                names.append(name)
            }
            return names
        }
    }

    public func saveProfile(_ profile: Profile, replace: Bool) throws(StoreError) {
        try saveProfiles([profile], replace: replace)
    }

    /// All or none: one transaction; a name another machine took meanwhile is a duplicate.
    public func saveProfiles(_ profiles: [Profile], replace: Bool) throws(StoreError) {
        let queries = try profiles.map { profile throws(StoreError) in try Self.upsert(profile, replace: replace) }
        let names = profiles.map(\.name)
        try transaction { [logger] connection in
            for (query, name) in zip(queries, names) {
                let written = try await connection.query(query, logger: logger).collect().count
                if written == 0 { throw StoreError.duplicateProfile(name) }
            }
        }
    }

    /// Adds the profiles whose names are free (`store copy`); returns how many.
    public func addProfiles(_ profiles: [Profile]) throws(StoreError) -> Int {
        let queries = try profiles.map { profile throws(StoreError) in try Self.upsert(profile, replace: false) }
        return try transaction { [logger] connection in
            var added = 0
            for query in queries { added += try await connection.query(query, logger: logger).collect().count }
            return added
        }
    }

    public func updateProfile(_ profile: Profile) throws(StoreError) {
        let query = try Self.upsert(profile, replace: true)
        let name = profile.name
        let exists = try run { [logger] connection in
            try await connection.withTransaction(logger: logger) { connection in
                var check = PostgresQuery(unsafeSQL: "SELECT 1 FROM profile WHERE name = $1 FOR UPDATE")
                check.binds.append(name)
                // Locked first, so a profile removed meanwhile is not written back.
                guard try await connection.query(check, logger: logger).collect().count == 1 else { return false }
                try await connection.query(query, logger: logger)
                return true
            }
        }
        if !exists { throw .profileNotFound(name) }
    }

    public func renameProfile(_ old: String, to new: String) throws(StoreError) {
        try transaction { [logger] connection in
            let taken = try await connection.query("SELECT 1 FROM profile WHERE name = \(new)", logger: logger)
                .collect()
            if !taken.isEmpty { throw StoreError.duplicateProfile(new) }
            let renamed = try await connection.query(
                "UPDATE profile SET name = \(new), updatedAt = now() WHERE name = \(old) RETURNING id", logger: logger
            ).collect()
            if renamed.isEmpty { throw StoreError.profileNotFound(old) }
            try await connection.query("UPDATE dictation SET profile = \(new) WHERE profile = \(old)", logger: logger)
        }
    }

    public func deleteProfile(_ name: String) throws(StoreError) {
        let deleted = try run { [logger] connection in
            try await connection.query("DELETE FROM profile WHERE name = \(name) RETURNING id", logger: logger)
                .collect().count
        }
        if deleted == 0 { throw .profileNotFound(name) }
    }

    /// One statement: insert, or (when replacing) overwrite the row of the same name. It
    /// returns a row when it wrote one, none when the name was taken and not to be replaced.
    static func upsert(_ p: Profile, replace: Bool) throws(StoreError) -> PostgresQuery {
        let columns = Profile.fields.map(sqlName) + jsonColumns
        let keys = Profile.fields.count
        let values = columns.indices.map { i in i < keys ? "$\(i + 1)" : "$\(i + 1)::jsonb" }
        let updates = columns.dropFirst().map { "\($0) = EXCLUDED.\($0)" } + ["updatedAt = now()"]
        let conflict = replace ? "DO UPDATE SET " + updates.joined(separator: ", ") : "DO NOTHING"
        var query = PostgresQuery(
            unsafeSQL: """
                INSERT INTO profile (\(columns.joined(separator: ", ")), createdAt, updatedAt)
                VALUES (\(values.joined(separator: ", ")), now(), now())
                ON CONFLICT (name) \(conflict) RETURNING id
                """)
        for field in Profile.fields { try bind(field.value(in: p), kind: field.kind, to: &query.binds) }
        query.binds.append(try json(p.engine))
        query.binds.append(try p.fallback.map(json))
        query.binds.append(try json(p.aliases))
        query.binds.append(try json(p.pinned.sorted()))
        query.binds.append(try json(p.intent))
        return query
    }

    /// A key's value, bound with its kind's type even when there is none (NULL).
    private static func bind(_ value: ConfigValue?, kind: ConfigValue.Kind, to binds: inout PostgresBindings)
        throws(StoreError)
    {
        switch (kind, value) {
        case (_, .string(let s)?): binds.append(s)
        case (_, .integer(let n)?): binds.append(n)
        case (_, .float(let x)?): binds.append(x)
        case (_, .boolean(let b)?): binds.append(b)
        case (_, .strings(let list)?): binds.append(try json(list))
        case (.integer, nil): binds.append(Int?.none)
        case (.float, nil): binds.append(Double?.none)
        case (.boolean, nil): binds.append(Bool?.none)
        case (.string, nil), (.strings, nil): binds.append(String?.none)
        }
    }

    static func profile(from row: PostgresRow) throws -> Profile {
        let cells = Array(row)
        var p = Profile(name: "", host: "")
        for (field, cell) in zip(Profile.fields, cells) {
            let value: ConfigValue? =
                switch field.kind {
                case .string: try cell.decode(String?.self).map(ConfigValue.string)
                case .integer: try cell.decode(Int?.self).map(ConfigValue.integer)
                case .float: try cell.decode(Double?.self).map(ConfigValue.float)
                case .boolean: try cell.decode(Bool?.self).map(ConfigValue.boolean)
                case .strings:
                    try cell.decode(String?.self).map {
                        .strings(try JSONDecoder().decode([String].self, from: Data($0.utf8)))
                    }
                }
            do {
                try field.assign(value, to: &p)
            } catch {
                let text = if case .string(let word)? = value { word } else { String(describing: value) }
                throw StoreError.postgres(
                    server: "", message: "a profile holds \"\(text)\", which this voicesh does not know")
            }
        }
        let json = cells.dropFirst(Profile.fields.count).map { $0 }
        let engine = try json[0].decode(String.self)
        let fallback = try json[1].decode(String?.self)
        let aliases = try json[2].decode(String.self)
        let pinned = try json[3].decode(String.self)
        let intent = try json[4].decode(String.self)
        p.engine = try JSONDecoder().decode(EngineConfig.self, from: Data(engine.utf8))
        p.fallback = try fallback.map { try JSONDecoder().decode(EngineConfig.self, from: Data($0.utf8)) }
        p.aliases = try JSONDecoder().decode([String: String].self, from: Data(aliases.utf8))
        p.pinned = Set(try JSONDecoder().decode([String].self, from: Data(pinned.utf8)))
        p.intent = try JSONDecoder().decode(IntentOverride.self, from: Data(intent.utf8))
        return p
    }

    private static func json<T: Encodable>(_ value: T) throws(StoreError) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        do {
            return String(decoding: try encoder.encode(value), as: UTF8.self)
        } catch {
            throw .postgres(server: "", message: "cannot encode a profile: \(error)")
        }
    }
}
