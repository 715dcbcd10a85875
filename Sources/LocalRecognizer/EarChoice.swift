import Foundation
import VoiceshCore

/// The two-ear engine's choice of a take's line, as a value: what pocketsphinx heard (its
/// distinct readings), the take's context and band in; then what Whisper heard and scored;
/// out, what the engine must ask Whisper next (`next`) and at last the line, with the other
/// readings in Tab's order and the record of the choice (`decision`). No threads, child or
/// clock: `TwoEarEngine` runs the ears and feeds it their answers. What each ear's evidence
/// makes of a reading is weighed in one place (`reading`); `EarFusion` chooses among them.
struct EarChoice: Sendable {
    /// What the engine does next.
    enum Next: Equatable, Sendable {
        /// The line is chosen: this transcript is the take's.
        case done(Transcript)
        /// Whisper hears the take, scoring these readings of pocketsphinx's (those the fusion may
        /// choose) with its own; its hearing goes to `hear`.
        case hear(scoring: [String])
        /// Whisper scores these lines made of both ears' words, as said; its scores (or none,
        /// when it failed) go to `scored`.
        case score([String])
    }

    /// What the engine does next.
    private(set) var next: Next
    /// Every reading weighed: pocketsphinx's distinct ones (best first), then those only
    /// Whisper proposed, then the lines spliced from both ears' words it scored.
    private(set) var readings: [EarFusion.Reading] = []
    /// The index in `readings` of the one kept; nil before (or without) a choice.
    private(set) var chosen: Int?

    private let heard: Transcript
    private let context: SpeechContext
    private let narrowband: Bool
    private let aliases: [String: String]
    private let shell: SpokenShell
    private let fusion: EarFusion
    /// Whether the shell-talk dictionary (pocketsphinx's) has a word.
    private let knows: @Sendable (String) -> Bool
    /// pocketsphinx's distinct readings (as Tab shows them), best first.
    private let spoken: [(transcript: Transcript, shell: String)]
    /// Those of `spoken` Whisper scores: the ones the fusion may choose.
    private let scoring: [String]
    /// The remote's names, as written and as said, lower case.
    private let names: Set<String>
    /// What Whisper heard (nothing before `hear`).
    private var hearing = WhisperEar.Hearing(text: "", words: [], scores: [])
    /// The shell-talk model that judges readings (nil: none to judge with).
    private var judge: ARPAModel?
    /// Whisper's own reading, then its beam's next ones; none when it heard no speech.
    private var proposed: [String] = []
    /// The lines spliced from both ears' words that Whisper is asked to score.
    private var lines: [(said: String, shell: String)] = []
    /// The spliced lines weighed, as said, by their index in `readings`.
    private var splices: [Int: String] = [:]

    /// `heard`: pocketsphinx's transcript (its N-best as alternatives); `narrowband`: the take
    /// came through a headset's band; `aliases`: the profile's (spoken phrase → text); `knows`:
    /// whether the shell-talk dictionary has a word.
    init(
        heard: Transcript, context: SpeechContext, narrowband: Bool, aliases: [String: String] = [:],
        fusion: EarFusion = EarFusion(), knows: @escaping @Sendable (String) -> Bool
    ) {
        self.heard = heard
        self.context = context
        self.narrowband = narrowband
        self.aliases = aliases
        self.fusion = fusion
        self.knows = knows
        let shell = SpokenShell(aliases: aliases)
        self.shell = shell
        spoken = Reading.distinct(heard, normalize: shell.normalize)
        // A request in plain English is Whisper's own words whatever it scores (`hear`), so
        // its readings of the take are not scored: the decoder's passes over them are saved.
        scoring = context.plainEnglish ? [] : spoken.prefix(fusion.depth).map(\.transcript.text)
        names = Set(context.names.flatMap { [$0.text.lowercased()] + $0.spoken })
        // A hands-free take heard as one of the sentences it may be (`SpeechContext.commands`,
        // decoded with their own small model) is that command: Whisper, which knows no such
        // grammar, is not asked to overrule it.
        next = context.commands.contains(heard.text.lowercased()) ? .done(heard) : .hear(scoring: scoring)
    }

    /// Whisper's hearing of the take: its text, beam, words, confidence, and its scores of
    /// `scoring`, then of its own readings. `judge`, the shell-talk model, is read only when
    /// readings are weighed (not for a request heard as said).
    mutating func hear(_ hearing: WhisperEar.Hearing, judge: @autoclosure () -> ARPAModel?) {
        self.hearing = hearing
        let silent = Self.isSilence(hearing)
        // A request in plain English ("how do I …", `IntentLead`) is Whisper's to hear, as said:
        // the shell-talk ear knows no such sentences, and the intent model wants the words.
        if !silent, context.plainEnglish || IntentLead.request(in: hearing.text) != nil {
            next = .done(
                Transcript(segments: [
                    TranscriptSegment(
                        text: hearing.text.trimmingCharacters(in: .whitespaces), start: start, end: end,
                        confidence: hearing.confidence)
                ]))
            return
        }
        self.judge = judge()
        readings = spoken.enumerated().map { rank, heard in
            var one = reading(
                heard.transcript.text, shell: heard.shell, score: rank < scoring.count ? rank : nil,
                said: heard.transcript.text.lowercased().split(separator: " ").map(String.init))
            one.pocketsphinxRank = rank
            return one
        }
        // Whisper's own reading, then its beam's next ones (scored after pocketsphinx's).
        proposed = silent ? [] : [hearing.text] + hearing.hypotheses
        for (rank, text) in proposed.enumerated() {
            let normalized = shell.normalize(text)
            guard !normalized.isEmpty else { continue }
            // The same text as a reading Whisper scored is that reading; one the fusion may not
            // choose (pocketsphinx's next) is proposed again as Whisper's own, with its score.
            if let same = readings.prefix(scoring.count).firstIndex(where: { $0.shell == normalized }) {
                if readings[same].whisperRank == nil { readings[same].whisperRank = rank }
                continue
            }
            // A next beam reading that writes a line Whisper already scored (its own, in
            // other marks or spoken forms) would only take one of Tab's places twice.
            if rank > 0, readings.contains(where: { $0.shell == normalized && $0.whisperScore != nil }) { continue }
            var one = reading(text, shell: normalized, score: scoring.count + rank)
            one.whisperRank = rank
            readings.append(one)
        }
        // Lines made of both ears' best readings, span by span, scored by the ear too. Not of
        // a narrowband take (a headset's 300–3,400 Hz): there Whisper base gets few words right
        // (7% of lines), and its spans cost more lines than they mended (development headset:
        // 36.8% fused without them, 34.6% with).
        if fusion.splices, !narrowband, let first = spoken.first, let own = proposed.first {
            lines = spliceable(first.transcript.text, with: own)
            if !lines.isEmpty {
                next = .score(lines.map(\.said))
                return
            }
        }
        next = .done(choose())
    }

    /// Whisper's scores of the lines `next` asked for, in order; nil when the scoring failed
    /// (then no line of both ears is weighed).
    mutating func scored(_ scores: [WhisperEar.Hearing.Score]?) {
        for (line, score) in zip(lines, scores ?? []) {
            var one = reading(
                line.said, shell: line.shell, score: nil, said: line.said.split(separator: " ").map(String.init))
            one.whisperScore = Self.perToken(score)
            one.spliced = true
            splices[readings.count] = line.said
            readings.append(one)
        }
        next = .done(choose())
    }

    /// What the fusion saw and chose, for the engine's record (`TwoEarEngine.lastDecision`);
    /// nil when it chose nothing.
    func decision(whisperSeconds: Double) -> TwoEarEngine.Decision? {
        chosen.map {
            TwoEarEngine.Decision(
                readings: readings, whisperText: hearing.text, take: take, chosen: $0,
                probability: fusion.probability($0, of: readings, take: take), whisperSeconds: whisperSeconds)
        }
    }

    /// The reading kept, as its transcript, with the others in Tab's order.
    private mutating func choose() -> Transcript {
        // Whisper heard no speech: its scores of pocketsphinx's readings say nothing either.
        guard let chosen = proposed.isEmpty ? 0 : fusion.choose(readings, take: take) else { return heard }
        self.chosen = chosen
        guard !proposed.isEmpty else { return heard }
        // On Tab after the chosen: the next two lines the fusion weighed likeliest (each once:
        // the same words may come from both ears), then pocketsphinx's N-best
        // (Reading.distinct drops the repeats).
        var next: [Int] = []
        for index in fusion.ranked(readings, take: take) where next.count < 2 {
            let line = readings[index].shell
            if !([chosen] + next).contains(where: { readings[$0].shell == line }) { next.append(index) }
        }
        let others =
            next.map { transcript($0) }
            + spoken.indices.filter { $0 != chosen }.map { Transcript(segments: spoken[$0].transcript.segments) }
        let line = transcript(chosen)
        // pocketsphinx's command with the English between the quotes as Whisper heard it, when
        // no lines of both ears were weighed (else the quoted words were chosen span by span:
        // development quotes 45.3 → 46.9%).
        if splices.isEmpty, readings[chosen].pocketsphinxRank != nil,
            let quoted = EarFusion.quoteSpliced(readings[chosen].shell, with: shell.normalize(hearing.text))
        {
            return Transcript(
                segments: [TranscriptSegment(text: quoted, start: start, end: end, confidence: lower)],
                alternatives: [line] + others)
        }
        guard chosen > 0 else { return Transcript(segments: heard.segments, alternatives: others) }
        return Transcript(segments: line.segments, alternatives: others)
    }

    /// A reading and what is known of it: the one place each ear's evidence is weighed.
    /// `score`: where Whisper's score of it is in `hearing.scores` (nil: not scored);
    /// `said`: its words as said (nil: found from its shell text).
    private func reading(_ text: String, shell normalized: String, score: Int?, said: [String]? = nil)
        -> EarFusion.Reading
    {
        let words = Self.sayable(text)
        let spokenWords =
            said ?? SpokenForms.candidates(for: normalized, aliases: aliases, limit: 1).first.map {
                $0.split(separator: " ").map(String.init)
            } ?? words
        return EarFusion.Reading(
            shell: normalized,
            whisperScore: score.flatMap {
                hearing.scores.indices.contains($0) ? Self.perToken(hearing.scores[$0]) : nil
            },
            unknownWords: Self.sayable(Self.unquoted(normalized)).filter { !names.contains($0) && !knows($0) }.count,
            contextNames: words.filter(names.contains).count, shellTalk: judge?.perWord(spokenWords))
    }

    /// A reading as the transcript it came as: pocketsphinx's words, Whisper's text as it
    /// wrote it, or a line spliced from both ears' (said as pocketsphinx says it).
    private func transcript(_ index: Int) -> Transcript {
        if let rank = readings[index].pocketsphinxRank {
            return Transcript(segments: spoken[rank].transcript.segments)
        }
        if let rank = readings[index].whisperRank {
            let text = proposed[rank]
            let confidence = hearing.confidence
            let words = hearing.words.map { word in
                word.confidence == nil ? TranscriptSegment.Word(word.text, confidence: confidence) : word
            }
            let own = rank == 0 && words.map(\.text) == text.split(separator: " ").map(String.init)
            return Transcript(segments: [
                TranscriptSegment(text: text, start: start, end: end, confidence: confidence, words: own ? words : [])
            ])
        }
        return Transcript(segments: [
            TranscriptSegment(text: splices[index] ?? "", start: start, end: end, confidence: lower)
        ])
    }

    /// The lines `ReadingSplice` makes of pocketsphinx's best reading (`said`, its words as
    /// heard) and Whisper's own (`written`, said as `SpokenForms` says it), as said and as
    /// shell text, but none that is a reading already. A line Whisper's beam also wrote is
    /// made all the same: the beam's next readings are Tab's, and the line may be chosen.
    private func spliceable(_ said: String, with written: String) -> [(said: String, shell: String)] {
        func words(_ text: String) -> [String] { text.lowercased().split(separator: " ").map(String.init) }
        guard
            let whisperSaid = SpokenForms.candidates(for: shell.normalize(written), aliases: aliases, limit: 1).first
        else { return [] }
        var seen = Set(readings.filter { !$0.beamOnly }.map(\.shell))
        return ReadingSplice.lines(words(said), words(whisperSaid)).compactMap { line in
            let text = line.joined(separator: " ")
            let normalized = shell.normalize(text)
            guard !normalized.isEmpty, seen.insert(normalized).inserted else { return nil }
            return (text, normalized)
        }
    }

    /// What each ear said of its own hearing of the take.
    var take: EarFusion.Take {
        EarFusion.Take(
            pocketsphinxConfidence: heard.segments.first?.confidence,
            pocketsphinxLowestWord: heard.segments.flatMap(\.words).compactMap(\.confidence).min(),
            whisperLogProbability: hearing.averageLogProbability, whisperNoSpeech: hearing.noSpeechProbability,
            narrowband: narrowband)
    }

    /// Where the take is: from pocketsphinx's first word to its last.
    private var start: Double { heard.segments.first?.start ?? 0 }
    private var end: Double { heard.segments.last?.end ?? 0 }

    /// The ears' words do not line up one to one in a line made of both, or with Whisper's
    /// quoted English: every word gets the lower of the two ears' confidence in its line, so
    /// doubt in either shows.
    private var lower: Double? {
        (heard.segments.compactMap(\.confidence) + [hearing.confidence].compactMap { $0 }).min()
    }

    /// Log-likelihood per token: readings of different lengths compare.
    static func perToken(_ score: WhisperEar.Hearing.Score) -> Double {
        score.logProbability / Double(max(1, score.tokens))
    }

    /// Whisper's own verdict that it heard no speech (its thresholds, as for a server's segments).
    static func isSilence(_ hearing: WhisperEar.Hearing) -> Bool {
        if hearing.text.isEmpty { return true }
        if let p = hearing.noSpeechProbability, let l = hearing.averageLogProbability, p > 0.6, l < -1 { return true }
        return (hearing.compressionRatio ?? 0) > 2.4
    }

    /// Shell text without what is between double quotes: free English, which no shell-talk
    /// dictionary holds. Counted there, the words of every quoted message (and Whisper's own
    /// spellings, `jit log` for the `git log` it normalises to) shut out Whisper's right
    /// readings (held out: `git log --stat` lost to `change log --stat`).
    static func unquoted(_ shell: String) -> String {
        shell.split(separator: "\"", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 0 }.map(\.element).joined(separator: " ")
    }

    /// The words of a reading as they would be said, lower case: written forms split at the
    /// marks between words (`package.json` → package json), marks and numbers dropped.
    static func sayable(_ text: String) -> [String] {
        text.lowercased().split { !$0.isLetter && $0 != "'" }.map(String.init).filter { !$0.isEmpty }
    }
}
