import Foundation

/// Chooses among the edge engine's readings of one recording: pocketsphinx's N-best, which
/// only ever write shell talk but mishear what its acoustic model cannot tell apart, and
/// Whisper's beam, which hears better but glues and writes words (`catpackage.json`, `GET
/// STATUS`). Each ear proposes its readings, and lines made of both (`ReadingSplice`) join
/// them; the remote's names, then fitted weights of what each ear says of a reading and of its
/// own hearing of the take decide (`Weights`; without them, the margin rule below, as before
/// weights). Pure: the engine measures, this picks (and orders Tab, `ranked`; and splices quoted
/// English, `quoteSpliced`).
public struct EarFusion: Sendable {
    /// One reading of the recording and what is known of it.
    public struct Reading: Equatable, Sendable {
        /// The reading as the shell text it normalises to (`SpokenShell`).
        public var shell: String
        /// Whisper's log-likelihood of the reading (as the ear wrote it, after the spoken-form
        /// prompt), per token; nil when not scored.
        public var whisperScore: Double?
        /// The words of the reading's shell text, outside its quotes, that no shell-talk
        /// dictionary knows and no remote name matches: glued words (`catpackage`) and written
        /// forms that cannot be said back.
        public var unknownWords: Int
        /// Its words that are names from the remote (files, branches, commands there).
        public var contextNames: Int
        /// How much it reads as shell talk: the shell-talk model's log10 probability of the
        /// reading as said, per word (its end included); nil when not known.
        public var shellTalk: Double?
        /// Its place in pocketsphinx's N-best (0: its best), nil when pocketsphinx did not propose it.
        public var pocketsphinxRank: Int?
        /// Its place in Whisper's beam (0: its own reading), nil when Whisper did not propose it.
        /// Whisper's readings are weighed by its score; a rank past 0 says only whether a
        /// reading is Tab's alone (`beamOnly`).
        public var whisperRank: Int?
        /// Made of both ears' best readings, span by span (`ReadingSplice`): spoken words as
        /// pocketsphinx writes them, which neither ear proposed whole.
        public var spliced: Bool

        /// Proposed only by Whisper's beam after its own reading: offered on Tab, never chosen
        /// (`choosable`).
        public var beamOnly: Bool { pocketsphinxRank == nil && !spliced && (whisperRank ?? 0) > 0 }

        public init(
            shell: String, whisperScore: Double?, unknownWords: Int = 0, contextNames: Int = 0,
            pocketsphinxRank: Int? = nil, whisperRank: Int? = nil, shellTalk: Double? = nil, spliced: Bool = false
        ) {
            self.spliced = spliced
            self.shellTalk = shellTalk
            self.shell = shell
            self.whisperScore = whisperScore
            self.unknownWords = unknownWords
            self.contextNames = contextNames
            self.pocketsphinxRank = pocketsphinxRank
            self.whisperRank = whisperRank
        }
    }

    /// What each ear says of its own hearing of one recording, whichever reading it leads to.
    public struct Take: Equatable, Sendable {
        /// pocketsphinx's posterior of its best reading, 0…1 (the lattice's utterance score).
        public var pocketsphinxConfidence: Double?
        /// The lowest of its best reading's word confidences (posterior and N-best agreement).
        public var pocketsphinxLowestWord: Double?
        /// Whisper's mean log-probability per token of its own reading.
        public var whisperLogProbability: Double?
        /// Whisper's probability that the recording holds no speech.
        public var whisperNoSpeech: Double?
        /// The take came through a headset's band (300–3,400 Hz).
        public var narrowband: Bool

        /// pocketsphinx's posterior on a log scale, as the choice weighs it (it spans 0 to about
        /// 0.4, most takes under 0.05); 0 when not known.
        var logPosterior: Double { pocketsphinxConfidence.map { log(max($0, 1e-4)) } ?? 0 }

        public init(
            pocketsphinxConfidence: Double? = nil, pocketsphinxLowestWord: Double? = nil,
            whisperLogProbability: Double? = nil, whisperNoSpeech: Double? = nil, narrowband: Bool = false
        ) {
            self.pocketsphinxConfidence = pocketsphinxConfidence
            self.pocketsphinxLowestWord = pocketsphinxLowestWord
            self.whisperLogProbability = whisperLogProbability
            self.whisperNoSpeech = whisperNoSpeech
            self.narrowband = narrowband
        }
    }

    /// How many of pocketsphinx's readings may be chosen, best first. One: the fusion over its
    /// N-best (`depth` 5, `margin` 3.5, `rankCost` 0.3, tuned on the development set) gained
    /// there mostly on two lines every voice says, +1 of 198 takes on the lines it was not tuned
    /// on, and lost 12 of 252 on the held-out evaluation (BENCHMARKS.md, 2026-11-25): its
    /// next readings stay on Tab, where the user picks among them.
    public var depth = 1
    /// The margin rule, kept for an install without `ear-choice.json` and for the benchmark's
    /// "before" (`EDGE_BENCH_CHOICE=margin`): how much likelier per token (natural log) Whisper
    /// must find a reading only it proposed than pocketsphinx's best before it is taken. Whisper
    /// prefers its own words and written forms (`1234` over `one two three four`: 2.7 per token
    /// on the development set), so only a wide gap was taken to say pocketsphinx heard something
    /// else; fitted on voices where Whisper is weak, it overruled Whisper on human ones.
    public var margin = 3.0
    /// What each place down pocketsphinx's N-best costs a reading, per token (with `depth` > 1):
    /// its next readings are the same kind of text as its best (spoken words), so Whisper's
    /// score compares them fairly, and a small handicap keeps the best one on a near tie.
    public var rankCost = 0.3
    /// How much the shell-talk model's word (natural log, per word) weighs beside Whisper's
    /// per token. Whisper judges sound, not shell: `the readme.md` and `sudo system prune restart
    /// nginx` sounded likely to it, and the margin kept them over its own right readings. Tuned on
    /// the development set (+1 of 136 takes from 0.5 to 2; the middle taken); held out, the fused
    /// line went from 58.2 to 60.6% (docs/benchmarks/edge.md).
    public var shellTalkWeight = 1.0
    /// Whether lines spliced from both ears' best readings (`ReadingSplice`) may be chosen. One
    /// counts as pocketsphinx's best does, `margin` included: it is said in the same spoken
    /// words, which Whisper finds less likely than its own written forms. On the development set
    /// the fused line went from 66.9 to 69.9% (a margin of its own from 2 to 3 gave 69.9–70.6%).
    public var splices = true

    /// The list rule measured in BENCHMARKS.md (`EDGE_BENCH_FUSION_DEPTH`).
    public init(depth: Int, margin: Double = 3.5) {
        self.depth = depth
        self.margin = margin
    }

    public init() {}

    /// The calibrated choice (nil: the margin rule below decides).
    public var weights: Weights?

    /// The choice by these weights (`scripts/fit-ear-choice`).
    public init(weights: Weights) {
        self.weights = weights
    }

    /// The index in `readings` of the reading to keep: nil when there is none. With no Whisper
    /// scores (Whisper silent or not asked), pocketsphinx's best. `take`: what each ear said of
    /// its own hearing of the recording.
    public func choose(_ readings: [Reading], take: Take = Take()) -> Int? {
        // pocketsphinx's best: the reading that stands without better evidence.
        let first = readings.indices.filter { !readings[$0].shell.isEmpty && readings[$0].pocketsphinxRank != nil }
            .min { readings[$0].pocketsphinxRank ?? 0 < readings[$1].pocketsphinxRank ?? 0 }
        // Without Whisper's scores nothing outweighs it.
        let scored = choosable(readings)
        guard !scored.isEmpty else { return first }
        return scored.max { weight(readings[$0], take) < weight(readings[$1], take) }
    }

    /// The readings Whisper scored, its beam's next ones too, likeliest first by the same
    /// weight: the next ones Tab offers after the chosen (then pocketsphinx's N-best), so a
    /// right reading the choice kept back is a key away.
    public func ranked(_ readings: [Reading], take: Take = Take()) -> [Int] {
        readings.indices.filter { index in
            let reading = readings[index]
            return reading.whisperScore != nil && !reading.shell.isEmpty && (reading.pocketsphinxRank ?? 0) < depth
                && (splices || !reading.spliced)
        }.sorted { weight(readings[$0], take) > weight(readings[$1], take) }
    }

    /// The chance the reading at `index` is the right line, by the weights (nil without them):
    /// its share beside the take's other choosable readings, times the chance one of them is.
    public func probability(_ index: Int, of readings: [Reading], take: Take) -> Double? {
        guard let weights, readings.indices.contains(index) else { return nil }
        let shares = Set(choosable(readings) + [index]).map { weights.weight(readings[$0], in: take) }
        let own = weights.weight(readings[index], in: take)
        let top = shares.max() ?? own
        let share = exp(own - top) / shares.reduce(0) { $0 + exp($1 - top) }
        return share / (1 + exp(min(30, max(-30, weights.noneLogOdds(take)))))
    }

    /// The readings that may be chosen, as indices: pocketsphinx's first `depth`, Whisper's own
    /// and the lines of both; of those, the ones that can be said back as shell talk best (a
    /// reading with words no dictionary knows is not a reading of it), then with the most of the
    /// remote's names, then those Whisper scored. Whisper's next beam readings are Tab's
    /// (`ranked`), not the choice's: choosing among them too won 2 held-out clean takes of 332
    /// and lost 8 of 400 in the rooms and microphones (docs/benchmarks/edge.md).
    func choosable(_ readings: [Reading]) -> [Int] {
        let said = readings.indices.filter { index in
            let reading = readings[index]
            return !reading.shell.isEmpty && !reading.beamOnly && reading.pocketsphinxRank.map { $0 < depth } ?? true
        }
        guard let fewest = said.map({ readings[$0].unknownWords }).min() else { return [] }
        let sayable = said.filter { readings[$0].unknownWords == fewest }
        guard let most = sayable.map({ readings[$0].contextNames }).max() else { return [] }
        return sayable.filter { readings[$0].contextNames == most && readings[$0].whisperScore != nil }
    }

    /// pocketsphinx's shell text with the English between its quotes as Whisper wrote it, when
    /// each ear wrote one quoted span and the two differ: Whisper hears free English far better
    /// than pocketsphinx's general model (`EDGE_BENCH_ONLY_QUOTES`), while pocketsphinx keeps
    /// the command around it in shell talk. Nil when there is nothing to splice.
    public static func quoteSpliced(_ pocketsphinx: String, with whisper: String) -> String? {
        func span(_ text: String) -> Range<String.Index>? {
            let marks = text.indices.filter { text[$0] == "\"" }
            guard marks.count == 2 else { return nil }
            return text.index(after: marks[0])..<marks[1]
        }
        guard let mine = span(pocketsphinx), let theirs = span(whisper) else { return nil }
        let english = whisper[theirs]
        guard !english.trimmingCharacters(in: .whitespaces).isEmpty, english != pocketsphinx[mine] else { return nil }
        return pocketsphinx.replacingCharacters(in: mine, with: english)
    }

    /// A reading's weight: by the fitted weights, or else Whisper's score of it with what each
    /// ear's ranking says of it, and how much it reads as shell talk.
    func weight(_ reading: Reading, _ take: Take) -> Double {
        if reading.spliced, !splices { return -.infinity }
        if let weights { return weights.weight(reading, in: take) }
        let ln10 = 2.302_585_093
        let score = (reading.whisperScore ?? -.infinity) + shellTalkWeight * ln10 * (reading.shellTalk ?? 0)
        if reading.spliced { return score + margin }
        guard let rank = reading.pocketsphinxRank else { return score }
        return score + margin - rankCost * Double(rank)
    }
}
