import Foundation
import Store
import VoiceshCore

/// `voicesh history retry`: a kept recording transcribed again, with its profile's engine or
/// another. A row with no text gets the new text; a row whose text was shown keeps it and the
/// new reading becomes a row of its own. Either lets its recording go unless the profile keeps audio.
package struct Retry {
    package var id: Int64
    /// Another profile's engine.
    package var profile: String?
    /// The built-in offline engine (edge).
    package var builtIn: Bool
    /// A local recogniser command (`{wav}` stands for the recording).
    package var command: String?
    package var timeout: Double?

    package init(id: Int64, profile: String?, builtIn: Bool, command: String?, timeout: Double?) {
        (self.id, self.profile, self.builtIn, self.command, self.timeout) = (id, profile, builtIn, command, timeout)
    }

    /// Prints the new text and keeps it in the row; false when the history could not take it
    /// (the text was printed). A failure throws, the recording still kept.
    package func run(_ context: AppContext) throws -> Bool {
        let database = try context.openDatabase()
        var row = try database.dictation(id: id)
        let original = try? database.profile(named: row.profile)
        var settings = try context.effective(
            try profile.map { name throws(StoreError) in try database.profile(named: name) }
                ?? original ?? Profile(name: row.profile, host: "-"))
        // An intent take is a request for the intent model, never shell talk.
        let request = row.intent.map { UntrustedText.clean($0.request) }
        if let request, !request.isEmpty {
            return try RetryIntent(row: row, request: request, settings: settings, original: original).run(
                context, database: database)
        }
        guard let wav = try database.audio(forDictation: id) else {
            throw HistoryProblem.noRecordingToRetry(id: id)
        }
        let samples = try WAV.decode([UInt8](wav)).speechSamples()
        if builtIn || command != nil {
            settings.engine = EngineConfig(kind: .edge)
            settings.fallback = nil
        }
        settings.engine.override(command: command, timeout: timeout)
        let speech = try EngineFactory.forProfile(settings, in: database, context: context).engine(for: settings)
        let aliases = settings.aliases
        // A take recorded as a request (its words not kept) is heard again as plain English.
        var heardAs = SpeechContext.empty
        heardAs.plainEnglish = request != nil
        let speechContext = heardAs
        let started = Date()
        let result = Blocking.run { () -> Result<Heard, EngineError> in
            do throws(EngineError) {
                let heard = try await Recognition.run(
                    speech, EngineRequest(Recognition.frames(samples), context: speechContext), aliases: aliases)
                // A text that cleaning left empty is no speech, as a session takes it: the
                // recording is kept, never let go for an empty line.
                return heard.text.isEmpty ? .failure(.noSpeech) : .success(heard)
            } catch {
                return .failure(error)
            }
        }
        // The text of a row the user saw is theirs (an edit of an interrupted take, a line they
        // ran): it stays, and a new reading becomes a row of its own.
        let kept = row.finalText.isEmpty ? nil : row
        row.latencyMs = Int(Date().timeIntervalSince(started) * 1000)
        let history = HistoryWriter(
            database: database, policy: original?.history ?? .text, shared: context.sharedAddress)
        defer { history.finish() }
        if request != nil, case .success(let heard) = result {
            let asked = IntentLead.request(in: heard.rawText) ?? UntrustedText.clean(heard.rawText)
            return try RetryIntent(row: row, request: asked, settings: settings, original: original).run(
                context, database: database)
        }
        switch result {
        case .success(let heard):
            if kept != nil {
                row.id = nil
                row.uid = nil
            }
            row.take(heard)
            row.error = nil
            row.outcome = .printed
            context.console.print(heard.text)
            do {
                try history.save(row, audio: nil, keepAudio: false)
                if let kept { try history.save(kept, audio: nil, keepAudio: false) }  // lets its recording go
            } catch {
                context.console.error("voicesh: \(error.message); the text above is not in the history")
                return false
            }
            return true
        case .failure(let error):
            row.error = Failure.describe(error)
            try history.save(row, audio: nil, keepAudio: true)
            throw HistoryProblem.retryFailed(error)
        }
    }
}
