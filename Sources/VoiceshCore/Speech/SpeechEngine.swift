/// A speech engine: takes the recording as it is made and returns what was said.
///
/// Frames arrive while the user speaks (an engine may decode as they come and report
/// partial text); the stream ends when recording stops, and the engine then returns its
/// final segments. Timeouts and fallbacks wrap engines from outside (see `EngineError`).
public protocol SpeechEngine: Sendable {
    /// A short name for messages and history: `edge/pocketsphinx`, `server/openai` …
    var label: String { get }

    func transcribe(_ audio: AsyncStream<AudioFrame>, partial: @escaping @Sendable (String) -> Void)
        async throws(EngineError) -> Transcript

    /// The same, with what the remote shell knows for this one dictation (`SpeechContext`).
    /// An engine that cannot use it ignores it: the default does.
    func transcribe(
        _ audio: AsyncStream<AudioFrame>, context: SpeechContext, partial: @escaping @Sendable (String) -> Void
    ) async throws(EngineError) -> Transcript
}

extension SpeechEngine {
    public func transcribe(
        _ audio: AsyncStream<AudioFrame>, context: SpeechContext, partial: @escaping @Sendable (String) -> Void
    ) async throws(EngineError) -> Transcript {
        try await transcribe(audio, partial: partial)
    }
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
    /// The engine cannot run here (a missing model, a missing program, a missing key).
    case unavailable(String)
    /// The engine ran and failed: the server's or program's own words.
    case failed(String)
    /// The engine answered something that is not a transcript.
    case badOutput(String)
    case cancelled
}
