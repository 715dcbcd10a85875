import Foundation
import GRDB
import Store
import Testing
import VoiceshCore

/// The local profile table is made from the `Profile.fields` registry: a column per key, so a
/// new key needs no store code.
struct ProfileSchemaTests {
    @Test func theTableHasAColumnPerKeyAndTheJSONColumns() throws {
        // A directory of its own: the store makes its directory private (0700).
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("voicesh-schema-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/voicesh.sqlite"
        _ = try AppDatabase.open(at: path)
        let columns = try DatabaseQueue(path: path).read { db in try db.columns(in: "profile").map(\.name) }
        let expected =
            Profile.fields.map(\.column) + [
                "id", "engine", "fallback", "aliases", "pinned", "intent", "createdAt", "updatedAt", "sharedCopy",
            ]
        #expect(Set(columns) == Set(expected))
    }

    @Test func keysWithNoValueComeBackEmpty() throws {
        let db = try AppDatabase.inMemory()
        let bare = Profile(name: "bare", host: "h.example.com")
        var full = Profile(name: "full", host: "h.example.com")
        full.identity = "~/.ssh/id_ed25519"
        full.keepalive = 30
        full.learn = .on
        full.autoStop = 0.8
        try full.set("toggle_key", to: .string("F9"))
        try full.set("intent.context", to: .boolean(true))
        try full.set("intent.timeout", to: .float(12))
        try db.importProfiles([bare, full])
        #expect(try db.profiles() == [bare, full])
    }
}
