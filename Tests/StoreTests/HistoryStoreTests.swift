import Foundation
import Store
import Testing
import VoiceshCore

struct HistoryStoreTests {
    static func dictation(_ profile: String, _ text: String, at seconds: Double = 0) -> Dictation {
        Dictation(
            profile: profile, engine: "edge/pocketsphinx",
            startedAt: Date(timeIntervalSince1970: 1_800_000_000 + seconds),
            audioSeconds: 1.5, latencyMs: 90, rawText: text, finalText: text, outcome: .inserted, confidence: 0.9)
    }

    @Test func appendsAndListsNewestFirst() throws {
        let db = try AppDatabase.inMemory()
        let first = try db.appendDictation(Self.dictation("a", "git status", at: 1))
        let second = try db.appendDictation(Self.dictation("b", "ls dash la", at: 2))
        let rows = try db.dictations()
        #expect(rows.map(\.id) == [second, first])
        #expect(rows[1].rawText == "git status")
        #expect(rows[1].startedAt == Date(timeIntervalSince1970: 1_800_000_001))
        #expect(try db.dictations(profile: "a").map(\.id) == [first])
        #expect(try db.dictations(limit: 1).map(\.id) == [second])
    }

    /// Each word keeps the engine's confidence (migration v9); its text is cleaned like the rest.
    @Test func keepsEachWordWithItsConfidence() throws {
        let db = try AppDatabase.inMemory()
        var row = Self.dictation("a", "git status")
        row.words = [
            .init("git", confidence: 0.93), .init("\u{1B}[2Jstatus", confidence: 0.21), .init("x", confidence: nil),
        ]
        let id = try db.appendDictation(row)
        let stored = try #require(try db.dictations().first { $0.id == id })
        let clean: [TranscriptSegment.Word] = [
            .init("git", confidence: 0.93), .init("status", confidence: 0.21), .init("x", confidence: nil),
        ]
        #expect(stored.words == clean)
        #expect(try db.appendDictation(Self.dictation("a", "ls")) > id)
        #expect(try db.dictations().first?.words == [])
    }

    /// An intent take's request, explanation, model and endpoint (migration v11), cleaned like
    /// the rest of the row; a dictation has none.
    @Test func keepsAnIntentsModelAndExplanation() throws {
        let db = try AppDatabase.inMemory()
        var row = Self.dictation("a", "du -sh /home")
        var intent = IntentTake(request: "how do I see disk usage")
        (intent.explanation, intent.model, intent.endpoint) = ("Disk usage\u{1B}[31m of home.", "qwen", "local")
        row.intent = intent
        let id = try db.appendDictation(row)
        let stored = try #require(try db.dictations().first { $0.id == id })
        #expect(stored.intent?.request == "how do I see disk usage" && stored.intent?.model == "qwen")
        #expect(stored.intent?.endpoint == "local" && stored.intent?.explanation == "Disk usage of home.")
        let plain = try db.appendDictation(Self.dictation("a", "ls"))
        #expect(try db.dictations().first { $0.id == plain }?.intent == nil)
    }

    /// Which reading of the take was taken, of how many (migration v10); older rows have none.
    @Test func keepsWhichReadingWasTaken() throws {
        let db = try AppDatabase.inMemory()
        var row = Self.dictation("a", "git stash")
        row.reading = 1
        row.readings = 3
        let id = try db.appendDictation(row)
        let stored = try #require(try db.dictations().first { $0.id == id })
        #expect(stored.reading == 1 && stored.readings == 3)
        var changed = stored
        changed.reading = 2
        try db.updateDictation(changed)
        #expect(try db.dictations().first { $0.id == id }?.reading == 2)
        let plain = try db.appendDictation(Self.dictation("a", "ls"))
        let none = try #require(try db.dictations().first { $0.id == plain })
        #expect(none.reading == nil && none.readings == nil)
    }

    @Test func searchMatchesWordsAndPrefixes() throws {
        let db = try AppDatabase.inMemory()
        var edited = Self.dictation("a", "sudo systemctl restart nginx", at: 1)
        edited.finalText = "sudo systemctl restart nginx.service"
        try db.appendDictation(edited)
        try db.appendDictation(Self.dictation("a", "kubectl get pods", at: 2))
        try db.appendDictation(Self.dictation("b", "git status", at: 3))
        #expect(try db.dictations(search: "nginx").map(\.rawText) == ["sudo systemctl restart nginx"])
        #expect(try db.dictations(search: "kube").map(\.rawText) == ["kubectl get pods"])
        #expect(try db.dictations(search: "service").count == 1)
        #expect(try db.dictations(search: "git", limit: 5).map(\.profile) == ["b"])
        #expect(try db.dictations(profile: "a", search: "git").isEmpty)
        #expect(try db.dictations(search: "\"(*").isEmpty)  // punctuation alone is no query, not an error
    }

    @Test func audioIsKeptApartAndDeletedWithItsRow() throws {
        let db = try AppDatabase.inMemory()
        let wav = Data("RIFF....WAVE".utf8)
        let id = try db.appendDictation(Self.dictation("a", "x"), audio: wav)
        let plain = try db.appendDictation(Self.dictation("a", "y"))
        #expect(try db.audio(forDictation: id) == wav)
        #expect(try db.dictation(id: id).hasAudio)
        #expect(try db.dictation(id: plain).hasAudio == false)
        try db.deleteDictation(id: id)
        #expect(try db.audio(forDictation: id) == nil)
        #expect(throws: StoreError.dictationNotFound(id)) { try db.dictation(id: id) }
    }

    @Test func updateRecordsTheOutcome() throws {
        let db = try AppDatabase.inMemory()
        var d = Self.dictation("a", "x")
        d.outcome = .pending
        d.id = try db.appendDictation(d)
        d.outcome = .ran
        d.finalText = "x --edited"
        try db.updateDictation(d)
        #expect(try db.dictation(id: d.id!).outcome == .ran)
        #expect(try db.dictations(search: "edited").count == 1)
    }

    @Test func clearDeletesAllOrOneProfiles() throws {
        let db = try AppDatabase.inMemory()
        try db.appendDictation(Self.dictation("a", "x"))
        try db.appendDictation(Self.dictation("b", "y"))
        try db.appendDictation(Self.dictation("b", "z"))
        #expect(try db.clearHistory(profile: "b") == 2)
        #expect(try db.dictationCount() == 1)
        #expect(try db.clearHistory() == 1)
        #expect(try db.dictations(search: "x").isEmpty)
    }
}
