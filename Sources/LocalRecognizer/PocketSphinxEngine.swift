import Foundation
import VoiceshCore

/// The built-in offline engine: pocketsphinx with a shell-talk model. The audio never
/// leaves the machine. A session gets the model ready in the background (`prepare`) and
/// loads it when the first recording starts; each recording is decoded while it is made.
public final class PocketSphinxEngine: SpeechEngine, @unchecked Sendable {
    public let label = "edge/pocketsphinx"
    private let vocabulary: [String]
    private let history: [String]
    private let cacheDirectory: String
    /// The acoustic model folder: the user's adapted one (`SpeakerAdaptation`) or the stock one.
    private let acousticModel: String
    /// Guards `files`, `decoder`, `inUse` and `preparing`: one recording at a time owns the
    /// decoder (this lock is what makes the class Sendable). No model work runs under it.
    private let lock = NSLock()
    private var files: Result<ModelFiles, EngineError>?
    private var decoder: Result<PocketSphinxDecoder, EngineError>?
    private var inUse = false
    private var preparing = false
    /// Pronunciations made for context words, kept for the session (memory only).
    private var spoken: [String: String] = [:]
    /// The spoken phrases of the profile's `[aliases]`: part of the model, so each is heard
    /// as the phrase it is, not only rewritten afterwards.
    private let phrases: [String]

    /// The language model and dictionary a decoder is loaded with.
    private struct ModelFiles {
        var languageModel: String
        var dictionary: String
    }

    /// Stock pocketsphinx files instead of the shell-talk model (for comparisons).
    private let stockFiles: ModelFiles?
    /// The general-English second pass over `quote … end quote` (nil: the first pass alone).
    private let quotedEnglish: QuotedEnglish?
    /// Builds the model in a child process for `prepare` (nil: on prepare's own thread).
    private let builder: EdgeModelBuilder?
    /// How a word's posterior and the N-best's agreement on it make its confidence.
    private let scoring: WordAgreement.Fit
    /// Where the capture device's channel is remembered between sessions (nil: not at all).
    private let channelMemory: ChannelMemory?
    /// The channel the last take was heard through (guarded by `lock`): the next starts so.
    private var channel: Channel?
    /// The channel the last take was heard through, once one has been.
    public var lastChannel: Channel? { lock.withLock { channel } }
    /// Whether takes are adapted to their channel (false: every take as it is, for comparisons).
    private let adaptsToChannel: Bool
    /// Hears that this process starts building a model the cache lacks (true) and is done
    /// (false): seconds of work a command says it waits for.
    private let building: @Sendable (Bool) -> Void

    /// `acousticModel` is a folder written by `SpeakerAdaptation`; nil means Debian's en-us model.
    /// `quotedEnglish: false` leaves quoted English as the shell-talk model heard it (for comparisons).
    /// With a `builder`, `prepare` builds the model in a child process. `channelMemory` keeps
    /// the capture device's channel (narrowband or not) for its next session;
    /// `adaptsToChannel: false` decodes every take as it is (for comparisons). `building` hears
    /// a build in this process start and end.
    public init(
        vocabulary: [String], history: [String], cacheDirectory: String, acousticModel: String? = nil,
        phrases: [String] = [], quotedEnglish: Bool = true, builder: EdgeModelBuilder? = nil,
        scoring: WordAgreement.Fit = WordAgreement.fitted, channelMemory: ChannelMemory? = nil,
        adaptsToChannel: Bool = true, building: @escaping @Sendable (Bool) -> Void = { _ in }
    ) {
        self.adaptsToChannel = adaptsToChannel
        self.building = building
        self.builder = builder
        self.scoring = scoring
        self.channelMemory = channelMemory
        self.vocabulary = vocabulary
        self.history = history
        self.phrases = phrases
        self.cacheDirectory = cacheDirectory
        self.acousticModel = acousticModel ?? EdgeModel.acousticModel
        stockFiles = nil
        self.quotedEnglish = quotedEnglish ? QuotedEnglish(acousticModel: self.acousticModel) : nil
    }

    /// pocketsphinx with its general English model and full dictionary, as Debian ships it.
    public static func stock() -> PocketSphinxEngine {
        PocketSphinxEngine(
            languageModel: "/usr/share/pocketsphinx/model/en-us/en-us.lm.bin", dictionary: EdgeModel.stockDictionary)
    }

    private init(languageModel: String, dictionary: String) {
        vocabulary = []
        history = []
        phrases = []
        cacheDirectory = ""
        acousticModel = EdgeModel.acousticModel
        stockFiles = ModelFiles(languageModel: languageModel, dictionary: dictionary)
        quotedEnglish = nil
        builder = nil
        scoring = WordAgreement.fitted
        channelMemory = nil
        adaptsToChannel = true
        building = { _ in }
    }

    /// The stock acoustic model's folder (Debian's pocketsphinx-en-us), which a learnt voice adapts.
    public static var stockAcousticModel: String { EdgeModel.acousticModel }

    /// What the engine needs and this machine lacks (the acoustic model, voicesh's shell
    /// corpus), or nil: what a session would find first, found without building anything.
    public static func missing() -> EdgeProblem? { EdgeModel.missing() }

    /// Loads the model now and waits for it (for measuring the load).
    public func load() throws(EngineError) { _ = try loadedDecoder().get() }

    /// Gets the model ready without loading it, on a thread of its own at the lowest CPU
    /// priority (so typing in the session comes first): the language model and dictionary
    /// are built or found in the cache, and every model file is read into the page cache.
    /// The decoder itself (~16 MiB) is built when the first recording starts, from warm files
    /// and while the user speaks, so a session that never dictates stays as small as ssh and
    /// the first dictation does not wait for a cold model. With a `builder` a child process
    /// builds a missing model (the cache then has it); if the child fails, the first
    /// recording builds it as without one.
    public func prepare() {
        let first = lock.withLock {
            defer { preparing = true }
            return !preparing
        }
        guard first else { return }
        let thread = Thread { [self] in
            // On Linux the nice value is per thread: this lowers only this one.
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 19)
            if let builder, !job.isCached, !builder.build(job) { return }
            guard case .success(let files) = modelFiles() else { return }
            let acoustic = (try? FileManager.default.contentsOfDirectory(atPath: acousticModel)) ?? []
            for path in acoustic.map({ acousticModel + "/" + $0 }) + [files.languageModel, files.dictionary] {
                let fd = open(path, O_RDONLY | O_CLOEXEC)
                guard fd >= 0 else { continue }
                _ = posix_fadvise(fd, 0, 0, POSIX_FADV_WILLNEED)  // the kernel reads ahead; no memory of ours
                close(fd)
            }
        }
        thread.name = "edge-prepare"
        thread.start()
    }

    /// The language model and dictionary, built once. Whoever needs them first builds them;
    /// a recording that starts while `prepare` is still busy does not wait behind its priority.
    private func modelFiles() -> Result<ModelFiles, EngineError> {
        if let files = lock.withLock({ files }) { return files }
        let result = Result { () throws(EngineError) -> ModelFiles in
            if let stockFiles { return stockFiles }
            let job = job
            let cold = !job.isCached
            if cold { building(true) }
            defer { if cold { building(false) } }
            let model = try EdgeModel.prepare(
                vocabulary: job.vocabulary, history: job.history, cacheDirectory: job.cacheDirectory)
            if model.built { builder?.report("edge model: built in this process") }
            return ModelFiles(languageModel: model.languageModel, dictionary: model.dictionary)
        }
        lock.withLock { files = files ?? result }
        return result
    }

    /// What the model is built from.
    private var job: EdgeModelJob {
        EdgeModelJob(vocabulary: vocabulary, history: history + Self.weighted(phrases), cacheDirectory: cacheDirectory)
    }

    /// The decoder, loaded on first use; callers hold `inUse`, so one loads at a time.
    private func loadedDecoder() -> Result<PocketSphinxDecoder, EngineError> {
        if let decoder = lock.withLock({ decoder }) { return decoder }
        let result = modelFiles().flatMap { files in
            Result { () throws(EngineError) in
                try PocketSphinxDecoder(
                    acousticModel: acousticModel, languageModel: files.languageModel, dictionary: files.dictionary)
            }
        }
        lock.withLock { decoder = result }
        return result
    }

    /// The shell-talk language model's file (ARPA), once built or found: the same model steers
    /// the neural ear (`moonshine-ear.py`). Nil before the first recording and for stock files.
    public var languageModel: String? {
        guard stockFiles == nil, case .success(let files) = lock.withLock({ files }) else { return nil }
        return files.languageModel
    }

    /// Whether the shell-talk dictionary (with the words the context added) has `word`; false
    /// before the first recording loaded it. For judging another ear's words (`TwoEarEngine`).
    public func knows(_ word: String) -> Bool {
        guard case .success(let decoder) = lock.withLock({ decoder }) else { return false }
        return decoder.knows(word)
    }

    /// How often each alias phrase counts in the model: once among thousands of corpus
    /// sentences, a phrase was heard half the time (2 of 4 on espeak-ng speech); a macro is
    /// said as a whole and often, so it is weighted like a command used that many times.
    static let phraseWeight = 20

    static func weighted(_ phrases: [String]) -> [String] {
        Array(repeating: phrases, count: phraseWeight).flatMap { $0 }
    }

    /// The decoder's model for this dictation: its own, or with the context's small model
    /// beside it and the context's new words in its dictionary (espeak-ng says words it lacks;
    /// those are kept for the session). A context that cannot be used leaves the model alone.
    private func apply(_ context: SpeechContext, to decoder: PocketSphinxDecoder) {
        guard !context.isEmpty, stockFiles == nil else {
            try? decoder.use(contextModel: nil, weight: 0)
            return
        }
        let model = NGramModel(sentences: ContextModel.sentences(for: context))
        // Pronunciations for the words the decoder lacks, each made once per session ("" for a
        // word none can say, so espeak-ng is not asked again).
        let missing = model.vocabulary.filter { !$0.hasPrefix("<") && !decoder.knows($0) }
        var cache = lock.withLock { spoken }
        let unheard = missing.filter { cache[$0] == nil }
        for word in unheard { cache[word] = ShellLexicon.pronunciations[word]?.first }
        let made = Pronouncer.pronounce(unheard.filter { cache[$0] == nil })
        for word in unheard where cache[word] == nil { cache[word] = made[word] ?? "" }
        lock.withLock { spoken.merge(cache) { old, _ in old } }
        let fresh = missing.reduce(into: [String: String]()) { words, word in
            if let phones = cache[word], !phones.isEmpty { words[word] = phones }
        }
        do throws(EngineError) {
            try decoder.add(fresh)
            try decoder.use(contextModel: model.arpa, weight: ContextModel.weight(for: context))
        } catch {
            try? decoder.use(contextModel: nil, weight: 0)
        }
    }

    /// The final words with the first pass's scores (`confidences`, one per first-pass word):
    /// words the quoted-English second pass left alone keep theirs; the words it heard again
    /// have none (unknown, never marked).
    static func scored(_ words: [String], first: [String], posteriors: [Double]) -> [TranscriptSegment.Word] {
        let head = zip(words, first).prefix { $0 == $1 }.count
        let tail = min(
            zip(words.reversed(), first.reversed()).prefix { $0 == $1 }.count, words.count - head, first.count - head)
        return words.enumerated().map { i, word in
            let confidence: Double? =
                i < head
                ? posteriors[i] : i >= words.count - tail ? posteriors[first.count - (words.count - i)] : nil
            return TranscriptSegment.Word(word, confidence: confidence)
        }
    }

    /// The most readings besides the best one a transcript carries (distinct word sequences).
    static let alternativeLimit = 8

    /// The best first-pass reading's confidences and the next distinct readings with theirs:
    /// each word's lattice posterior (best reading only: the lattice scores its path) combined
    /// with how far the other readings agree on it (`WordAgreement`).
    func readings(best: [String], posteriors: [Double], nbest: [[String]]) -> (
        best: [Double], alternatives: [[TranscriptSegment.Word]]
    ) {
        var distinct: [[String]] = [best]
        for path in nbest where !path.isEmpty && !distinct.contains(path) && distinct.count <= Self.alternativeLimit {
            distinct.append(path)
        }
        func others(_ i: Int) -> [[String]] { distinct.enumerated().filter { $0.offset != i }.map(\.element) }
        let bestAgreement = WordAgreement.agreement(best, others(0))
        let bestScores = zip(posteriors, bestAgreement).map { scoring.confidence(posterior: $0, agreement: $1) }
        let alternatives = distinct.indices.dropFirst().map { i in
            let reading = distinct[i]
            // A word the best reading has in the same place shares its posterior.
            let inBest = WordAgreement.alignment(reading, best)
            return zip(reading.indices, WordAgreement.agreement(reading, others(i))).map { k, agreement in
                TranscriptSegment.Word(
                    reading[k],
                    confidence: scoring.confidence(posterior: inBest[k].map { posteriors[$0] }, agreement: agreement))
            }
        }
        return (bestScores, alternatives)
    }

    /// The cepstral mean a take on a band new to the decoder starts from: the one this
    /// device's last session ended with when it was the same band, else the take's own first
    /// second's. Live CMN would otherwise start from the model's training channel (or the last
    /// microphone's) and keep it for the whole take: a first take through a headset was heard
    /// as `cat r hello world` for `git push origin main`, and none of 48 was right.
    private func startMean(_ decoder: PocketSphinxDecoder, _ listening: ChannelListening, _ batch: [[Int16]]) {
        if lock.withLock({ channel }) == nil, let remembered = channelMemory?.recall(),
            remembered.channel == listening.channel,
            remembered.mean.count == decoder.cepstralMean.count
        {
            decoder.cepstralMean = remembered.mean
            return
        }
        let own = decoder.cepstralMean(of: batch.flatMap { $0 })
        if !own.isEmpty { decoder.cepstralMean = own }
    }

    /// The next take is heard as the first on a new microphone: the channel and the cepstral
    /// mean learnt so far are forgotten (the remembered device's are kept).
    public func forgetChannel() {
        lock.withLock {
            channel = nil
            if case .success(let decoder) = decoder { decoder.cepstralMean = decoder.initialCepstralMean }
        }
    }

    public func transcribe(_ request: EngineRequest, events: @escaping @Sendable (EngineEvent) -> Void)
        async throws(EngineError) -> Transcript
    {
        let (audio, context) = (request.audio, request.context)
        let free = lock.withLock {
            defer { inUse = true }
            return !inUse
        }
        guard free else { throw .edge(.busy) }
        defer { lock.withLock { inUse = false } }
        // The first recording loads the model; its audio waits in the stream meanwhile.
        // A take cancelled while it waited for its context (Esc) goes no further.
        if Task.isCancelled { throw .cancelled }
        let decoder = try loadedDecoder().get()
        apply(context, to: decoder)
        decoder.start()
        var presence = SpeechPresence()
        var lastPartial = ""
        var recording: [Int16] = []  // kept for a second pass over a quoted span
        var listening = ChannelListening(previous: lock.withLock { channel }, adapts: adaptsToChannel)
        var settled = false
        func hear(_ batch: [[Int16]]) {
            if !settled, !batch.isEmpty {
                settled = true
                if listening.isNewChannel { startMean(decoder, listening, batch) }
            }
            for samples in batch {
                decoder.process(samples)
                if quotedEnglish != nil { recording += samples }
            }
        }
        for await frame in audio {
            if Task.isCancelled { break }
            presence.add(frame.samples)
            let heard = listening.add(frame.samples)
            hear(heard)
            guard !heard.isEmpty else { continue }
            let text = decoder.partial
            if text != lastPartial {
                lastPartial = text
                events(.partial(text))
                // Its model loads while the speaker is still saying the quote; the words are
                // looked at only when the partial changes, not at every frame.
                if let quotedEnglish, text.split(separator: " ").contains("quote") { quotedEnglish.prepare() }
            }
        }
        hear(listening.finish())
        let result = decoder.finish()
        if adaptsToChannel {
            let heard = listening.channel
            lock.withLock { channel = heard }
            channelMemory?.remember(heard, mean: decoder.cepstralMean)
        }
        if Task.isCancelled {
            // An utterance cut off (Esc while recording) leaves the live cepstral mean it
            // carries to the next one skewed: the next take was misheard ("git status" as
            // "sudo docker"). The next recording loads a fresh decoder while its audio waits.
            lock.withLock {
                self.decoder = nil
                channel = nil
            }
            throw .cancelled
        }
        if !context.isEmpty { apply(.empty, to: decoder) }
        guard result.heardSpeech, presence.likelySpeech, !result.words.isEmpty else { throw .noSpeech }
        let words =
            quotedEnglish?.requote(result.words, audio: recording, cmn: decoder.cepstralMean)
            ?? result.words.map(\.word)
        let text = words.joined(separator: " ")
        let first = result.words.map(\.word)
        let readings = readings(best: first, posteriors: result.posteriors, nbest: result.nbest)
        let start = result.words.first?.start ?? 0, end = result.words.last?.end ?? 0
        return Transcript(
            segments: [
                TranscriptSegment(
                    text: text, start: start, end: end, confidence: result.confidence,
                    words: Self.scored(words, first: first, posteriors: readings.best))
            ],
            // Quoted English is heard again in the best reading only: the others keep the first pass's.
            alternatives: readings.alternatives.map { words in
                Transcript(segments: [
                    TranscriptSegment(
                        text: words.map(\.text).joined(separator: " "), start: start, end: end, words: words)
                ])
            })
    }
}
