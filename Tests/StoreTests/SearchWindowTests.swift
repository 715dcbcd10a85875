import Foundation
import Store
import Testing
import VoiceshCore

/// A search reads the newest rows first and the whole index only when they hold too few
/// matches: either way the answer is the newest matches, in order.
struct SearchWindowTests {
    @Test func theNewestMatchesWhicheverWayTheyAreFound() throws {
        let db = try AppDatabase.inMemory()
        for (i, text) in ["git status", "ls", "git commit", "git push", "make"].enumerated() {
            try db.appendDictation(
                Dictation(
                    profile: i % 2 == 0 ? "a" : "b", engine: "edge/pocketsphinx",
                    startedAt: Date(timeIntervalSince1970: 1_800_000_000 + Double(i)), audioSeconds: 1, rawText: text,
                    finalText: text, outcome: .inserted))
        }
        // Enough among the newest rows.
        #expect(try db.dictations(search: "git", limit: 2).map(\.finalText) == ["git push", "git commit"])
        // Too few there: the whole index.
        #expect(
            try db.dictations(search: "git", limit: 5).map(\.finalText) == ["git push", "git commit", "git status"])
        #expect(try db.dictations(profile: "a", search: "git", limit: 1).map(\.finalText) == ["git commit"])
        #expect(try db.dictations(profile: "b", search: "gi", limit: 5).map(\.finalText) == ["git push"])
        #expect(try db.dictations(search: "zebra", limit: 5).isEmpty)
    }
}
