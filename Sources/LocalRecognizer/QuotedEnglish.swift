import Foundation
import VoiceshCore

/// The second pass over free English inside `quote … end quote`: the shell-talk model cannot
/// say open English, so the audio of each quoted span is decoded again with the general
/// English model and dictionary Debian ships (`pocketsphinx-en-us`), through the same acoustic
/// model (the user's adapted one when there is one), and its words take the span's place.
///
/// Its decoder is separate from the shell-talk one: a second search on that decoder would need
/// the 134,000-word dictionary loaded into it, which every context word added to it would then
/// re-read. It is loaded only once a quote is heard (`prepare`, while the speaker is still
/// talking) and kept for the session.
final class QuotedEnglish: @unchecked Sendable {
    static let languageModel = "/usr/share/pocketsphinx/model/en-us/en-us.lm.bin"
    /// At most 3,000 active HMMs and 10 word exits per frame: with 134,000 words and speech
    /// the model matches poorly, the search otherwise grows to seconds for a few seconds of
    /// audio. On the development quotes this halved the wait and lost no line.
    static let limits = ["-maxhmmpf", "3000", "-maxwpf", "10"]

    private let acousticModel: String
    /// Guards `decoder`; held while it loads and while it decodes, so one does either at a time.
    private let lock = NSLock()
    private var decoder: Result<PocketSphinxDecoder, EngineError>?
    private var preparing = false

    init(acousticModel: String) {
        self.acousticModel = acousticModel
    }

    /// Starts loading the decoder on a thread of its own, unless it is loaded or loading.
    func prepare() {
        let first = lock.withLock {
            defer { preparing = true }
            return !preparing && decoder == nil
        }
        guard first else { return }
        let thread = Thread { [self] in lock.withLock { _ = loaded() } }
        thread.name = "edge-quoted-english"
        thread.start()
    }

    /// The decoder, loaded on first use. Call with `lock` held.
    private func loaded() -> Result<PocketSphinxDecoder, EngineError> {
        if let decoder { return decoder }
        let result = Result { () throws(EngineError) in
            try PocketSphinxDecoder(
                acousticModel: acousticModel, languageModel: Self.languageModel, dictionary: EdgeModel.stockDictionary,
                options: Self.limits)
        }
        decoder = result
        return result
    }

    /// `words` (the first pass's, with their times) with every quoted span heard again in
    /// `audio` (16 kHz), starting from the first pass's cepstral mean `cmn` so the short span
    /// is normalised as the whole utterance was. Without a span, or without the model, the
    /// words are returned as they are.
    func requote(_ words: [QuotedSpan.Word], audio: [Int16], cmn: [Float]) -> [String] {
        let plain = words.map(\.word)
        let spans = QuotedSpan.spans(in: words, duration: Double(audio.count) / 16000)
        guard !spans.isEmpty else { return plain }
        return lock.withLock {
            guard case .success(let decoder) = loaded() else { return plain }
            let heard = spans.map { span in
                let from = max(0, min(audio.count, Int(span.start * 16000)))
                let to = max(from, min(audio.count, Int(span.end * 16000)))
                decoder.cepstralMean = cmn
                decoder.start()
                decoder.process(Array(audio[from..<to]))
                return decoder.finish().words.map(\.word)
            }
            return QuotedSpan.splice(plain, spans, heard)
        }
    }
}
