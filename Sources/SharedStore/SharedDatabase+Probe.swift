import Foundation
import PostgresNIO
import VoiceshCore

/// The shared store asked whether it answers, without a change to it (`voicesh doctor`):
/// connected within `address.connectTimeout`, its applied migrations read, nothing migrated.
extension SharedDatabase {
    /// What the store answered.
    public struct Probe: Equatable, Sendable {
        /// Migrations applied there, and how many this build knows; 0 applied: no voicesh
        /// has used it yet (the first one to open it makes the schema).
        public var applied: Int
        public var known: Int
        public var server: String
    }

    /// Connects, reads which migrations the store has, and closes. A store migrated by a newer
    /// voicesh is `newerSchema`; one that cannot be reached or refuses the user is that error.
    public static func probe(_ address: StoreAddress) throws(StoreError) -> Probe {
        let logger = quietLogger
        let configuration = try configuration(for: address)
        let names = try blocking(address) { () async throws -> [String] in
            let connection = try await PostgresConnection.connect(configuration: configuration, id: 1, logger: logger)
            do {
                // to_regclass: NULL when the table is not there, so an unused store reads as empty.
                var exists = false
                for try await name in try await connection.query(
                    "SELECT to_regclass('voicesh_migrations')::text", logger: logger
                ).decode(String?.self) {
                    exists = name != nil
                }
                var names: [String] = []
                if exists {
                    for try await name in try await connection.query(
                        "SELECT name FROM voicesh_migrations", logger: logger
                    ).decode(String.self) {
                        names.append(name)
                    }
                }
                try await connection.close()
                return names
            } catch {
                try? await connection.close()
                throw error
            }
        }
        if !Set(names).isSubset(of: Set(migrationNames)) { throw .newerSchema(path: address.description) }
        return Probe(applied: names.count, known: migrations.count, server: address.description)
    }
}
