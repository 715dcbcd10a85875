import Foundation
import Testing
import VoiceshCore

/// Learning from use, the pure parts: which dictations label their recording, and when the
/// background learner runs, on a clock the test turns by hand.
struct LearningScheduleTests {
    @Test(
        arguments: [
            // As heard: the recogniser's words are the label.
            (Dictation.Outcome.inserted, "git status dash s", "git status -s", "git status dash s"),
            (.ran, "docker ps", "docker ps", "docker ps"),
            // A word fixed: the fixed word goes into the spoken words.
            (.edited, "gzip status dash s", "git status -s", "git status dash s"),
            (.ran, "sleep build dash dash release", "swift build --release", "swift build dash dash release"),
            // Two words fixed in a long enough line.
            (.edited, "gzip log dash n five main", "git log -n 5 master", "git log dash n five master"),
            // Rewritten, or too short for an edit to be small: no label.
            (.edited, "git status", "kubectl get pods", nil),
            (.edited, "du dash h", "make -h", "make dash h"),
            (.edited, "git status", "git stash", nil),
            (.edited, "git status dash s", "", nil),
            // Not sent to the shell: nothing to learn.
            (.discarded, "git status", "git status", nil),
            (.failed, "git status", "", nil),
        ] as [(Dictation.Outcome, String, String, String?)])
    func labels(outcome: Dictation.Outcome, raw: String, final: String, label: String?) {
        #expect(LearningLabel.words(outcome: outcome, rawText: raw, finalText: final) == label)
    }

    @Test func anAliasIsSpokenAsTheProfileSaysIt() {
        let aliases = ["deploy it": "./deploy.sh"]
        #expect(
            LearningLabel.words(outcome: .inserted, rawText: "deploy it", finalText: "./deploy.sh", aliases: aliases)
                == "deploy it")
    }

    @Test func runsAfterEveryNRecordingsOnceTheUserIsQuiet() {
        var schedule = LearningSchedule(every: 3, quiet: 5, now: 0)
        for _ in 0..<2 { schedule.recorded() }
        #expect(schedule.update(busy: false, now: 100) == nil)  // 2 of 3
        schedule.recorded()
        #expect(schedule.update(busy: true, now: 101) == nil)  // recording: never starts
        #expect(schedule.update(busy: false, now: 103) == nil)  // only 2 s quiet
        #expect(schedule.update(busy: false, now: 106) == .start)
        #expect(schedule.state == .learning(paused: false) && schedule.pending == 0)
        #expect(schedule.update(busy: false, now: 107) == nil)  // one run at a time
        schedule.recorded()
        schedule.finished()
        #expect(schedule.update(busy: false, now: 200) == nil)  // 1 new since it started
        #expect(schedule.state == .waiting && schedule.pending == 1)
    }

    @Test func pausesWhileADictationRecordsOrIsShown() {
        var schedule = LearningSchedule(every: 1, quiet: 0, pending: 4, now: 0)
        #expect(schedule.update(busy: false, now: 1) == .start)
        #expect(schedule.update(busy: true, now: 2) == .pause)  // recording
        #expect(schedule.update(busy: true, now: 3) == nil)  // transcript shown
        #expect(schedule.state == .learning(paused: true))
        #expect(schedule.update(busy: false, now: 4) == .resume)
        #expect(schedule.update(busy: false, now: 5) == nil)
        schedule.finished()
        #expect(schedule.update(busy: false, now: 6) == nil)  // nothing new
    }

    @Test func learnIsOnByDefaultForEdgeEnginesOnly() throws {
        var profile = Profile(name: "p", host: "h")
        #expect(profile.learns)
        profile.engine.kind = .server
        #expect(!profile.learns)
        profile.fallback = EngineConfig()
        #expect(profile.learns)  // the edge fallback hears some of it
        try profile.set("learn", to: .string("off"))
        #expect(!profile.learns && profile.learn == .off)
        #expect(throws: ProfileProblem.self) { try profile.set("learn", to: .string("sometimes")) }
    }

    @Test func statsMedianAndP95AreNearestRank() {
        let now = Date(timeIntervalSince1970: 2_000_000_000)
        let rows = (1...20).map { i in
            Dictation(
                profile: "p", engine: "edge/pocketsphinx", startedAt: now.addingTimeInterval(-Double(i) * 3600),
                audioSeconds: 1, latencyMs: i * 10, rawText: "ls", finalText: "ls", outcome: .inserted)
        }
        let stats = UsageStats.rows(rows, now: now)
        #expect(stats.count == 1 && stats[0].period == UsageStats.recent)
        #expect(stats[0].medianLatencyMs == 100 && stats[0].p95LatencyMs == 190)
        #expect(stats[0].editRate == 0 && stats[0].noSpeechRate == 0)
        #expect(stats[0].unsureEditedRate == nil && stats[0].sureEditedRate == nil)  // no scored words
    }

    /// Unsure words edited against sure ones: `gzip` (unsure) became `git` in two of two lines,
    /// and one sure word of five (`-la` became `-l`).
    @Test func statsCountUnsureWordsEditedAgainstSureOnes() {
        let now = Date(timeIntervalSince1970: 2_000_000_000)
        func row(_ raw: String, _ final: String, _ confidence: [Double]) -> Dictation {
            Dictation(
                profile: "p", engine: "edge/pocketsphinx", startedAt: now, audioSeconds: 1, rawText: raw,
                finalText: final, outcome: raw == final ? .inserted : .edited,
                words: zip(raw.split(separator: " "), confidence).map { .init(String($0), confidence: $1) })
        }
        let stats = UsageStats.rows(
            [
                row("gzip dash dash staged", "git --staged", [0.3, 0.9, 0.9, 0.95]),
                row("gzip log", "git log", [0.2, 0.9]),
                row("ls dash la", "ls -l", [0.9, 0.9, 0.9]),
                row("uptime", "uptime", [0.99]),
            ], now: now)
        #expect(stats[0].unsureEditedRate == 1)
        #expect(stats[0].sureEditedRate == 1.0 / 5)
    }
}
