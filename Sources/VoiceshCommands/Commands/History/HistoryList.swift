import ArgumentParser
import Foundation
import VoiceshCore
import VoiceshSession

struct HistoryList: VoiceshCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List dictations, newest first (the default).",
        usage: "voicesh history list [<options>]")

    @Option(help: "Only this profile's dictations.", completion: Completions.profileNames)
    var profile: String?

    @Option(help: "Words (or word prefixes) the raw or final text contains.")
    var search: String?

    @Option(help: "At most this many rows.")
    var limit = 50

    @Flag(help: "Print JSON.")
    var json = false

    func validate() throws {
        guard limit > 0 else { throw ValidationError("--limit must be at least 1") }
    }

    func run(_ context: AppContext) throws {
        let rows = try context.openStore().dictations(profile: profile, search: search, limit: limit)
        if json { return try context.console.json(rows) }
        guard !rows.isEmpty else {
            let scope = profile.map { " for profile \"\($0)\"" } ?? ""
            return context.console.error(search == nil ? "no dictations\(scope) yet" : "no dictation\(scope) matches")
        }
        context.console.table(
            ["ID", "WHEN", "PROFILE", "ENGINE", "OUTCOME", "TEXT"],
            rows.map { d in
                [
                    // No local id: a shared row another machine made (its recording stays there).
                    d.id.map(String.init) ?? "-", HistoryFormat.time(d.startedAt), d.profile,
                    d.fallbackEngine ?? d.engine,
                    d.outcome.rawValue, HistoryFormat.oneLine(d.finalText.isEmpty ? d.rawText : d.finalText, max: 60),
                ]
            })
        if let failed = rows.first(where: { [.failed, .timedOut].contains($0.outcome) && $0.hasAudio }),
            let id = failed.id
        {
            context.console.error("a failed dictation's recording is kept; try it again: voicesh history retry \(id)")
        }
    }
}
