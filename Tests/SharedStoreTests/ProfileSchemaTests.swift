import Foundation
import SharedStore
import Store
import Testing
import VoiceshCore

/// The shared store's profile table is made from the `Profile.fields` registry: a column per
/// key, so a new key needs no store code.
struct ProfileSchemaTests {
    func field(_ key: String) throws -> ProfileField<Profile> {
        try #require(Profile.fields.first { $0.key == key })
    }

    @Test func theTableHasAColumnPerKeyAndTheJSONColumns() throws {
        let server = try SharedDatabaseTests.server.get()
        let address = try SharedDatabaseTests.freshStore()
        try SharedDatabase.open(address).close()
        let columns = try server.psql(
            "SELECT column_name FROM information_schema.columns WHERE table_name = 'profile'",
            database: address.database)
        let expected =
            Profile.fields.map { $0.column.lowercased() } + [
                "id", "engine", "fallback", "aliases", "pinned", "intent", "createdat", "updatedat",
            ]
        #expect(Set(columns.split(separator: "\n").map(String.init)) == Set(expected))
    }

    /// A key's migration, made from the key, is what the shipped ones wrote by hand.
    @Test func aKeysColumnIsMadeFromTheKey() throws {
        #expect(
            SharedDatabase.addColumn(try field("context"))
                == "ALTER TABLE profile ADD COLUMN context text NOT NULL DEFAULT 'local'")
        #expect(SharedDatabase.addColumn(try field("learn")) == "ALTER TABLE profile ADD COLUMN learn text")
        #expect(
            SharedDatabase.addColumn(try field("auto_stop"))
                == "ALTER TABLE profile ADD COLUMN autoStop double precision NOT NULL DEFAULT 0.0")
        #expect(
            SharedDatabase.addColumn(try field("toggle_key"))
                == "ALTER TABLE profile ADD COLUMN toggleKey text NOT NULL DEFAULT 'ctrl-]'")
        #expect(SharedDatabase.addColumn(try field("user")) == #"ALTER TABLE profile ADD COLUMN "user" text"#)
    }

    /// Every shipped column still has its key (a key renamed would lose its data), and only
    /// keys without one get a column made for them.
    @Test func theShippedColumnsKeepTheirKeys() {
        #expect(Profile.shippedColumns.isSubset(of: Set(Profile.fields.map(\.column))))
        #expect(Profile.addedFields.allSatisfy { !Profile.shippedColumns.contains($0.column) })
        #expect(Profile.addedFields.count == Profile.fields.count - Profile.shippedColumns.count)
    }

    /// Keys with no value (NULL) and keys with one both come back as they were.
    @Test func emptyAndSetKeysComeBack() throws {
        let db = try SharedDatabase.open(try SharedDatabaseTests.freshStore())
        defer { db.close() }
        let bare = Profile(name: "bare", host: "h.example.com")
        var full = SharedDatabaseTests.profile("full")
        full.identity = "~/.ssh/id_ed25519"
        full.knownHosts = "~/.ssh/known_hosts2"
        full.keepalive = 30
        full.audioDevice = "hw:1"
        full.context = .all
        full.send = .auto
        try full.set("toggle_key", to: .string("F9"))
        try db.saveProfiles([bare, full], replace: false)
        #expect(try db.profiles() == [bare, full])
    }
}
