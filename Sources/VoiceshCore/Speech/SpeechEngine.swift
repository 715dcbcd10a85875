/// A speech engine: takes the recording as it is made and returns what was said.
///
/// Frames arrive while the user speaks (an engine may decode as they come and report
/// partial text); the stream ends when recording stops, and the engine then returns its
/// final segments. Timeouts and fallbacks wrap engines from outside (see `EngineError`).
/// One call: what the engine notices on the way (`EngineEvent`) goes to `events`, and the
/// end is a typed throw (an `AsyncThrowingStream` of events cannot carry `EngineError`).
public protocol SpeechEngine: Sendable {
    /// A short name for messages and history: `edge/pocketsphinx`, `server/openai` …
    var label: String { get }

    func transcribe(_ request: EngineRequest, events: @escaping @Sendable (EngineEvent) -> Void)
        async throws(EngineError) -> Transcript
}

/// One dictation for an engine: the recording as it is made, and what the remote shell knows
/// for it (`SpeechContext`; an engine that cannot use it ignores it).
public struct EngineRequest: Sendable {
    public var audio: AsyncStream<AudioFrame>
    public var context: SpeechContext

    public init(_ audio: AsyncStream<AudioFrame>, context: SpeechContext = .empty) {
        self.audio = audio
        self.context = context
    }
}

/// What an engine tells on the way to its transcript. Engines that wrap others pass their
/// inner engine's events on.
public enum EngineEvent: Equatable, Sendable {
    /// The text so far, while the user speaks (replaces the previous partial).
    case partial(String)
    /// A first transcript before the final one (the edge engine's two ears: pocketsphinx at
    /// once, the fused text a moment later).
    case first(Transcript)
    /// A remark on a take that still gives text: audio dropped by back-pressure, a reconnection.
    case note(String)
    /// The fallback engine `engine` takes the same audio over; its own timeout starts now.
    case fallingBack(engine: String, reason: FallbackReason)
}

/// Why the fallback engine ran (spec A1, hybrid mode).
public enum FallbackReason: Equatable, Sendable {
    case failed(EngineError)
    case lowConfidence(Double, threshold: Double)
}

/// What an engine heard: final segments, in order, and the next readings of the same audio.
public struct Transcript: Equatable, Sendable {
    public var segments: [TranscriptSegment]
    /// Other readings of the same audio, best first (an engine's N-best, a second engine's):
    /// each a transcript of its own, with its words' confidence. None: the engine gave one.
    public var alternatives: [Transcript]

    public init(segments: [TranscriptSegment], alternatives: [Transcript] = []) {
        self.segments = segments
        self.alternatives = alternatives
    }

    /// The segments' text, joined by single spaces.
    public var text: String { segments.map(\.text).joined(separator: " ") }

    /// The mean confidence of the segments that report one.
    public var confidence: Double? {
        let known = segments.compactMap(\.confidence)
        return known.isEmpty ? nil : known.reduce(0, +) / Double(known.count)
    }
}

/// Why an engine gave no text. The audio is kept in every case, so it can be retried.
public enum EngineError: Error, Equatable, Sendable {
    /// The recording held no speech (silence or noise).
    case noSpeech
    /// No transcript within the profile's timeout after recording stopped.
    case timedOut(seconds: Double)
    /// A Whisper-style server could not be asked, or its answer was not a transcript.
    case server(ServerProblem)
    /// A streaming provider could not be reached, refused the stream, or ended it early.
    case stream(StreamProblem)
    /// A recogniser command could not run, failed, or wrote something that is not a transcript.
    case command(CommandProblem)
    /// pocketsphinx or its shell-talk model could not run, or refused a dictation's context.
    case edge(EdgeProblem)
    /// The second ear could not start, answer, or hear.
    case whisper(WhisperProblem)
    /// Learning the user's voice could not run or did not finish.
    case learning(LearningProblem)
    /// `SSL_CERT_FILE` or `SSL_CERT_DIR` names something that cannot be trusted from.
    case trust(TrustProblem)
    case cancelled
}
