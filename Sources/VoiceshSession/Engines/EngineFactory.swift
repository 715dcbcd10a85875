import Foundation
import LocalRecognizer
import Store
import Streaming
import Transcription
import VoiceshCore

/// Builds a profile's engine, wrapped in its timeout. The one place that knows every kind.
package struct EngineFactory {
    package var context: AppContext
    /// The user's own lines as said (`Dictation.shellTalk`), which the edge model learns from.
    package var history: [String] = []
    /// The profile's aliases, which a server engine's prompt spells for Whisper.
    package var aliases: [String: String] = [:]
    /// Which engines get the remote shell's context (the profile's `context`).
    package var contextPolicy = ContextPolicy.local
    /// Hears what the user should know about an engine as it is built (a missing Whisper
    /// runtime); `transcribe` prints it, the session shows it. A run's own remarks are `.note`s.
    package var notice: @Sendable (String) -> Void = { _ in }
    /// Builds a missing edge model in a child process (`voicesh edge-model`) rather than in
    /// this one; a session sets it, so its memory and keystroke echo are spared the build.
    package var buildsInChild = false
    /// Says when a command waits for the edge model to be built (nil in a session, whose
    /// child builds it in the background).
    package var progress: ProgressLine?
    /// The capture device a session records from (nil: a file, or no session): the edge
    /// engine remembers its channel for the device's next session.
    package var audioDevice: String?

    package init(context: AppContext) { self.context = context }

    /// A factory that feeds the profile's dictation history into the edge model; a profile
    /// with `history = "off"` contributes nothing.
    package static func forProfile(_ profile: Profile, in database: AppDatabase, context: AppContext) -> EngineFactory {
        var factory = EngineFactory(context: context)
        guard profile.history != .off, let rows = try? database.dictations(profile: profile.name, limit: 500)
        else { return factory }
        factory.history = rows.compactMap { $0.shellTalk(aliases: profile.aliases) }
        return factory
    }

    /// Runs this very program (`/proc/self/exe`, even if it was replaced on disk since) with a
    /// small environment: the child needs no credentials, so none are handed down.
    private var childBuilder: EdgeModelBuilder {
        EdgeModelBuilder(
            executable: "/proc/self/exe", arguments: ["voicesh", "edge-model"],
            environment: context.environment.filter {
                [
                    "PATH", "HOME", "LANG", "LC_ALL", "LC_CTYPE", "TMPDIR", "VOICESH_LOG",
                    // Where the corpus it builds from is found (`ResourceLocator`).
                    "VOICESH_DATA_DIR", "XDG_DATA_HOME", "XDG_DATA_DIRS",
                ].contains($0.key)
            },
            report: { Log.app.info("\($0)") })
    }

    /// The profile's engine, with its `[fallback]` behind it when there is one.
    package func engine(for profile: Profile) throws(EngineError) -> any SpeechEngine {
        var factory = self
        factory.aliases = profile.aliases
        factory.contextPolicy = profile.context
        let primary = try factory.engine(for: profile.engine)
        guard let fallback = profile.fallback else { return primary }
        return HybridEngine(
            primary: primary, fallback: try factory.engine(for: fallback), minConfidence: profile.engine.minConfidence)
    }

    /// The profile's neural ear (`ear`: Whisper or the steered Moonshine) beside pocketsphinx
    /// when its runtime is installed (`scripts/setup`) and the profile does not say
    /// `whisper_model = "off"`; without a runtime, pocketsphinx alone and one notice. A model
    /// the user named that is not usable stops here, with what to do.
    func twoEars(_ edge: PocketSphinxEngine, config: EngineConfig) throws(EngineError) -> TwoEarEngine? {
        guard config.whisperModel != "off" else { return nil }
        let ear = config.ear ?? .standard
        switch WhisperRuntime.locate(model: config.whisperModel, environment: context.environment, ear: ear) {
        case .success(let runtime):
            let aliases = aliases
            return TwoEarEngine(
                pocketsphinx: edge,
                whisper: WhisperEar(
                    runtime: runtime, scratchDirectory: context.location.cacheDirectory + "/recordings"),
                aliases: aliases,
                fusion: EarWeights.fusion(
                    voiceDirectory: ear == .whisper && config.whisperModel == nil
                        ? context.location.voiceDirectory : nil),
                prompt: { ShellPrompt(context: $0, config: config, aliases: aliases).text },
                report: { Log.app.info("\($0)") })
        case .failure(let problem):
            switch problem {
            case .badModel(let path, let reason): throw .whisper(.badModel(path: path, reason: reason))
            case .notInstalled:
                notice(
                    "\(ear == .whisper ? "Whisper" : "Moonshine") is not installed (run scripts/setup): "
                        + "the edge engine hears with pocketsphinx alone")
            case .noData:
                Log.app.info(
                    "\(ear.scriptName) is not among voicesh's data (VOICESH_DATA_DIR): pocketsphinx alone")
            case .turnedOff: break
            }
            return nil
        }
    }

    package func engine(for config: EngineConfig) throws(EngineError) -> any SpeechEngine {
        let engine: any SpeechEngine
        // What voicesh tells the engine (an echo of it from a take with little speech is dropped).
        let terms = config.vocabulary + aliases.values.sorted()
        var sent: @Sendable (SpeechContext) -> [String] = { _ in terms }
        switch (config.kind, config.recognizer ?? .pocketsphinx) {
        case (.edge, .pocketsphinx):
            let voice = context.location.voiceDirectory + "/model"
            let edge = PocketSphinxEngine(
                vocabulary: config.vocabulary, history: history, cacheDirectory: context.location.cacheDirectory,
                acousticModel: SpeakerAdaptation.isModel(at: voice) ? voice : nil,
                phrases: aliases.keys.sorted().map { $0.lowercased() },
                builder: buildsInChild ? childBuilder : nil,
                channelMemory: audioDevice.flatMap {
                    ChannelMemory(file: context.location.cacheDirectory + "/channels", device: $0)
                },
                building: { [progress] started in
                    guard let progress else { return }
                    if started {
                        progress.show("building the edge model for this vocabulary and history (once) …")
                    } else {
                        progress.clear()
                    }
                })
            if let ears = try twoEars(edge, config: config) {
                ears.prepare()
                sent = { context in
                    terms + ShellPrompt.lines(ShellPrompt(context: context, config: config, aliases: aliases).text)
                }
                engine = ears
            } else {
                edge.prepare()
                engine = edge
            }
        case (.edge, .command):
            engine = CommandEngine(
                command: config.command ?? "", scratchDirectory: context.location.cacheDirectory + "/recordings")
        case (.server, _):
            let server = ServerEngine(config: config, environment: context.environment, aliases: aliases)
            sent = { server.promptLines(context: $0) }
            engine = server
        case (.stream, _):
            let device = config.provider == .generic ? DeviceID.load(directory: context.location.directory) : ""
            engine = StreamEngine(config: config, environment: context.environment, deviceID: device)
        }
        // Only engines on this machine hear the context unless the profile says `all`.
        let hears = contextPolicy == .all || (contextPolicy == .local && config.kind == .edge)
        // Every engine is behind the recording's own voice activity (`SpeechGate`).
        return SpeechGate(TimedEngine(hears ? engine : ContextBlind(engine), seconds: config.timeout), sent: sent)
    }
}
