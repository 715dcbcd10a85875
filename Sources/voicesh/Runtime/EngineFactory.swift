import Foundation
import LocalRecognizer
import Transcription
import VoiceshCore

/// Builds a profile's engine, wrapped in its timeout. The one place that knows every kind.
struct EngineFactory {
    var context: AppContext

    /// The profile's engine, with its `[fallback]` behind it when there is one.
    func engine(for profile: Profile) throws(EngineError) -> any SpeechEngine {
        let primary = try engine(for: profile.engine)
        guard let fallback = profile.fallback else { return primary }
        return HybridEngine(
            primary: primary, fallback: try engine(for: fallback), minConfidence: profile.engine.minConfidence)
    }

    func engine(for config: EngineConfig) throws(EngineError) -> any SpeechEngine {
        let engine: any SpeechEngine
        switch (config.kind, config.recognizer ?? .pocketsphinx) {
        case (.edge, .pocketsphinx):
            let edge = PocketSphinxEngine(
                vocabulary: config.vocabulary, history: [], cacheDirectory: context.location.cacheDirectory)
            edge.preload()
            engine = edge
        case (.edge, .command):
            engine = CommandEngine(
                command: config.command ?? "", scratchDirectory: context.location.cacheDirectory + "/recordings")
        case (.server, _):
            engine = ServerEngine(config: config, environment: context.environment)
        case (.stream, _):
            throw .unavailable("\(config.label) engines are not in this build yet; use an edge or server engine")
        }
        return TimedEngine(engine, seconds: config.timeout)
    }
}
