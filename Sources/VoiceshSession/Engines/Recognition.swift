import Foundation
import VoiceshCore

/// One engine run on a recording, through the profile's spoken-shell normaliser: the one path
/// shared by dictation in a session, `listen`, `history retry` and `transcribe`.
package enum Recognition {
    /// What the engine heard; its events go to `events` on the way (a `.fallingBack` also
    /// names the engine that gave the text).
    package static func run(
        _ engine: any SpeechEngine, _ request: EngineRequest, aliases: [String: String],
        events: @escaping @Sendable (EngineEvent) -> Void = { _ in }
    ) async throws(EngineError) -> Heard {
        try await transcribed(engine, request, aliases: aliases, events: events).heard
    }

    /// The same, with the engine's own transcript beside it (`transcribe --json` prints its
    /// segments).
    package static func transcribed(
        _ engine: any SpeechEngine, _ request: EngineRequest, aliases: [String: String],
        events: @escaping @Sendable (EngineEvent) -> Void = { _ in }
    ) async throws(EngineError) -> (heard: Heard, transcript: Transcript) {
        let fallback = Locked<String?>(nil)
        let transcript = try await engine.transcribe(request) { event in
            if case .fallingBack(let name, _) = event { fallback.value = name }
            events(event)
        }
        var heard = heard(transcript, engine: engine.label, aliases: aliases, context: request.context)
        heard.fallbackEngine = fallback.value
        return (heard, transcript)
    }

    /// A transcript through the profile's normaliser, with its next distinct readings unless
    /// `readings` is false (a first text shows its best one only).
    package static func heard(
        _ transcript: Transcript, engine: String, aliases: [String: String], context: SpeechContext,
        readings: Bool = true
    ) -> Heard {
        let shell = SpokenShell(aliases: context.aliases(with: aliases))
        let words = transcript.words
        var heard = Heard(
            text: shell.normalize(transcript.text), rawText: transcript.text, engine: engine,
            confidence: transcript.confidence, words: words, unsure: Doubt.unsure(words, normalize: shell.normalize))
        guard readings else { return heard }
        let all = Reading.readings(of: transcript, normalize: shell.normalize)
        heard.alternatives = all.first?.text == heard.text ? Array(all.dropFirst()) : all
        return heard
    }
}
