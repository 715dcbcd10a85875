import Foundation
import LocalRecognizer
import Transcription
import VoiceshCore

/// Builds a profile's engine, wrapped in its timeout. The one place that knows every kind.
struct EngineFactory {
    var context: AppContext

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
        case (.server, _), (.stream, _):
            throw .unavailable("\(config.label) engines are not in this build yet; use an edge engine")
        }
        return TimedEngine(engine, seconds: config.timeout)
    }
}
