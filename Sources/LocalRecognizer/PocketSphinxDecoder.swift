import CPocketSphinx
import Foundation
import VoiceshCore

/// A pocketsphinx decoder (ps_decoder_t) with its configuration: loaded once, then reused
/// utterance after utterance. Not thread-safe; `PocketSphinxEngine` serialises its use.
final class PocketSphinxDecoder {
    private let config: OpaquePointer
    private let decoder: OpaquePointer
    private var heardSpeech = false

    /// Loads the acoustic model, the language model and the dictionary (the slow part).
    init(acousticModel: String, languageModel: String, dictionary: String) throws(EngineError) {
        // cmd_ln_init is variadic and unusable from Swift: build the config from an argv.
        let arguments = [
            "voicesh", "-hmm", acousticModel, "-lm", languageModel, "-dict", dictionary, "-logfn", "/dev/null",
            "-samprate", "16000",
        ]
        var argv = arguments.map { strdup($0) }
        defer { argv.forEach { free($0) } }
        guard let config = cmd_ln_parse_r(nil, ps_args(), Int32(argv.count), &argv, 1) else {
            throw .unavailable("pocketsphinx rejected its configuration")
        }
        guard let decoder = ps_init(config) else {
            cmd_ln_free_r(config)
            throw .unavailable("pocketsphinx could not load its model from \(acousticModel)")
        }
        self.config = config
        self.decoder = decoder
    }

    deinit {
        ps_free(decoder)
        cmd_ln_free_r(config)
    }

    func start() {
        heardSpeech = false
        ps_start_utt(decoder)
    }

    /// Decodes as the audio arrives, so the text is ready soon after the last frame.
    func process(_ samples: [Int16]) {
        samples.withUnsafeBufferPointer { buffer in
            _ = ps_process_raw(decoder, buffer.baseAddress, buffer.count, 0, 0)
        }
        if ps_get_in_speech(decoder) != 0 { heardSpeech = true }
    }

    /// The best hypothesis so far (for live partial text).
    var partial: String {
        var score: Int32 = 0
        return ps_get_hyp(decoder, &score).map { String(cString: $0) } ?? ""
    }

    /// Ends the utterance: words with their times (10 ms frames) and the posterior probability.
    func finish() -> (words: [(word: String, start: Double, end: Double)], confidence: Double, heardSpeech: Bool) {
        ps_end_utt(decoder)
        var words: [(String, Double, Double)] = []
        var segment = ps_seg_iter(decoder)
        while let current = segment {
            let word = String(cString: ps_seg_word(current))
            var first: Int32 = 0
            var last: Int32 = 0
            ps_seg_frames(current, &first, &last)
            // Fillers and markers (<s>, </s>, <sil>, [NOISE], ++GARBAGE++) are not words.
            if !word.hasPrefix("<"), !word.hasPrefix("["), !word.hasPrefix("+") {
                let base = word.split(separator: "(").first.map(String.init) ?? word  // "kubectl(2)" → "kubectl"
                words.append((base, Double(first) / 100, Double(last + 1) / 100))
            }
            segment = ps_seg_next(current)
        }
        let probability = logmath_exp(ps_get_logmath(decoder), ps_get_prob(decoder))
        return (words, probability, heardSpeech)
    }
}
