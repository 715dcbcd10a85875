import CPocketSphinx
import Foundation
import VoiceshCore

/// A pocketsphinx decoder for forced alignment: the shell-talk language model for a free
/// decode, and a grammar of exactly one word sequence for a forced one, over the same audio.
/// Both are decoded whole (`full_utt`: the cepstral mean of the whole recording) and without
/// the lattice pass, so their best paths compare. Not thread-safe; owned by one alignment.
final class AlignmentDecoder {
    private let handle: PocketSphinxHandle
    private var grammars = 0

    /// How a search's best path heard the audio: its words, the acoustic score of the whole
    /// path (fillers and silences included, pocketsphinx's scaled log units) and its frames.
    struct Path {
        var words: [String]
        var acoustic: Int
        var frames: Int
    }

    init(acousticModel: String, languageModel: String, dictionary: String) throws(EngineError) {
        handle = try PocketSphinxHandle(
            acousticModel: acousticModel, languageModel: languageModel, dictionary: dictionary,
            options: ["-bestpath", "no"])
    }

    func knows(_ word: String) -> Bool { handle.knows(word) }

    /// The free decode: what the shell-talk model hears.
    func heard(_ samples: [Int16]) -> Path? {
        guard ps_set_search(handle.decoder, PocketSphinxDecoder.baseSearch) == 0 else { return nil }
        return decode(samples)
    }

    /// The forced decode: the audio as exactly `words` (every pronunciation of each, with
    /// optional silences and fillers between them). Nil when the path cannot reach the end.
    func forced(_ samples: [Int16], words: [String]) -> Path? {
        guard !words.isEmpty, words.allSatisfy(knows) else { return nil }
        // A fresh name each time: replacing the search in use would free it under the decoder.
        grammars += 1
        let name = "forced\(grammars)"
        let weight = Float(cmd_ln_float_r(handle.config, "-lw"))
        guard let fsg = fsg_model_init(name, ps_get_logmath(handle.decoder), weight, Int32(words.count + 1)) else {
            return nil
        }
        defer { fsg_model_free(fsg) }  // the search keeps its own reference
        fsg.pointee.start_state = 0
        fsg.pointee.final_state = Int32(words.count)
        for (state, word) in words.enumerated() {
            let id = fsg_model_word_add(fsg, word)
            fsg_model_trans_add(fsg, Int32(state), Int32(state + 1), 0, id)
        }
        guard ps_set_fsg(handle.decoder, name, fsg) == 0, ps_set_search(handle.decoder, name) == 0 else { return nil }
        guard let path = decode(samples), path.words == words else { return nil }
        return path
    }

    private func decode(_ samples: [Int16]) -> Path? {
        guard ps_start_utt(handle.decoder) == 0 else { return nil }
        samples.withUnsafeBufferPointer { buffer in
            _ = ps_process_raw(handle.decoder, buffer.baseAddress, buffer.count, 0, 1)
        }
        ps_end_utt(handle.decoder)
        var words: [String] = []
        var acoustic = 0
        var segment = ps_seg_iter(handle.decoder)
        guard segment != nil else { return nil }
        while let current = segment {
            let word = String(cString: ps_seg_word(current))
            var score: Int32 = 0, language: Int32 = 0, backoff: Int32 = 0
            _ = ps_seg_prob(current, &score, &language, &backoff)
            acoustic += Int(score)
            if let base = PocketSphinxDecoder.word(Substring(word)) { words.append(base) }
            segment = ps_seg_next(current)
        }
        return Path(words: words, acoustic: acoustic, frames: Int(ps_get_n_frames(handle.decoder)))
    }
}
