import Foundation
import GRDB
import Store
import Testing
import VoiceshCore

/// The local half of a shared store: the outbox of history rows and the read-through copy.
struct SharingStoreTests {
    static func dictation(_ text: String) -> Dictation {
        Dictation(
            profile: "prod", engine: "edge/pocketsphinx", startedAt: Date(timeIntervalSince1970: 1_800_000_000),
            audioSeconds: 1, rawText: text, finalText: text, outcome: .pending)
    }

    @Test func aRowWaitsUntilItsLatestRevisionIsTaken() throws {
        let db = try AppDatabase.inMemory()
        let id = try db.appendDictation(Self.dictation("git status"), audio: Data([1, 2, 3]))
        let first = try db.pendingDictations()
        #expect(first.map(\.revision) == [0])
        let uid = try #require(first.first?.dictation.uid)
        // Changed while being sent: the revision sent is taken, the row stays pending.
        var changed = try db.dictation(id: id)
        changed.outcome = .ran
        try db.updateDictation(changed)
        try db.markShared(first)
        let second = try db.pendingDictations()
        #expect(second.map(\.revision) == [1])
        #expect(second.first?.dictation.uid == uid)
        #expect(second.first?.dictation.outcome == .ran)
        try db.markShared(second)
        #expect(try db.pendingDictationCount() == 0)
        // An older answer arriving late never makes the row look older.
        try db.markShared(first)
        #expect(try db.pendingDictationCount() == 0)
        #expect(try db.audio(forDictation: id) == Data([1, 2, 3]))
    }

    @Test func rowsFromASharedStoreAreAddedOnceAndCountAsSent() throws {
        let db = try AppDatabase.inMemory()
        var row = Self.dictation("ls")
        row.uid = UUID()
        let rows = [PendingDictation(dictation: row, revision: 2)]
        #expect(try db.addSharedDictations(rows) == 1)
        #expect(try db.addSharedDictations(rows) == 0)
        #expect(try db.pendingDictationCount() == 0)
        let stored = try db.dictations(profile: nil, search: "ls", limit: 5)
        #expect(stored.map(\.uid) == [row.uid])
        #expect(
            try db.localIds(of: [try #require(row.uid), UUID()]) == [
                try #require(row.uid): try #require(stored.first?.id)
            ])
    }

    /// The copies of the shared profiles follow them; this machine's own profiles are never
    /// deleted or overwritten by the shared store (the first time a machine is pointed at one,
    /// its profiles are still its own), and are said to be only here.
    @Test func theReadThroughCopyFollowsTheSharedProfiles() throws {
        let db = try AppDatabase.inMemory()
        try db.saveProfile(Profile(name: "mine", host: "m.example.com"))
        var same = Profile(name: "same", host: "s.example.com")
        try db.saveProfile(same)
        try db.saveProfile(Profile(name: "clash", host: "here.example.com"))
        var kept = Profile(name: "kept", host: "k.example.com")
        let gone = Profile(name: "gone", host: "g.example.com")
        let theirs = Profile(name: "clash", host: "there.example.com")
        #expect(try db.replaceProfiles(with: [kept, gone, same, theirs]) == ["mine"])
        #expect(try db.profileNames() == ["clash", "gone", "kept", "mine", "same"])
        #expect(try db.profile(named: "clash").host == "here.example.com")
        // Later: the shared store changed one and dropped others; only its copies follow.
        kept.port = 2200
        same.port = 2201
        #expect(try db.replaceProfiles(with: [kept]) == ["clash", "mine"])
        #expect(try db.profileNames() == ["clash", "kept", "mine"])
        #expect(try db.profile(named: "kept").port == 2200)
        // One read by name does not overwrite a profile of this machine's either.
        try db.copyProfile(theirs, overwritingOwn: false)
        #expect(try db.profile(named: "clash").host == "here.example.com")
        // Edited here, a copy becomes this machine's own.
        kept.port = 2202
        try db.updateProfile(kept)
        #expect(try db.replaceProfiles(with: []) == ["clash", "kept", "mine"])
    }

    /// Rows written before row ids existed get one each, as a UUID, and wait to be sent.
    @Test func olderRowsGetDistinctUidsWhenMigrated() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "voicesh-sharing-\(UUID().uuidString)/voicesh.sqlite"
        ).path
        try V1Database.make(
            at: path,
            rows: """
                    INSERT INTO dictation (profile, engine, startedAt, audioSeconds, rawText, finalText, outcome)
                    VALUES ('p', 'e', '2026-01-01 00:00:00.000', 1, 'a', 'a', 'inserted'),
                           ('p', 'e', '2026-01-01 00:00:01.000', 1, 'b', 'b', 'inserted'),
                           ('p', 'e', '2026-01-01 00:00:02.000', 1, 'c', 'c', 'ran');
                """)
        let db = try AppDatabase.open(at: path)
        let pending = try db.pendingDictations()
        #expect(pending.map(\.dictation.finalText) == ["a", "b", "c"])
        let uids = pending.compactMap(\.dictation.uid)
        #expect(Set(uids).count == 3)
    }
}
