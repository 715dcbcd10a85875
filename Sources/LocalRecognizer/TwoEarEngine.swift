import Foundation
import VoiceshCore

/// The edge engine with two ears: pocketsphinx decodes while the user speaks; when the
/// recording stops its text is ready at once (`EngineEvent.first`), then Whisper hears the same audio,
/// scores its own reading and the pocketsphinx readings `EarFusion` may choose (its best),
/// and `EarFusion` keeps one (pocketsphinx's others stay on Tab). Whatever
/// goes wrong with Whisper, pocketsphinx's text stands (said once in the log). Offline: both
/// ears run on this machine.
public final class TwoEarEngine: SpeechEngine, @unchecked Sendable {
    public var label: String { "edge/pocketsphinx+\(whisper.runtime.ear.rawValue)" }
    public let pocketsphinx: PocketSphinxEngine
    public let whisper: WhisperEar
    /// Whisper's prompt for a dictation: the spoken-form examples, the vocabulary, the context.
    private let prompt: @Sendable (SpeechContext) -> String
    private let shell: SpokenShell
    /// The profile's aliases (spoken phrase → text), which `shell` applies.
    private let aliases: [String: String]
    /// Hears why Whisper gave nothing for a recording (for the log).
    private let report: @Sendable (String) -> Void
    /// What the last recording's fusion saw and chose (for the benchmark).
    public var lastDecision: Decision? { decided.value }
    private let decided = Locked<Decision?>(nil)
    /// The shell-talk model read from its file, and which file (`shellTalk`).
    private let judge = Locked<(path: String, model: ARPAModel?)?>(nil)

    public struct Decision: Sendable {
        /// pocketsphinx's distinct readings (best first), then those only Whisper proposed.
        public var readings: [EarFusion.Reading]
        public var whisperText: String
        /// The index of the reading kept.
        public var chosen: Int
        public var whisperSeconds: Double
    }

    /// How long pocketsphinx's text waits for Whisper's, in seconds.
    private let patience: Double
    /// How many of its beam's readings Whisper proposes, its own included. One: the others
    /// raised the oracle on the development set (144 → 155 of 252 takes) but were never the
    /// fusion's choice, and each costs a forced scoring (tens of milliseconds). The benchmark
    /// asks for more to measure them.
    private let beam: Int
    private let fusion: EarFusion
    /// The shell-talk model's weight in a steered ear's search (nil: the ear's own, tuned).
    private let steerWeight: Double?

    /// `patience`: how long the first ear's text waits for the second's (`defaultPatience`);
    /// `beam`: how many of Whisper's readings it proposes; `fusion`: the choice among them.
    public init(
        pocketsphinx: PocketSphinxEngine, whisper: WhisperEar, aliases: [String: String] = [:],
        patience: Double = TwoEarEngine.defaultPatience, beam: Int = 1, fusion: EarFusion = EarFusion(),
        steerWeight: Double? = nil, prompt: @escaping @Sendable (SpeechContext) -> String,
        report: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.report = report
        self.beam = beam
        self.fusion = fusion
        self.steerWeight = steerWeight
        self.patience = patience
        self.pocketsphinx = pocketsphinx
        self.whisper = whisper
        self.prompt = prompt
        self.aliases = aliases
        shell = SpokenShell(aliases: aliases)
    }

    /// Gets the first ear ready in the background. The second (a child process and some 400 MiB)
    /// starts with the first recording, as pocketsphinx's decoder does: a session that never
    /// dictates costs what ssh costs, and the model loads while the user speaks.
    public func prepare() {
        pocketsphinx.prepare()
    }

    public func transcribe(_ request: EngineRequest, events: @escaping @Sendable (EngineEvent) -> Void)
        async throws(EngineError) -> Transcript
    {
        decided.value = nil
        whisper.prepare()
        // The judge's model is read while the user speaks, off the fused text's path.
        DispatchQueue.global(qos: .utility).async { [self] in _ = shellTalk() }
        let recorded = Locked<[AudioFrame]>([])
        let context = request.context
        let heard = try await pocketsphinx.transcribe(request, events: events) { frame in
            recorded.update { $0.append(frame) }
        }
        // A hands-free take heard as one of the sentences it may be (`SpeechContext.commands`,
        // decoded with their own small model) is that command: Whisper, which knows no such
        // grammar, is not asked to overrule it.
        if context.commands.contains(heard.text.lowercased()) { return heard }
        // The first ear's text is shown at once; the fused one replaces it. A request in plain
        // English has no shell text to show first.
        if !context.plainEnglish { events(.first(heard)) }
        if Task.isCancelled { throw .cancelled }
        let samples = recorded.value.flatMap(\.samples)
        // A request in plain English is heard without the spoken-shell examples.
        let prompt = context.plainEnglish ? "" : prompt(context)
        // pocketsphinx's distinct readings (as Tab shows them); Whisper scores those the fusion may choose.
        let spoken = Reading.distinct(heard, normalize: shell.normalize)
        let started = Date()
        let scored = spoken.prefix(fusion.depth).map(\.transcript.text)
        let steer = steering(context)
        let result = await Self.offThread(patience: patience, cancel: whisper.cancel) {
            [whisper, beam] () throws(EngineError) in
            try whisper.hear(
                samples, prompt: prompt, readings: scored, speechEnd: heard.segments.last?.end, hypotheses: beam,
                steer: steer)
        }
        if Task.isCancelled { throw .cancelled }
        let hearing: WhisperEar.Hearing
        switch result {
        case .success(let value): hearing = value
        case .failure(let error):
            report("whisper: \(error); pocketsphinx's text stands")
            return heard
        }
        // A request in plain English ("how do I …", `IntentLead`) is Whisper's to hear, as said:
        // the shell-talk ear knows no such sentences, and the intent model wants the words.
        if !Self.isSilence(hearing), context.plainEnglish || IntentLead.request(in: hearing.text) != nil {
            return Transcript(segments: [
                TranscriptSegment(
                    text: hearing.text.trimmingCharacters(in: .whitespaces), start: heard.segments.first?.start ?? 0,
                    end: heard.segments.last?.end ?? 0, confidence: hearing.confidence)
            ])
        }
        let names = Set(context.names.flatMap { [$0.text.lowercased()] + $0.spoken })
        let judge = shellTalk()
        /// `score`: where Whisper's score of it is in `hearing.scores` (nil: not scored);
        /// `said`: its words as said (nil: found from its shell text).
        func reading(_ text: String, shell normalized: String, score: Int?, said: [String]? = nil)
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
                unknownWords: unknown(words, names: names), contextNames: words.filter(names.contains).count,
                shellTalk: judge?.perWord(spokenWords))
        }
        var readings = spoken.enumerated().map { rank, heard in
            var one = reading(
                heard.transcript.text, shell: heard.shell, score: rank < scored.count ? rank : nil,
                said: heard.transcript.text.lowercased().split(separator: " ").map(String.init))
            one.pocketsphinxRank = rank
            return one
        }
        // Whisper's own reading, then its beam's next ones (scored after pocketsphinx's).
        let proposed = Self.isSilence(hearing) ? [] : [hearing.text] + hearing.hypotheses
        for (rank, text) in proposed.enumerated() {
            let normalized = shell.normalize(text)
            guard !normalized.isEmpty else { continue }
            // The same text as a reading Whisper scored is that reading; one the fusion may not
            // choose (pocketsphinx's next) is proposed again as Whisper's own, with its score.
            if let same = readings.prefix(scored.count).firstIndex(where: { $0.shell == normalized }) {
                if readings[same].whisperRank == nil { readings[same].whisperRank = rank }
                continue
            }
            var one = reading(text, shell: normalized, score: scored.count + rank)
            one.whisperRank = rank
            readings.append(one)
        }
        // Lines made of both ears' best readings, span by span, scored by the ear too. Not of
        // a narrowband take (a headset's 300–3,400 Hz): there Whisper base gets few words right
        // (7% of lines), and its spans cost more lines than they mended (development headset:
        // 36.8% fused without them, 34.6% with).
        var splices: [Int: String] = [:]
        let narrowband = pocketsphinx.lastChannel == .narrowband
        if fusion.splices, !narrowband, let first = spoken.first, let own = proposed.first {
            let lines = spliceable(first.transcript.text, with: own, besides: readings)
            if !lines.isEmpty {
                let left = max(0.5, patience - Date().timeIntervalSince(started))
                let result = await Self.offThread(patience: left, cancel: whisper.cancel) {
                    [whisper] () throws(EngineError) in
                    try whisper.score(lines.map(\.said), prompt: prompt)
                }
                if Task.isCancelled { throw .cancelled }
                switch result {
                case .success(let scores):
                    for (line, score) in zip(lines, scores) {
                        var one = reading(
                            line.said, shell: line.shell, score: nil,
                            said: line.said.split(separator: " ").map(String.init))
                        one.whisperScore = Self.perToken(score)
                        one.spliced = true
                        splices[readings.count] = line.said
                        readings.append(one)
                    }
                case .failure(let error): report("whisper: \(error); no lines spliced from both ears")
                }
            }
        }
        // Whisper heard no speech: its scores of pocketsphinx's readings say nothing either.
        guard let chosen = proposed.isEmpty ? 0 : fusion.choose(readings) else { return heard }
        decided.value = Decision(
            readings: readings, whisperText: hearing.text, chosen: chosen,
            whisperSeconds: Date().timeIntervalSince(started))
        guard !proposed.isEmpty else { return heard }
        let start = heard.segments.first?.start ?? 0, end = heard.segments.last?.end ?? 0
        // The ears' words do not line up one to one in a line made of both, or with Whisper's
        // quoted English: every word gets the lower of the two ears' confidence in its line, so
        // doubt in either shows.
        let lower = (heard.segments.compactMap(\.confidence) + [hearing.confidence].compactMap { $0 }).min()
        /// A reading as the transcript it came as: pocketsphinx's words, Whisper's text as it
        /// wrote it, or a line spliced from both ears' (said as pocketsphinx says it).
        func transcript(_ index: Int) -> Transcript {
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
                    TranscriptSegment(
                        text: text, start: start, end: end, confidence: confidence, words: own ? words : [])
                ])
            }
            return Transcript(segments: [
                TranscriptSegment(text: splices[index] ?? "", start: start, end: end, confidence: lower)
            ])
        }
        // On Tab after the chosen: the next two the fusion weighed likeliest, then
        // pocketsphinx's N-best (Reading.distinct drops the repeats).
        let others =
            fusion.ranked(readings).filter { $0 != chosen }.prefix(2).map(transcript)
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

    /// The lines `ReadingSplice` makes of pocketsphinx's best reading (`said`, its words as
    /// heard) and Whisper's own (`written`, said as `SpokenForms` says it), as said and as
    /// shell text, but none that is a reading already.
    private func spliceable(_ said: String, with written: String, besides readings: [EarFusion.Reading])
        -> [(said: String, shell: String)]
    {
        func words(_ text: String) -> [String] { text.lowercased().split(separator: " ").map(String.init) }
        guard
            let whisperSaid = SpokenForms.candidates(for: shell.normalize(written), aliases: aliases, limit: 1).first
        else { return [] }
        var seen = Set(readings.map(\.shell))
        return ReadingSplice.lines(words(said), words(whisperSaid)).compactMap { line in
            let text = line.joined(separator: " ")
            let normalized = shell.normalize(text)
            guard !normalized.isEmpty, seen.insert(normalized).inserted else { return nil }
            return (text, normalized)
        }
    }

    /// The shell-talk model pocketsphinx decodes with, read for the fusion's judge (once per
    /// model file: read under the lock, so a take that needs it while the read begun as the
    /// user spoke is still going waits for it rather than reading the file again); nil before
    /// pocketsphinx has one.
    private func shellTalk() -> ARPAModel? {
        guard let path = pocketsphinx.languageModel else { return nil }
        return judge.update { loaded in
            if let loaded, loaded.path == path { return loaded.model }
            let model = ARPAModel(path: path)
            loaded = (path, model)
            return model
        }
    }

    /// What steers a steered ear for this dictation: the shell-talk model pocketsphinx decodes
    /// with (one source of truth), the remote's names as said, word by word. Nil for Whisper
    /// (its prompt steers it), for a request in plain English (no shell talk in it) and before
    /// pocketsphinx has its model.
    private func steering(_ context: SpeechContext) -> WhisperEar.Steer? {
        guard whisper.runtime.ear == .moonshine, !context.plainEnglish, let model = pocketsphinx.languageModel
        else { return nil }
        let names = Set(context.names.flatMap { $0.spoken.flatMap { $0.split(separator: " ").map(String.init) } })
        return WhisperEar.Steer(languageModel: model, names: names.sorted(), weight: steerWeight)
    }

    /// How long pocketsphinx's text waits for Whisper's (its first load included): a line
    /// decodes in under a second on 2 free cores; on a machine too busy for that, the first
    /// ear's text is better now than a fused one much later.
    public static let defaultPatience = 10.0

    /// Runs blocking work on a thread of its own, so the session's tasks keep moving; after
    /// `patience` seconds the answer is a failure (the work still ends on its thread). A
    /// cancelled task (Esc while the fused text is coming) is answered at once, and `cancel`
    /// stops the work.
    static func offThread<T: Sendable>(
        patience: Double, cancel: @escaping @Sendable () -> Void = {},
        _ work: @escaping @Sendable () throws(EngineError) -> T
    ) async -> Result<T, EngineError> {
        let once = Once<Result<T, EngineError>>()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                guard once.wait(continuation) else { return }  // cancelled before it began
                Thread {
                    once.answer(Result { () throws(EngineError) -> T in try work() })
                }.start()
                DispatchQueue.global().asyncAfter(deadline: .now() + patience) {
                    once.answer(.failure(.timedOut(seconds: patience)))
                }
            }
        } onCancel: {
            if once.answer(.failure(.cancelled)) { cancel() }
        }
    }

    /// Log-likelihood per token: readings of different lengths compare.
    static func perToken(_ score: (logProbability: Double, tokens: Int)) -> Double {
        score.logProbability / Double(max(1, score.tokens))
    }

    /// Whisper's own verdict that it heard no speech (its thresholds, as for a server's segments).
    static func isSilence(_ hearing: WhisperEar.Hearing) -> Bool {
        if hearing.text.isEmpty { return true }
        if let p = hearing.noSpeechProbability, let l = hearing.averageLogProbability, p > 0.6, l < -1 { return true }
        return (hearing.compressionRatio ?? 0) > 2.4
    }

    /// The words of a reading as they would be said, lower case: written forms split at the
    /// marks between words (`package.json` → package json), marks and numbers dropped.
    static func sayable(_ text: String) -> [String] {
        text.lowercased().split { !$0.isLetter && $0 != "'" }.map(String.init).filter { !$0.isEmpty }
    }

    /// How many of `words` neither the shell-talk dictionary nor the remote's names know.
    private func unknown(_ words: [String], names: Set<String>) -> Int {
        words.filter { !names.contains($0) && !pocketsphinx.knows($0) }.count
    }
}

/// Lets exactly one of several racers' answers through, to a waiter that may come before or
/// after it (a task cancelled before its continuation exists is answered when it does).
private final class Once<Answer: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var answered: Answer?
    private var waiter: CheckedContinuation<Answer, Never>?

    /// Whether `answer` was the first.
    @discardableResult
    func answer(_ answer: Answer) -> Bool {
        let (first, waiter) = lock.withLock { () -> (Bool, CheckedContinuation<Answer, Never>?) in
            guard answered == nil else { return (false, nil) }
            answered = answer
            defer { self.waiter = nil }
            return (true, self.waiter)
        }
        waiter?.resume(returning: answer)
        return first
    }

    /// Hands `continuation` the answer, now if there is one; whether it still waits.
    func wait(_ continuation: CheckedContinuation<Answer, Never>) -> Bool {
        let ready: Answer? = lock.withLock {
            guard let answered else {
                waiter = continuation
                return nil
            }
            return answered
        }
        guard let ready else { return true }
        continuation.resume(returning: ready)
        return false
    }
}
