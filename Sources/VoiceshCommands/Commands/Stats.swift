import ArgumentParser
import Foundation
import VoiceshCore
import VoiceshSession

struct Stats: VoiceshCommand {
    static let configuration = CommandConfiguration(
        abstract: "How each profile's engine is doing, from the history: the last 7 days against earlier.",
        discussion: """
            Per profile and engine: dictations, median and p95 time from the end of recording to the text, how often no speech was heard, how often the fallback engine answered, how much of the text you sent as written, edited or discarded (your own measure of its accuracy), and how often you changed a word the engine was unsure of against one it was sure of. Intent takes count apart, under the model that wrote their commands (intent/MODEL).
            """)

    @Option(help: "Only this profile.", completion: Completions.profileNames)
    var profile: String?

    @Flag(help: "Print JSON.")
    var json = false

    func run(_ context: AppContext) throws {
        let history = try context.openDatabase().dictations(profile: profile, limit: .max)
        let rows = UsageStats.rows(history, now: Date())
        if json { return try context.console.json(rows) }
        guard !rows.isEmpty else { return context.console.error("no dictations yet") }
        func ms(_ value: Int?) -> String { value.map { "\($0) ms" } ?? "—" }
        func rate(_ value: Double?) -> String { value.map { String(format: "%.0f%%", $0 * 100) } ?? "—" }
        context.console.table(
            [
                "PROFILE", "ENGINE", "PERIOD", "DICTATIONS", "MEDIAN", "P95", "NO SPEECH", "FALLBACK", "AS WRITTEN",
                "EDITED", "DISCARDED", "UNSURE CHANGED", "SURE CHANGED",
            ],
            rows.map { s in
                [
                    s.profile, s.engine, s.period, String(s.dictations), ms(s.medianLatencyMs), ms(s.p95LatencyMs),
                    rate(s.noSpeechRate), rate(s.fallbackRate), rate(s.asWrittenRate), rate(s.editRate),
                    rate(s.discardRate),
                    rate(s.unsureEditedRate), rate(s.sureEditedRate),
                ]
            })
    }
}
