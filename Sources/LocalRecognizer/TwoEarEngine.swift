import Foundation
import VoiceshCore

/// The edge engine with two ears: pocketsphinx decodes while the user speaks; when the
/// recording stops its text is ready at once (`EngineEvent.first`), then Whisper hears the same audio,
/// scores its own reading and the pocketsphinx readings `EarFusion` may choose (its best),
/// and `EarChoice` keeps one (pocketsphinx's others stay on Tab): this engine runs the ears
/// and hands it their answers, the choice is that value's. Whatever
/// goes wrong with Whisper, pocketsphinx's text stands (said once in the log). When the speech
/// pauses before the recording ends, Whisper reads the line so far ahead (`EarlyHearing`).
/// Offline: both ears run on this machine.
public final class TwoEarEngine: SpeechEngine, @unchecked Sendable {
    public var label: String { "edge/pocketsphinx+\(whisper.runtime.ear.rawValue)" }
    public let pocketsphinx: PocketSphinxEngine
    public let whisper: WhisperEar
    /// Whisper's prompt for a dictation: the spoken-form examples, the vocabulary, the context.
    private let prompt: @Sendable (SpeechContext) -> String
    /// The profile's aliases (spoken phrase → text), which the choice's normaliser applies.
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
        /// What each ear said of its own hearing of the take.
        public var take: EarFusion.Take
        /// The index of the reading kept.
        public var chosen: Int
        /// The chance it is the right line, by the fitted weights (nil without them).
        public var probability: Double?
        public var whisperSeconds: Double
    }

    /// How long pocketsphinx's text waits for Whisper's, in seconds.
    private let patience: Double
    /// How many of its beam's readings Whisper proposes, its own included (`defaultBeam`).
    private let beam: Int
    private let fusion: EarFusion
    /// The shell-talk model's weight in a steered ear's search (nil: the ear's own, tuned).
    private let steerWeight: Double?
    /// Whisper reads the line ahead when the speech pauses (`EarlyHearing`).
    private let readsAhead: Bool

    /// `patience`: how long the first ear's text waits for the second's (`defaultPatience`);
    /// `beam`: how many of Whisper's readings it proposes; `fusion`: the choice among them;
    /// `readsAhead`: off only to measure what reading ahead changes.
    public init(
        pocketsphinx: PocketSphinxEngine, whisper: WhisperEar, aliases: [String: String] = [:],
        patience: Double = TwoEarEngine.defaultPatience, beam: Int = TwoEarEngine.defaultBeam,
        fusion: EarFusion = EarFusion(),
        steerWeight: Double? = nil, readsAhead: Bool = true, prompt: @escaping @Sendable (SpeechContext) -> String,
        report: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.readsAhead = readsAhead
        self.report = report
        self.beam = beam
        self.fusion = fusion
        self.steerWeight = steerWeight
        self.patience = patience
        self.pocketsphinx = pocketsphinx
        self.whisper = whisper
        self.prompt = prompt
        self.aliases = aliases
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
        let context = request.context
        let whisper = whisper
        let readAhead: @Sendable ([Int16]) -> Bool = { [report] samples in
            do throws(EngineError) {
                return try whisper.encode(samples)
            } catch {
                if error != .cancelled { report("whisper: reading ahead: \(error)") }
                return false
            }
        }
        let recorded = EarlyHearing(encode: readsAhead && whisper.runtime.ear == .whisper ? readAhead : nil)
        defer { recorded.stop() }
        let heard = try await pocketsphinx.transcribe(request, events: events) { frame in recorded.add(frame) }
        var choice = EarChoice(
            heard: heard, context: context, narrowband: pocketsphinx.lastChannel == .narrowband, aliases: aliases,
            fusion: fusion, knows: pocketsphinx.knows)
        // Whisper's whole part (waiting for a read-ahead, hearing, scoring) has one patience.
        let ended = Date()
        var started = ended
        var prompt = ""
        while true {
            switch choice.next {
            case .done(let transcript):
                decided.value = choice.decision(whisperSeconds: Date().timeIntervalSince(started))
                return transcript
            case .hear(let scoring):
                // The first ear's text is shown at once; the fused one replaces it. A request in
                // plain English has no shell text to show first.
                if !context.plainEnglish { events(.first(heard)) }
                if Task.isCancelled { throw .cancelled }
                let waited = await toHear(recorded)
                if Task.isCancelled { throw .cancelled }
                guard let samples = waited else {
                    report("whisper: reading ahead did not end; pocketsphinx's text stands")
                    return heard
                }
                // A request in plain English is heard with the names alone (`ShellPrompt`).
                prompt = self.prompt(context)
                started = Date()
                let steer = steering(context)
                let plainEnglish = context.plainEnglish
                let result = await Self.offThread(patience: left(since: ended), cancel: whisper.cancel) {
                    [whisper, beam, prompt] () throws(EngineError) in
                    try whisper.hear(
                        samples, prompt: prompt, readings: scoring, speechEnd: heard.segments.last?.end,
                        hypotheses: beam, steer: steer, plainEnglish: plainEnglish)
                }
                if Task.isCancelled { throw .cancelled }
                switch result {
                case .success(let hearing): choice.hear(hearing, judge: shellTalk())
                case .failure(let error):
                    report("whisper: \(error); pocketsphinx's text stands")
                    return heard
                }
            case .score(let lines):
                let result = await Self.offThread(patience: left(since: ended), cancel: whisper.cancel) {
                    [whisper, prompt] () throws(EngineError) in
                    try whisper.score(lines, prompt: prompt)
                }
                if Task.isCancelled { throw .cancelled }
                if case .failure(let error) = result { report("whisper: \(error); no lines spliced from both ears") }
                choice.scored(try? result.get())
            }
        }
    }

    /// What Whisper hears of the recording: what it read ahead, or all of it, once a read-ahead
    /// under way has ended (the ear takes one request at a time); nil when it did not within the
    /// patience. A cancelled take stops it.
    private func toHear(_ recorded: EarlyHearing) async -> [Int16]? {
        guard recorded.readsAhead else { return recorded.settled() }
        let whisper = whisper
        return try? await Self.offThread(
            patience: patience,
            cancel: {
                recorded.stop()
                whisper.cancel()
            }
        ) { recorded.settled() }.get()
    }

    /// What is left of the patience since `ended` (at least half a second: a last step begun
    /// gets a chance to end).
    private func left(since ended: Date) -> Double {
        max(0.5, patience - Date().timeIntervalSince(ended))
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

    /// Whisper proposes its beam's first three readings, the next two for Tab
    /// (`EarFusion.ranked`). With the decoder adapted to shell talk they are often the right
    /// line when its first is not: on the held-out takes the right line was on Tab in 88.9% of
    /// clean ones with them and 85.5% without, and in the rooms and microphones 59–90% against
    /// 54–85%. The beam search has them anyway, but each costs a forced scoring: the fused text
    /// came 136 ms later after a 2 s line with three, 281 ms with five, which added 0.9 points
    /// clean (docs/benchmarks/edge.md).
    public static let defaultBeam = 3

    /// Runs blocking work on a thread of its own, so the session's tasks keep moving; after
    /// `patience` seconds the answer is a failure and `cancel` stops the work. A
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
                    // Work that overran its patience may never end (a hung child): stopped.
                    if once.answer(.failure(.timedOut(seconds: patience))) { cancel() }
                }
            }
        } onCancel: {
            if once.answer(.failure(.cancelled)) { cancel() }
        }
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
