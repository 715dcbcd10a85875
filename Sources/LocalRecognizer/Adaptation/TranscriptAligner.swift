import Foundation
import VoiceshCore

/// Whether a recording says a text: pocketsphinx forced alignment of the text's words. The
/// decoder scores every 10 ms frame against the best-scoring state of the whole acoustic model
/// in that frame, so the forced path's acoustic score per frame is already measured from the
/// freest decode there is (any sound, in any order): where the words were said it stays near
/// that, where the user rewrote the line into something never said the path must bend sounds
/// into the wrong words and falls far below it, or cannot reach its last word at all. Learning
/// a corrected dictation labels its recording with the sent text only past this gate
/// (`threshold`, measured in BENCHMARKS.md on development voices, where it also separated the
/// texts better than the margin over a free decode with the shell-talk model).
public struct TranscriptAligner: Sendable {
    /// How well a word sequence fits a recording.
    public struct Fit: Equatable, Sendable {
        public var words: String
        /// The forced path's acoustic score per frame (pocketsphinx's scaled log units, from
        /// each frame's best state): 0 is the best any sounds could do, lower is worse.
        public var score: Double
        /// The same less the free decode's per frame (`fits(…, free: true)` only).
        public var margin: Double?
    }

    /// The lowest score a text may have to label its recording (development voices: see
    /// BENCHMARKS.md, "Learning from corrections").
    public static let threshold = -18.0

    public let acousticModel: String
    /// Where the shell-talk model is cached (the same as the edge engine's).
    public let cacheDirectory: String

    /// `acousticModel`: the user's learnt voice when there is one (nil: the stock model).
    public init(acousticModel: String? = nil, cacheDirectory: String) {
        self.acousticModel = acousticModel ?? EdgeModel.acousticModel
        self.cacheDirectory = cacheDirectory
    }

    /// The candidate that fits the recording best when it fits well enough, else nil.
    public func label(_ samples: [Int16], candidates: [String]) throws(EngineError) -> String? {
        guard let best = try fits(samples, candidates: candidates).first, best.score >= Self.threshold else {
            return nil
        }
        return best.words
    }

    /// Each candidate's fit, best first; with `free`, each with its margin over a free decode
    /// too (for measuring). A candidate whose forced path cannot reach its last word (more
    /// words than the audio holds, or a word nothing can pronounce) is left out.
    public func fits(_ samples: [Int16], candidates: [String], free: Bool = false) throws(EngineError) -> [Fit] {
        let sequences = candidates.map { $0.split(separator: " ").map(String.init) }.filter { !$0.isEmpty }
        guard !sequences.isEmpty, !samples.isEmpty else { return [] }
        let decoder = try decoder(for: Set(sequences.joined()))
        let heard = free ? decoder.heard(samples) : nil
        let fits = sequences.compactMap { words -> Fit? in
            guard let forced = decoder.forced(samples, words: words), forced.frames > 0 else { return nil }
            let frames = Double(forced.frames)
            return Fit(
                words: words.joined(separator: " "), score: Double(forced.acoustic) / frames,
                margin: heard.map { Double(forced.acoustic - $0.acoustic) / frames })
        }
        return fits.sorted { $0.score > $1.score }
    }

    /// A decoder with the shell-talk model and a dictionary that holds `words` too: words the
    /// model lacks (a file name, a host) get the edge engine's pronunciations, in a dictionary
    /// written beside the model for the load and removed after it.
    private func decoder(for words: Set<String>) throws(EngineError) -> AlignmentDecoder {
        let model = try EdgeModel.prepare(vocabulary: [], history: [], cacheDirectory: cacheDirectory)
        let base = (try? String(contentsOfFile: model.dictionary, encoding: .utf8)) ?? ""
        let known = Set(
            base.split(separator: "\n").compactMap { line in
                line.split(separator: " ").first.map { String($0.prefix { $0 != "(" }) }
            })
        let missing = words.subtracting(known)
        guard !missing.isEmpty else {
            return try AlignmentDecoder(
                acousticModel: acousticModel, languageModel: model.languageModel, dictionary: model.dictionary)
        }
        let lines = EdgeModel.dictionaryLines(missing.sorted(), EdgeModel.pronunciations(for: missing))
        let path = cacheDirectory + "/align-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).dict"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let text = base + (base.hasSuffix("\n") ? "" : "\n") + lines.joined(separator: "\n") + "\n"
        guard
            FileManager.default.createFile(
                atPath: path, contents: Data(text.utf8), attributes: [.posixPermissions: 0o600])
        else { throw .learning(.cannotWriteDictionary(directory: cacheDirectory)) }
        return try AlignmentDecoder(acousticModel: acousticModel, languageModel: model.languageModel, dictionary: path)
    }
}
