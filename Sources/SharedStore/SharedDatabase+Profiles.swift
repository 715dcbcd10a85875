import Foundation
import PostgresNIO
import VoiceshCore

/// Profiles in the shared store: the same columns as the local `profile` table; engines and
/// aliases as jsonb, read and written whole. The unique name decides every conflict.
extension SharedDatabase: VoiceshStore {
    static let profileColumns = """
        name, host, port, "user", identity, knownHosts, keepalive, toggleKey, send, history, production,
        autoStop, audioDevice, learn, engine::text, fallback::text, aliases::text, pinned::text,
        context, jump, forwardAgent
        """

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
        let conflict =
            replace
            ? """
            DO UPDATE SET host = EXCLUDED.host, port = EXCLUDED.port, "user" = EXCLUDED."user",
                identity = EXCLUDED.identity, knownHosts = EXCLUDED.knownHosts, keepalive = EXCLUDED.keepalive,
                toggleKey = EXCLUDED.toggleKey, send = EXCLUDED.send, history = EXCLUDED.history,
                production = EXCLUDED.production, autoStop = EXCLUDED.autoStop, audioDevice = EXCLUDED.audioDevice,
                learn = EXCLUDED.learn, engine = EXCLUDED.engine, fallback = EXCLUDED.fallback,
                aliases = EXCLUDED.aliases, pinned = EXCLUDED.pinned, context = EXCLUDED.context,
                jump = EXCLUDED.jump, forwardAgent = EXCLUDED.forwardAgent,
                updatedAt = now()
            """ : "DO NOTHING"
        var query = PostgresQuery(
            unsafeSQL: """
                INSERT INTO profile (name, host, port, "user", identity, knownHosts, keepalive, toggleKey, send,
                    history, production, autoStop, audioDevice, learn, engine, fallback, aliases, pinned, context,
                    jump, forwardAgent, createdAt, updatedAt)
                VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15::jsonb, $16::jsonb,
                    $17::jsonb, $18::jsonb, $19, $20, $21, now(), now())
                ON CONFLICT (name) \(conflict) RETURNING id
                """)
        query.binds.append(p.name)
        query.binds.append(p.host)
        query.binds.append(p.port)
        query.binds.append(p.user)
        query.binds.append(p.identity)
        query.binds.append(p.knownHosts)
        query.binds.append(p.keepalive)
        query.binds.append(p.toggleKey)
        query.binds.append(p.send.rawValue)
        query.binds.append(p.history.rawValue)
        query.binds.append(p.production)
        query.binds.append(p.autoStop)
        query.binds.append(p.audioDevice)
        query.binds.append(p.learn?.rawValue)
        query.binds.append(try json(p.engine))
        query.binds.append(try p.fallback.map(json))
        query.binds.append(try json(p.aliases))
        query.binds.append(try json(p.pinned.sorted()))
        query.binds.append(p.context.rawValue)
        query.binds.append(p.jump)
        query.binds.append(p.forwardAgent)
        return query
    }

    static func profile(from row: PostgresRow) throws -> Profile {
        let cells = Array(row)
        let name = try cells[0].decode(String.self)
        let host = try cells[1].decode(String.self)
        let port = try cells[2].decode(Int.self)
        let user = try cells[3].decode(String?.self)
        let identity = try cells[4].decode(String?.self)
        let knownHosts = try cells[5].decode(String?.self)
        let keepalive = try cells[6].decode(Int.self)
        let toggleKey = try cells[7].decode(String.self)
        let send = try cells[8].decode(String.self)
        let history = try cells[9].decode(String.self)
        let production = try cells[10].decode(Bool.self)
        let autoStop = try cells[11].decode(Double.self)
        let audioDevice = try cells[12].decode(String?.self)
        let learn = try cells[13].decode(String?.self)
        let engine = try cells[14].decode(String.self)
        let fallback = try cells[15].decode(String?.self)
        let aliases = try cells[16].decode(String.self)
        let pinned = try cells[17].decode(String.self)
        let context = try cells[18].decode(String.self)
        let jump = try cells[19].decode(String?.self)
        let forwardAgent = try cells[20].decode(Bool.self)
        var p = Profile(name: name, host: host)
        p.port = port
        p.user = user
        p.identity = identity
        p.knownHosts = knownHosts
        p.keepalive = keepalive
        p.toggleKey = toggleKey
        p.send = try value(send)
        p.history = try value(history)
        p.production = production
        p.autoStop = autoStop
        p.audioDevice = audioDevice
        p.learn = try learn.map(value)
        p.engine = try JSONDecoder().decode(EngineConfig.self, from: Data(engine.utf8))
        p.fallback = try fallback.map { try JSONDecoder().decode(EngineConfig.self, from: Data($0.utf8)) }
        p.aliases = try JSONDecoder().decode([String: String].self, from: Data(aliases.utf8))
        p.pinned = Set(try JSONDecoder().decode([String].self, from: Data(pinned.utf8)))
        p.context = try value(context)
        p.jump = jump
        p.forwardAgent = forwardAgent
        return p
    }

    private static func value<T: RawRepresentable>(_ text: String) throws -> T where T.RawValue == String {
        guard let value = T(rawValue: text) else {
            throw StoreError.postgres(
                server: "", message: "a profile holds \"\(text)\", which this voicesh does not know")
        }
        return value
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
