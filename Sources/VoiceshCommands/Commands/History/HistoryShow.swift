import ArgumentParser
import Foundation
import VoiceshSession

struct HistoryShow: VoiceshCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Show one dictation.")

    @Argument(help: "The dictation's id.")
    var id: Int64

    @Flag(help: "Print JSON.")
    var json = false

    func run(_ context: AppContext) throws {
        let d = try context.openDatabase().dictation(id: id)
        if json { return try context.console.json(d) }
        let lines: [(String, String?)] = [
            ("id", String(id)),
            ("profile", d.profile),
            ("started", HistoryFormat.time(d.startedAt)),
            ("engine", d.engine),
            ("fallback", d.fallbackEngine),
            ("audio", String(format: "%.1f s%@", d.audioSeconds, d.hasAudio ? " (kept)" : "")),
            ("latency", d.latencyMs.map { "\($0) ms" }),
            ("confidence", d.confidence.map { String(format: "%.2f", $0) }),
            ("outcome", d.outcome.rawValue),
            ("error", d.error),
            ("raw", HistoryFormat.oneLine(d.rawText, max: 10_000)),
            ("text", HistoryFormat.oneLine(d.finalText, max: 10_000)),
            // An intent take: the model that wrote the text, where it ran, and what it said of it.
            ("request", d.intent.map { HistoryFormat.oneLine($0.request, max: 10_000) }),
            // A failed request has no model that wrote anything: the line is left out.
            ("model", d.intent.flatMap { take in take.model.map { "\($0) (\(take.endpoint ?? "local"))" } }),
            (
                "explained",
                d.intent.flatMap { $0.explanation.isEmpty ? nil : HistoryFormat.oneLine($0.explanation, max: 10_000) }
            ),
        ]
        for case (let key, let value?) in lines {
            context.console.print(key.padding(toLength: 11, withPad: " ", startingAt: 0) + value)
        }
    }
}
