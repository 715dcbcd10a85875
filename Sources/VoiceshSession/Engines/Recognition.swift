import Foundation
import Transcription
import VoiceshCore

/// What one engine run made of a recording, through the profile's spoken-shell normaliser:
/// the one path shared by dictation in a session, `listen` and `history retry`.
package struct Recognition: Sendable {
    package var text: String
    package var rawText: String
    /// The engine that was asked first (`EngineConfig.label`).
    package var engine: String
    /// The fallback engine, when it produced the text.
    package var fallbackEngine: String?
    package var fallbackReason: HybridEngine.FallbackReason?
    package var confidence: Double?
    /// The engine's words with its confidence in each, and which shell words came from unsure ones.
    package var words: [TranscriptSegment.Word] = []
    package var unsure: Set<Int> = []
    /// The next distinct readings of the same audio in shell text, best first (`Reading`).
    package var alternatives: [Reading] = []

    package static func run(
        _ engine: any SpeechEngine, audio: AsyncStream<AudioFrame>, aliases: [String: String],
        context: SpeechContext = .empty, partial: @escaping @Sendable (String) -> Void = { _ in },
        fallingBack: @Sendable () -> Void = {}, first: (@Sendable (Recognition) -> Void)? = nil
    ) async throws(EngineError) -> Recognition {
        if let first {
            // An engine that hears in two steps shows its first text at once (`FirstText`).
            let label = engine.label
            let listener: @Sendable (Transcript) -> Void = { transcript in
                first(Self.made(transcript, engine: label, aliases: aliases, context: context))
            }
            let result = await FirstText.$heard.withValue(listener) { () async -> Result<Recognition, EngineError> in
                do throws(EngineError) {
                    return .success(
                        try await run(
                            engine, audio: audio, aliases: aliases, context: context, partial: partial,
                            fallingBack: fallingBack))
                } catch {
                    return .failure(error)
                }
            }
            return try result.get()
        }
        let outcome: HybridEngine.Outcome
        if let hybrid = engine as? HybridEngine {
            outcome = try await hybrid.run(audio, context: context, partial: partial, fallingBack: fallingBack)
        } else {
            outcome = .init(
                transcript: try await engine.transcribe(audio, context: context, partial: partial), engine: engine.label
            )
        }
        let raw = outcome.transcript.text
        let shell = SpokenShell(aliases: context.aliases(with: aliases))
        let words = outcome.transcript.words
        let text = shell.normalize(raw)
        let readings = Reading.readings(of: outcome.transcript, normalize: shell.normalize)
        return Recognition(
            text: text, rawText: raw, engine: engine.label,
            fallbackEngine: outcome.fallbackReason == nil ? nil : outcome.engine,
            fallbackReason: outcome.fallbackReason, confidence: outcome.transcript.confidence, words: words,
            unsure: Doubt.unsure(words, normalize: shell.normalize),
            alternatives: readings.first?.text == text ? Array(readings.dropFirst()) : readings)
    }

    /// A transcript through the profile's normaliser.
    static func made(_ transcript: Transcript, engine: String, aliases: [String: String], context: SpeechContext)
        -> Recognition
    {
        let shell = SpokenShell(aliases: context.aliases(with: aliases))
        let words = transcript.words
        return Recognition(
            text: shell.normalize(transcript.text), rawText: transcript.text, engine: engine,
            confidence: transcript.confidence,
            words: words, unsure: Doubt.unsure(words, normalize: shell.normalize))
    }
}
