import Foundation
import VoiceshCore

/// The built-in offline engine: pocketsphinx with a shell-talk model. The audio never
/// leaves the machine. The model loads once per process, in the background (`preload`),
/// and each recording is decoded while it is being made.
public final class PocketSphinxEngine: SpeechEngine, @unchecked Sendable {
    public let label = "edge/pocketsphinx"
    private let vocabulary: [String]
    private let history: [String]
    private let cacheDirectory: String
    /// The acoustic model folder: the user's adapted one (`SpeakerAdaptation`) or the stock one.
    private let acousticModel: String
    /// Guards `decoder` and `inUse`: one recording at a time owns the decoder (this lock is
    /// what makes the class Sendable).
    private let lock = NSLock()
    private var decoder: Result<PocketSphinxDecoder, EngineError>?
    private var inUse = false
    private var loading: Task<Void, Never>?

    /// Stock pocketsphinx files instead of the shell-talk model (for comparisons).
    private let stockFiles: (languageModel: String, dictionary: String)?

    /// `acousticModel` is a folder written by `SpeakerAdaptation`; nil means Debian's en-us model.
    public init(vocabulary: [String], history: [String], cacheDirectory: String, acousticModel: String? = nil) {
        self.vocabulary = vocabulary
        self.history = history
        self.cacheDirectory = cacheDirectory
        self.acousticModel = acousticModel ?? EdgeModel.acousticModel
        stockFiles = nil
    }

    /// pocketsphinx with its general English model and full dictionary, as Debian ships it.
    public static func stock() -> PocketSphinxEngine {
        PocketSphinxEngine(
            languageModel: "/usr/share/pocketsphinx/model/en-us/en-us.lm.bin", dictionary: EdgeModel.stockDictionary)
    }

    private init(languageModel: String, dictionary: String) {
        vocabulary = []
        history = []
        cacheDirectory = ""
        acousticModel = EdgeModel.acousticModel
        stockFiles = (languageModel, dictionary)
    }

    /// Loads the model now and waits for it (for measuring the load).
    public func load() throws(EngineError) { _ = try loadedDecoder().get() }

    /// Starts loading the model now, so the first dictation does not wait for it.
    public func preload() {
        lock.withLock {
            guard loading == nil else { return }
            loading = Task.detached(priority: .utility) { [self] in _ = self.loadedDecoder() }
        }
    }

    private func loadedDecoder() -> Result<PocketSphinxDecoder, EngineError> {
        lock.lock()
        defer { lock.unlock() }
        if let decoder { return decoder }
        let result = Result { () throws(EngineError) in
            var files = stockFiles
            if files == nil {
                let model = try EdgeModel.prepare(
                    vocabulary: vocabulary, history: history, cacheDirectory: cacheDirectory)
                files = (model.languageModel, model.dictionary)
            }
            guard let (languageModel, dictionary) = files else { throw EngineError.unavailable("no model") }
            return try PocketSphinxDecoder(
                acousticModel: acousticModel, languageModel: languageModel, dictionary: dictionary)
        }
        decoder = result
        return result
    }

    public func transcribe(_ audio: AsyncStream<AudioFrame>, partial: @escaping @Sendable (String) -> Void)
        async throws(EngineError) -> Transcript
    {
        let decoder = try loadedDecoder().get()
        let free = lock.withLock {
            defer { inUse = true }
            return !inUse
        }
        guard free else { throw .failed("the edge engine is busy with another recording") }
        defer { lock.withLock { inUse = false } }
        decoder.start()
        var presence = SpeechPresence()
        var lastPartial = ""
        for await frame in audio {
            if Task.isCancelled { break }
            presence.add(frame.samples)
            decoder.process(frame.samples)
            let text = decoder.partial
            if text != lastPartial {
                lastPartial = text
                partial(text)
            }
        }
        let result = decoder.finish()
        if Task.isCancelled { throw .cancelled }
        guard result.heardSpeech, presence.likelySpeech, !result.words.isEmpty else { throw .noSpeech }
        let text = result.words.map(\.word).joined(separator: " ")
        return Transcript(segments: [
            TranscriptSegment(
                text: text, start: result.words.first?.start ?? 0, end: result.words.last?.end ?? 0,
                confidence: result.confidence)
        ])
    }
}
