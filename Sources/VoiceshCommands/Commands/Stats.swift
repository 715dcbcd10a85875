import ArgumentParser
import Foundation
import LocalRecognizer
import VoiceshCore
import VoiceshSession

struct Stats: VoiceshCommand {
    static let configuration = CommandConfiguration(
        abstract: "How each profile's engine is doing, from the history: the last 7 days against earlier.",
        discussion: """
            Per profile and engine: dictations, median and p95 time from the end of recording to the text, how often no speech was heard, how often the fallback engine answered, how much of the text you sent as written, edited or discarded (your own measure of its accuracy), and how often you changed a word the engine was unsure of against one it was sure of. BY WEEK draws how much you sent as written in each of the last 8 weeks, oldest first, from ▁ (none) to █ (all); · is a week with nothing shown. Intent takes count apart, under the model that wrote their commands (intent/MODEL).
            """)

    @Option(help: "Only this profile.", completion: Completions.profileNames)
    var profile: String?

    @Flag(help: "Print JSON.")
    var json = false

    func run(_ context: AppContext) throws {
        let history = try context.openDatabase().dictations(profile: profile, limit: .max)
        let now = Date()
        let rows = UsageStats.rows(history, now: now)
        if json { return try context.console.json(rows) }
        guard !rows.isEmpty else { return context.console.error("no dictations yet") }
        let weekly = UsageStats.asWrittenByWeek(history, now: now)
        func ms(_ value: Int?) -> String { value.map { "\($0) ms" } ?? "—" }
        func rate(_ value: Double?) -> String { value.map { String(format: "%.0f%%", $0 * 100) } ?? "—" }
        context.console.table(
            [
                "PROFILE", "ENGINE", "PERIOD", "DICTATIONS", "MEDIAN", "P95", "NO SPEECH", "FALLBACK", "AS WRITTEN",
                "BY WEEK", "EDITED", "DISCARDED", "UNSURE CHANGED", "SURE CHANGED",
            ],
            rows.enumerated().map { i, s in
                // The weeks are the profile's and engine's, drawn once, on its first row.
                let first = i == 0 || (rows[i - 1].profile, rows[i - 1].engine) != (s.profile, s.engine)
                let weeks = first ? Sparkline.draw(weekly[.init(profile: s.profile, engine: s.engine)] ?? []) : ""
                return [
                    s.profile, s.engine, s.period, String(s.dictations), ms(s.medianLatencyMs), ms(s.p95LatencyMs),
                    rate(s.noSpeechRate), rate(s.fallbackRate), rate(s.asWrittenRate), weeks, rate(s.editRate),
                    rate(s.discardRate), rate(s.unsureEditedRate), rate(s.sureEditedRate),
                ]
            })
        let voice = context.location.voiceDirectory
        if profile == nil, let ears = ChoiceLearner(voiceDirectory: voice).status() {
            let recordings = ears.learntFrom + ears.heldBack
            let own = EarWeights.learnt(in: voice) != nil
            context.console.print(
                "\nears, from voicesh adapt \(HistoryFormat.time(ears.lastRun ?? now)): pocketsphinx heard "
                    + "\(ears.pocketsphinxRight) and Whisper \(ears.whisperRight) of your \(recordings) recordings right; "
                    + (own ? "the choice between them is learnt for you" : "the choice between them is voicesh's"))
        }
    }
}
