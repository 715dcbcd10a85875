import Foundation
import Store
import TestFixtures
import Testing
import VoiceshCore

/// `voicesh history …` on a history written through the store, as the dictation loop will.
struct HistoryCommandTests {
    static func seeded() throws -> CLI {
        let cli = try CLI()
        let db = try AppDatabase.open(at: cli.database)
        let texts = ["git status", "kubectl get pods", "sudo systemctl restart nginx", "ls -la /etc"]
        for (i, text) in texts.enumerated() {
            var d = Dictation(
                profile: i % 2 == 0 ? "prod" : "dev", engine: "edge/pocketsphinx",
                startedAt: Date(timeIntervalSince1970: 1_800_000_000 + Double(i)), audioSeconds: 1.2,
                latencyMs: 80, rawText: text, finalText: text, outcome: .inserted, confidence: 0.91)
            if i == 3 {
                d.outcome = .timedOut
                d.error = "engine timed out after 30 s"
            }
            try db.appendDictation(d, audio: i == 3 ? Data("RIFF".utf8) : nil)
        }
        return cli
    }

    @Test func listsSearchesAndFilters() async throws {
        let cli = try Self.seeded()
        let all = try await cli.ok("history").stdout.split(separator: "\n")
        #expect(all.count == 5)
        #expect(all[0].hasPrefix("ID"))
        #expect(all[1].contains("ls -la /etc"))  // newest first
        #expect(all[1].contains("timed-out"))

        let found = try await cli.ok("history", "--search", "nginx").stdout
        #expect(found.contains("sudo systemctl restart nginx"))
        #expect(found.split(separator: "\n").count == 2)
        #expect(
            try await cli.ok("history", "--search", "kube", "--profile", "prod").stderr
                == "no dictation for profile \"prod\" matches\n")
        #expect(try await cli.ok("history", "--profile", "nope").stderr == "no dictations for profile \"nope\" yet\n")
        #expect(try await cli.ok("history", "list", "--profile", "dev", "--limit", "1").stdout.contains("ls -la /etc"))

        let json = try await cli.ok("history", "--json", "--search", "git").stdout
        let rows = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]]
        #expect(rows?.count == 1)
        #expect(rows?.first?["raw_text"] as? String == "git status")
        #expect(rows?.first?["has_audio"] as? Bool == false)
    }

    @Test func showsRemovesAndClears() async throws {
        let cli = try Self.seeded()
        let show = try await cli.ok("history", "show", "4").stdout
        #expect(show.contains("error      engine timed out after 30 s"))
        #expect(show.contains("audio      1.2 s (kept)"))
        #expect(
            try await cli.run("history", "show", "99").stderr
                == "voicesh: no dictation with id 99; see voicesh history\n")

        try await cli.ok("history", "rm", "4")
        #expect(try await cli.run("history", "show", "4").status == 1)

        let refused = try await cli.run("history", "clear")
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("run with --yes"))
        #expect(
            try await cli.ok("history", "clear", "--profile", "prod", "--yes").stderr
                == "deleted 2 dictations of profile \"prod\"\n")
        try await cli.ok("history", "clear", "-y")
        #expect(try await cli.ok("history").stderr == "no dictations yet\n")
    }

    /// `history retry` on a dictation whose text the user edited before the session ended:
    /// the edit stays in its row, and the new reading is a row of its own.
    @Test func retryKeepsTheTextOfAnEditedInterruptedRow() async throws {
        let cli = try CLI()
        let wav = try Data(contentsOf: URL(fileURLWithPath: try SpeechFiles.speech("git status", in: cli)))
        let db = try AppDatabase.open(at: cli.database)
        let started = Date(timeIntervalSince1970: 1_800_000_000)
        let edited = try db.appendDictation(
            Dictation(
                profile: "prod", engine: "edge/pocketsphinx", startedAt: started, audioSeconds: 1.4,
                rawText: "ls -la", finalText: "ls -la /var/log # mine", outcome: .interrupted,
                error: "the terminal hung up"),
            audio: wav)
        let failed = try db.appendDictation(
            Dictation(
                profile: "prod", engine: "edge/pocketsphinx", startedAt: started.addingTimeInterval(60),
                audioSeconds: 1.4, rawText: "", finalText: "", outcome: .failed, error: "engine failed"),
            audio: wav)

        #expect(try await cli.ok("history", "retry", String(edited), "--engine", "edge").stdout == "git status\n")
        let mine = try db.dictation(id: edited)
        #expect(mine.finalText == "ls -la /var/log # mine" && mine.rawText == "ls -la" && mine.outcome == .interrupted)
        let rows = try db.dictations(limit: 10)
        #expect(rows.map(\.finalText) == ["", "git status", "ls -la /var/log # mine"])
        #expect(rows[1].outcome == .printed && rows[1].id != edited)
        // The recording became text: the profile (none here: text only) keeps no audio.
        #expect(try db.audio(forDictation: edited) == nil)

        // A row with no text yet gets the text in place, as before.
        #expect(try await cli.ok("history", "retry", String(failed), "--engine", "edge").stdout == "git status\n")
        let filled = try db.dictation(id: failed)
        #expect(filled.finalText == "git status" && filled.outcome == .printed && filled.error == nil)
        #expect(try db.dictationCount() == 3)
    }
}
