import Foundation
import Store
import Testing
import VoiceshCore

struct ProfileStoreTests {
    static func profile(_ name: String, host: String = "h.example.com") -> Profile {
        var p = Profile(name: name, host: host)
        p.engine.vocabulary = ["kubectl"]
        p.fallback = EngineConfig(kind: .server)
        p.fallback?.url = "http://127.0.0.1:8080"
        return p
    }

    @Test func savesAndReadsBackEveryField() throws {
        let db = try AppDatabase.inMemory()
        var p = Self.profile("prod")
        p.user = "deploy"
        p.production = true
        p.history = .textAndAudio
        try p.set("send", to: .string("confirm"))  // pinned: kept over config.toml's defaults
        p.context = .all
        p.jump = "ops@bastion:2222,gate"
        p.forwardAgent = true
        try db.saveProfile(p)
        #expect(try db.profile(named: "prod") == p)
        #expect(try db.profile(named: "prod").pinned == ["send"])
        #expect(try db.profileNames() == ["prod"])
    }

    @Test func duplicateNamesNeedReplace() throws {
        let db = try AppDatabase.inMemory()
        try db.saveProfile(Self.profile("prod"))
        #expect(throws: StoreError.duplicateProfile("prod")) { try db.saveProfile(Self.profile("prod", host: "other")) }
        try db.saveProfile(Self.profile("prod", host: "other"), replace: true)
        #expect(try db.profile(named: "prod").host == "other")
        #expect(try db.profiles().count == 1)
    }

    @Test func importIsAllOrNothing() throws {
        let db = try AppDatabase.inMemory()
        try db.saveProfile(Self.profile("b"))
        #expect(throws: StoreError.duplicateProfile("b")) {
            try db.importProfiles([Self.profile("a"), Self.profile("b"), Self.profile("c")])
        }
        #expect(try db.profileNames() == ["b"])
    }

    @Test func renameCarriesHistoryAndRefusesTakenNames() throws {
        let db = try AppDatabase.inMemory()
        try db.saveProfile(Self.profile("old"))
        try db.saveProfile(Self.profile("taken"))
        try db.appendDictation(HistoryStoreTests.dictation("old", "git status"))
        #expect(throws: StoreError.duplicateProfile("taken")) { try db.renameProfile("old", to: "taken") }
        try db.renameProfile("old", to: "new")
        #expect(try db.profileNames() == ["new", "taken"])
        #expect(try db.dictations(profile: "new").count == 1)
        #expect(throws: StoreError.profileNotFound("old")) { try db.renameProfile("old", to: "x") }
    }

    @Test func deleteKeepsHistory() throws {
        let db = try AppDatabase.inMemory()
        try db.saveProfile(Self.profile("p"))
        try db.appendDictation(HistoryStoreTests.dictation("p", "ls"))
        try db.deleteProfile("p")
        #expect(throws: StoreError.profileNotFound("p")) { try db.profile(named: "p") }
        #expect(throws: StoreError.profileNotFound("p")) { try db.deleteProfile("p") }
        #expect(try db.dictationCount() == 1)
    }

    @Test func updateKeepsTheRow() throws {
        let db = try AppDatabase.inMemory()
        var p = Self.profile("p")
        try db.saveProfile(p)
        p.port = 2222
        try db.updateProfile(p)
        #expect(try db.profile(named: "p").port == 2222)
        #expect(throws: StoreError.profileNotFound("q")) { try db.updateProfile(Self.profile("q")) }
    }
}
