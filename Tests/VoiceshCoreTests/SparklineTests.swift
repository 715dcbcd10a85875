import Foundation
import Testing

@testable import VoiceshCore

/// `voicesh stats`'s weeks: shares drawn on a fixed 0…1 scale, one block character each.
struct SparklineTests {
    @Test(
        arguments: [
            ([], ""),
            ([0], "▁"),
            ([1], "█"),
            ([0, 1.0 / 7, 2.0 / 7, 3.0 / 7, 4.0 / 7, 5.0 / 7, 6.0 / 7, 1], "▁▂▃▄▅▆▇█"),
            ([0.5], "▅"),  // 3.5 of 7 rounds up
            ([0.9, 0.9, 0.9], "▇▇▇"),  // a flat high share stays high: no stretching to the range
            ([nil, 0.25, nil, 1], "·▃·█"),  // a week with nothing shown
            ([-0.5, 1.5, .nan, .infinity], "▁█··"),  // out of range: clamped; not a number: nothing to draw
        ] as [([Double?], String)])
    func draws(shares: [Double?], drawn: String) {
        #expect(Sparkline.draw(shares) == drawn)
    }

    /// Week by week, oldest first: inserted and ran against every line shown, per profile and
    /// engine as the table groups them; failures are not shown lines, older weeks are left out.
    @Test func sharesSentAsHeardWeekByWeek() {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        func row(_ daysAgo: Double, _ outcome: Dictation.Outcome, profile: String = "prod") -> Dictation {
            Dictation(
                profile: profile, engine: "edge/pocketsphinx", startedAt: now.addingTimeInterval(-daysAgo * 86_400),
                audioSeconds: 1, latencyMs: 50, rawText: "git status", finalText: "git status", outcome: outcome)
        }
        let history = [
            row(1, .inserted), row(2, .ran), row(3, .edited), row(6.9, .discarded),  // this week: 2 of 4
            row(8, .inserted), row(9, .failed),  // last week: 1 of 1
            row(22, .edited),  // three weeks ago: 0 of 1
            row(40, .inserted),  // beyond the weeks drawn
            row(-0.01, .ran, profile: "dev"),  // a clock a little ahead: this week
        ]
        let weeks = UsageStats.asWrittenByWeek(history, now: now, weeks: 4)
        #expect(weeks[.init(profile: "prod", engine: "edge/pocketsphinx")] == [0, nil, 1, 0.5])
        #expect(weeks[.init(profile: "dev", engine: "edge/pocketsphinx")] == [nil, nil, nil, 1])
        #expect(weeks.count == 2)
    }
}
