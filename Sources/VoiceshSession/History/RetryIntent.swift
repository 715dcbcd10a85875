import Foundation
import Store
import VoiceshCore

/// `voicesh history retry` of an intent take: its request goes to the intent model again (the
/// profile's `[intent]` over config.toml's), never through the shell-talk ear. The command is
/// printed, as `voicesh intent` prints it, and the row takes it; a failure keeps the row's
/// request and recording and says so.
package struct RetryIntent {
    package var row: Dictation
    package var request: String
    package var settings: Profile
    /// The row's own profile, whose history policy the row is written under.
    package var original: Profile?

    package func run(_ context: AppContext, database: AppDatabase) throws -> Bool {
        let intentSettings = try settings.intentSettings(over: context.config().intent)
        let writer = IntentWriter(
            settings: intentSettings, environment: context.environment, progress: ProgressLine(console: context.console)
        )
        let prompt = IntentPrompt(request: request)
        let started = Date()
        let result = Blocking.run { () -> Result<Intent, IntentError> in
            do throws(IntentError) {
                return .success(try await writer.write(prompt, more: 0))
            } catch {
                return .failure(error)
            }
        }
        var row = row
        row.latencyMs = Int(Date().timeIntervalSince(started) * 1000)
        let history = HistoryWriter(
            database: database, policy: original?.history ?? .text, shared: context.sharedAddress)
        defer { history.finish() }
        var take = row.intent ?? IntentTake(request: request)
        take.request = request
        switch result {
        case .success(let intent):
            context.console.print(intent.answer.command)
            if !intent.answer.explanation.isEmpty { context.console.error(intent.answer.explanation) }
            if let risk = intent.risk { context.console.error("risky: \(risk)") }
            (take.explanation, take.model, take.endpoint) = (intent.answer.explanation, intent.model, intent.endpoint)
            // A command the user saw (and perhaps ran) stays the row's, in both stores: the new
            // one is a row of its own, as a dictation's retry makes one.
            if !row.finalText.isEmpty { (row.id, row.uid, row.hasAudio) = (nil, nil, false) }
            row.intent = take
            row.finalText = intent.answer.command
            row.error = nil
            row.outcome = .printed
            do {
                try history.save(row, audio: nil, keepAudio: row.hasAudio)
            } catch {
                context.console.error("voicesh: \(error.message); the command above is not in the history")
                return false
            }
            return true
        case .failure(let error):
            row.intent = take
            row.error = Failure.describe(error)
            try history.save(row, audio: nil, keepAudio: true)
            throw HistoryProblem.intentRetryFailed(error)
        }
    }
}
