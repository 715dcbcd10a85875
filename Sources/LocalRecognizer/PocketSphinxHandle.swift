import CPocketSphinx
import Foundation
import VoiceshCore

/// A pocketsphinx configuration and the decoder (ps_decoder_t) it loads, freed together: what
/// `PocketSphinxDecoder` and `AlignmentDecoder` each drive in their own way.
final class PocketSphinxHandle {
    let config: OpaquePointer
    let decoder: OpaquePointer

    /// Loads the acoustic model, the language model and the dictionary (the slow part).
    /// `options` are more pocketsphinx arguments (`["-fwdflat", "no"]`).
    init(acousticModel: String, languageModel: String, dictionary: String, options: [String]) throws(EngineError) {
        Self.silenced
        // cmd_ln_init is variadic and unusable from Swift: build the config from an argv.
        let arguments =
            [
                "voicesh", "-hmm", acousticModel, "-lm", languageModel, "-dict", dictionary, "-samprate", "16000",
            ] + options
        var argv = arguments.map { strdup($0) }
        defer { argv.forEach { free($0) } }
        guard let config = cmd_ln_parse_r(nil, ps_args(), Int32(argv.count), &argv, 1) else {
            throw .edge(.configurationRejected)
        }
        guard let decoder = ps_init(config) else {
            cmd_ln_free_r(config)
            throw .edge(.cannotLoadModel(path: acousticModel))
        }
        self.config = config
        self.decoder = decoder
    }

    /// pocketsphinx's log is one FILE for the whole process. Given `-logfn`, every ps_init
    /// closed and reopened it: two decoders loading at once (the shell model beside the
    /// quoted-English one or an aligner) closed it twice and deadlocked in glibc's stdio lock,
    /// and a decoder logging meanwhile wrote to a closed FILE. It is turned off once instead.
    private static let silenced: Void = err_set_logfp(nil)

    deinit {
        ps_free(decoder)
        cmd_ln_free_r(config)
    }

    /// Whether the dictionary holds `word`.
    func knows(_ word: String) -> Bool {
        guard let phones = ps_lookup_word(decoder, word) else { return false }
        free(phones)
        return true
    }
}
