import CPocketSphinx
import Foundation
import VoiceshCore

/// A pocketsphinx decoder (ps_decoder_t) with its configuration: loaded once, then reused
/// utterance after utterance. Not thread-safe; `PocketSphinxEngine` serialises its use.
final class PocketSphinxDecoder {
    private let handle: PocketSphinxHandle
    /// The dictionary file the decoder was loaded with.
    private let dictionary: String
    private var heardSpeech = false

    /// Loads the acoustic model, the language model and the dictionary (the slow part).
    /// `options` are more pocketsphinx arguments (`["-fwdflat", "no"]`).
    init(acousticModel: String, languageModel: String, dictionary: String, options: [String] = [])
        throws(EngineError)
    {
        handle = try PocketSphinxHandle(
            acousticModel: acousticModel, languageModel: languageModel, dictionary: dictionary, options: options)
        self.dictionary = dictionary
        initialCepstralMean = []
        initialCepstralMean = cepstralMean
    }

    /// The cepstral mean a fresh decoder starts from: the model's `-cmninit`, its training channel's.
    private(set) var initialCepstralMean: [Float]

    /// Whether the dictionary holds `word`.
    func knows(_ word: String) -> Bool { handle.knows(word) }

    /// Words added to the loaded dictionary for context (word → CMU phones), kept for the session.
    private var added: [String: String] = [:]

    /// Adds words to the dictionary (`word` → CMU phones). The dictionary is reloaded whole
    /// (`ps_load_dict`): `ps_add_word` would also add each word to every loaded language model,
    /// where this pocketsphinx's trie models read past their tables for it (a crash).
    func add(_ words: [String: String]) throws(EngineError) {
        let fresh = words.filter { added[$0.key] == nil && !knows($0.key) }
        guard !fresh.isEmpty else { return }
        added.merge(fresh) { old, _ in old }
        let base = (try? String(contentsOfFile: dictionary, encoding: .utf8)) ?? ""
        let lines = added.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
        try Self.inMemory(base + (base.hasSuffix("\n") ? "" : "\n") + lines.joined(separator: "\n") + "\n") {
            path throws(EngineError) in
            guard ps_load_dict(handle.decoder, path, nil, nil) == 0 else {
                throw .edge(.contextRefused(.words))
            }
        }
    }

    /// Decodes the next utterances with the loaded model interpolated with `arpa`, a small
    /// model of this dictation's context, or with the loaded model alone (nil).
    func use(contextModel arpa: String?, weight: Float) throws(EngineError) {
        guard let arpa else {
            _ = ps_set_search(handle.decoder, Self.baseSearch)
            return
        }
        try Self.inMemory(arpa) { path throws(EngineError) in
            guard let base = ps_get_lm(handle.decoder, Self.baseSearch),
                let model = ngram_model_read(
                    handle.config, path, NGRAM_ARPA, logmath_retain(ps_get_logmath(handle.decoder)))
            else { throw .edge(.contextRefused(.read)) }
            defer { ngram_model_free(model) }
            // The set keeps its own references to both models (ngram_model_set_init retains them).
            var models: [OpaquePointer?] = [base, model]
            var names = [strdup("base"), strdup("context")]
            defer { names.forEach { free($0) } }
            var weights: [Float] = [1 - weight, weight]
            guard let set = ngram_model_set_init(handle.config, &models, &names, &weights, 2) else {
                throw .edge(.contextRefused(.combine))
            }
            defer { ngram_model_free(set) }  // the search keeps its own reference
            guard ps_set_lm(handle.decoder, Self.contextSearch, set) == 0,
                ps_set_search(handle.decoder, Self.contextSearch) == 0
            else {
                _ = ps_set_search(handle.decoder, Self.baseSearch)
                throw .edge(.contextRefused(.search))
            }
        }
    }

    /// Hands `text` to a pocketsphinx call that wants a path, through a POSIX shared-memory
    /// object unlinked at once: context never becomes a file, and the name is gone before use.
    private static func inMemory(_ text: String, _ body: (String) throws(EngineError) -> Void) throws(EngineError) {
        let name = "/voicesh-context-\(getpid())"
        let fd = shm_open(name, O_RDWR | O_CREAT | O_EXCL, 0o600)
        guard fd >= 0 else {
            throw .edge(.contextNotInMemory(reason: String(cString: strerror(errno))))
        }
        shm_unlink(name)
        defer { close(fd) }
        let bytes = Array(text.utf8)
        guard bytes.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) == bytes.count else {
            throw .edge(.contextNotInMemory(reason: nil))
        }
        try body("/proc/self/fd/\(fd)")
    }

    /// pocketsphinx's name for the search `-lm` makes (PS_DEFAULT_SEARCH), and ours.
    static let baseSearch = "_default"
    static let contextSearch = "context"

    /// The live cepstral mean (CMN) the next utterance starts from: what the decoder has learnt
    /// of this microphone and voice so far.
    var cepstralMean: [Float] {
        get {
            guard let cmn = ps_get_feat(handle.decoder)?.pointee.cmn_struct else { return [] }
            var mean = [Float](repeating: 0, count: Int(cmn.pointee.veclen))
            cmn_live_get(cmn, &mean)
            return mean
        }
        set {
            guard let cmn = ps_get_feat(handle.decoder)?.pointee.cmn_struct, newValue.count == Int(cmn.pointee.veclen)
            else { return }
            cmn_live_set(cmn, newValue)
        }
    }

    /// The mean cepstrum of `samples` through this decoder's own front end (over the frames its
    /// voice detector passes, as live CMN counts them): where live CMN would settle on this
    /// channel. Empty when no frame was voiced. Call before the utterance's first audio: the
    /// front end is left as `start()` left it.
    func cepstralMean(of samples: [Int16]) -> [Float] {
        guard let fe = ps_get_fe(handle.decoder), !samples.isEmpty else { return [] }
        let width = Int(fe_get_output_size(fe))
        let capacity = samples.count / Self.frameShift + 8
        var cepstra = [Float](repeating: 0, count: capacity * width)
        var frames: Int32 = 0
        fe_start_utt(fe)
        cepstra.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var rows: [UnsafeMutablePointer<Float>?] = (0..<capacity).map { base + $0 * width }
            samples.withUnsafeBufferPointer { audio in
                var input = audio.baseAddress
                var remaining = audio.count
                frames = Int32(capacity)
                if fe_process_frames(fe, &input, &remaining, &rows, &frames, nil) < 0 { frames = 0 }
            }
        }
        fe_start_utt(fe)
        guard frames > 0 else { return [] }
        return (0..<width).map { i in
            (0..<Int(frames)).reduce(Float(0)) { $0 + cepstra[$1 * width + i] } / Float(frames)
        }
    }

    /// Samples handed to the decoder since it was made, and where this utterance began.
    private var streamSamples = 0
    private var utteranceStart = 0
    /// pocketsphinx's frame shift at 16 kHz (10 ms).
    private static let frameShift = 160

    func start() {
        heardSpeech = false
        utteranceStart = streamSamples
        ps_start_utt(handle.decoder)
    }

    /// Decodes as the audio arrives, so the text is ready soon after the last frame.
    func process(_ samples: [Int16]) {
        samples.withUnsafeBufferPointer { buffer in
            _ = ps_process_raw(handle.decoder, buffer.baseAddress, buffer.count, 0, 0)
        }
        streamSamples += samples.count
        if ps_get_in_speech(handle.decoder) != 0 { heardSpeech = true }
    }

    /// The best hypothesis so far (for live partial text).
    var partial: String {
        var score: Int32 = 0
        return ps_get_hyp(handle.decoder, &score).map { String(cString: $0) } ?? ""
    }

    /// Ends the utterance: words with their times (10 ms frames), each word's posterior
    /// probability in the lattice (`posteriors`, 0…1, one per word), the utterance's, and the
    /// lattice's next readings (`nbest`, best first, as `nbest(limit:)` gives them).
    func finish() -> (
        words: [(word: String, start: Double, end: Double)], posteriors: [Double], confidence: Double,
        heardSpeech: Bool, nbest: [[String]]
    ) {
        ps_end_utt(handle.decoder)
        var words: [(String, Double, Double)] = []
        var posteriors: [Double] = []
        let logmath = ps_get_logmath(handle.decoder)
        var segment = ps_seg_iter(handle.decoder)
        // Segment frames are the stream's (every sample since the decoder was made), offset by
        // where pocketsphinx's voice detector says speech began: that sample count less its
        // pre-speech buffer, which can reach back before this utterance when speech begins at
        // once. The path begins (`<s>`) at the first frame it searched, so this utterance's
        // frame 0 is the earlier of that and where its audio began (sphinxbase fe_process_frames).
        var origin: Int32?
        let firstOwnFrame = Int32(utteranceStart / Self.frameShift)
        while let current = segment {
            let word = String(cString: ps_seg_word(current))
            var first: Int32 = 0
            var last: Int32 = 0
            ps_seg_frames(current, &first, &last)
            if origin == nil { origin = min(first, firstOwnFrame) }
            first -= origin ?? 0
            last -= origin ?? 0
            if let base = Self.word(Substring(word)) {
                words.append((base, Double(first) / 100, Double(last + 1) / 100))
                // The word's posterior in the lattice (the bestpath search computes them): how much
                // of the probability of every path through this stretch goes through this word.
                var acoustic: Int32 = 0, language: Int32 = 0, backoff: Int32 = 0
                let posterior = ps_seg_prob(current, &acoustic, &language, &backoff)
                posteriors.append(min(1, max(0, logmath_exp(logmath, posterior))))
            }
            segment = ps_seg_next(current)
        }
        let probability = logmath_exp(logmath, ps_get_prob(handle.decoder))
        return (words, posteriors, probability, heardSpeech, heardSpeech ? nbest(limit: Self.nbestLimit) : [])
    }

    /// How many paths of the lattice `finish` reads: enough for a handful of distinct readings
    /// (many paths differ only in silences and fillers) and for the agreement of the words
    /// (`WordAgreement`), few enough to cost a few milliseconds.
    static let nbestLimit = 30

    /// The lattice's best `limit` paths after `ps_end_utt` (an A* search), best first: each its
    /// words without fillers and alternate-pronunciation marks. Paths may repeat a reading.
    func nbest(limit: Int) -> [[String]] {
        var paths: [[String]] = []
        var iterator = ps_nbest(handle.decoder)
        while let current = iterator, paths.count < limit {
            var score: Int32 = 0
            if let hyp = ps_nbest_hyp(current, &score) {
                paths.append(String(cString: hyp).split(separator: " ").compactMap(Self.word))
            }
            iterator = ps_nbest_next(current)  // frees the iterator itself at the end (nil)
        }
        if let iterator { ps_nbest_free(iterator) }
        return paths
    }

    /// A recognised token as a word: nil for fillers and markers (<s>, </s>, <sil>, [NOISE],
    /// ++GARBAGE++); `kubectl(2)` → `kubectl`.
    static func word(_ token: Substring) -> String? {
        guard !token.hasPrefix("<"), !token.hasPrefix("["), !token.hasPrefix("+") else { return nil }
        return token.split(separator: "(").first.map(String.init) ?? String(token)
    }
}
