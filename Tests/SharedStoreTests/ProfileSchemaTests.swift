import Foundation
import SharedStore
import Store
import Testing
import VoiceshCore

/// The shared store's profile table, as its literal migrations leave it, has a column per key
/// of the `Profile.fields` registry.
struct ProfileSchemaTests {
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
