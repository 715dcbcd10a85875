/// Chooses between the edge engine's two ears for one recording: pocketsphinx, which only
/// ever writes shell talk but mishears what its acoustic model cannot tell apart, and
/// Whisper, which hears better but glues and writes words (`catpackage.json`, `GET STATUS`).
/// Each ear proposes its reading; the other ear's score of it, whether it reads as shell talk
/// and the remote's names decide. Decides only: the engine measures, this picks.
public struct EarFusion: Sendable {
    /// One ear's reading of the recording and what is known of it.
    public struct Reading: Equatable, Sendable {
        /// The reading as the shell text it normalises to (`SpokenShell`).
        public var shell: String
        /// Whisper's log-likelihood of the reading (spoken form, after the spoken-form prompt),
        /// per token; nil when not scored.
        public var whisperScore: Double?
        /// The reading's words no shell-talk dictionary knows and no remote name matches: glued
        /// words (`catpackage`) and written forms that cannot be said back.
        public var unknownWords: Int
        /// Its words that are names from the remote (files, branches, commands there).
        public var contextNames: Int

        public init(shell: String, whisperScore: Double?, unknownWords: Int = 0, contextNames: Int = 0) {
            self.shell = shell
            self.whisperScore = whisperScore
            self.unknownWords = unknownWords
            self.contextNames = contextNames
        }
    }

    public enum Ear: Equatable, Sendable {
        case pocketsphinx, whisper
    }

    /// How much likelier per token (natural log) Whisper must find its own reading than
    /// pocketsphinx's before its own is taken. Whisper always prefers its own words and
    /// written forms (`1234` over `one two three four`: 2.7 per token on the development set)
    /// and pocketsphinx's reading is shell talk by construction, so only a wide gap says
    /// pocketsphinx heard something else. Tuned on the development commands only
    /// (Benchmarks/EdgeBenchmark/development.txt, 47 espeak-ng lines: 0.5–6 all within one line
    /// of the oracle, 3 on it).
    public static let margin = 3.0

    public init() {}

    /// The reading to keep. `pocketsphinx` is what the first ear heard; `whisper` is nil when
    /// Whisper heard nothing or was not asked.
    public func choose(pocketsphinx: Reading, whisper: Reading?) -> Ear {
        guard let whisper, !whisper.shell.isEmpty, whisper.shell != pocketsphinx.shell else { return .pocketsphinx }
        // A reading that cannot be said back as shell talk is not a reading of it.
        if whisper.unknownWords > pocketsphinx.unknownWords { return .pocketsphinx }
        if whisper.unknownWords < pocketsphinx.unknownWords { return .whisper }
        if whisper.contextNames != pocketsphinx.contextNames {
            return whisper.contextNames > pocketsphinx.contextNames ? .whisper : .pocketsphinx
        }
        guard let own = whisper.whisperScore, let other = pocketsphinx.whisperScore else { return .pocketsphinx }
        return own > other + Self.margin ? .whisper : .pocketsphinx
    }
}
