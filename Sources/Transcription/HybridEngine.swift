import Foundation
import VoiceshCore

/// A primary engine with a fallback (spec A1, hybrid mode): when the primary fails, times
/// out, or is less confident than `minConfidence`, the same recorded audio goes to the
/// fallback. The outcome says which engine produced the text and why the fallback ran.
public struct HybridEngine: SpeechEngine {
    public let primary: any SpeechEngine
    public let fallback: any SpeechEngine
    public let minConfidence: Double?

    public init(primary: any SpeechEngine, fallback: any SpeechEngine, minConfidence: Double?) {
        self.primary = primary
        self.fallback = fallback
        self.minConfidence = minConfidence
    }

    public var label: String { primary.label }

    /// What happened: the text, the engine that gave it, and why the fallback ran, if it did.
    public struct Outcome: Sendable {
        public var transcript: Transcript
        public var engine: String
        public var fallbackReason: FallbackReason?

        public init(transcript: Transcript, engine: String, fallbackReason: FallbackReason? = nil) {
            self.transcript = transcript
            self.engine = engine
            self.fallbackReason = fallbackReason
        }
    }

    public enum FallbackReason: Equatable, Sendable {
        case failed(EngineError)
        case lowConfidence(Double, threshold: Double)
    }

    public func transcribe(_ audio: AsyncStream<AudioFrame>, partial: @escaping @Sendable (String) -> Void)
        async throws(EngineError) -> Transcript
    {
        try await run(audio, partial: partial).transcript
    }

    public func transcribe(
        _ audio: AsyncStream<AudioFrame>, context: SpeechContext, partial: @escaping @Sendable (String) -> Void
    ) async throws(EngineError) -> Transcript {
        try await run(audio, context: context, partial: partial).transcript
    }

    /// `fallingBack` is called when the fallback takes over (its own timeout starts then).
    public func run(
        _ audio: AsyncStream<AudioFrame>, context: SpeechContext = .empty,
        partial: @escaping @Sendable (String) -> Void,
        fallingBack: @Sendable () -> Void = {}
    ) async throws(EngineError) -> Outcome {
        // Keep every frame while the primary hears it, so the fallback gets the same audio.
        let recorded = FrameLog()
        let (relay, feed) = AsyncStream<AudioFrame>.makeStream()
        let forwarding = Task {
            for await frame in audio {
                recorded.append(frame)
                feed.yield(frame)
            }
            feed.finish()
        }
        let reason: FallbackReason
        var unsure: Transcript?
        do throws(EngineError) {
            let transcript = try await primary.transcribe(relay, context: context, partial: partial)
            if let minConfidence, let confidence = transcript.confidence, confidence < minConfidence {
                reason = .lowConfidence(confidence, threshold: minConfidence)
                unsure = transcript
            } else {
                return Outcome(transcript: transcript, engine: primary.label, fallbackReason: nil)
            }
        } catch .cancelled {
            throw .cancelled
        } catch {
            reason = .failed(error)
        }
        await forwarding.value
        let frames = recorded.frames
        // A take with no speech in it is no speech for the fallback either: not sent anywhere.
        if reason == .failed(.noSpeech), !SpeechGate.hearsSpeech(frames) { throw .noSpeech }
        fallingBack()
        let replay = AsyncStream<AudioFrame> { continuation in
            for frame in frames { continuation.yield(frame) }
            continuation.finish()
        }
        var transcript = try await fallback.transcribe(replay, context: context, partial: partial)
        // The primary's reading, too unsure to stand first, is the next one on offer (Tab).
        if let unsure {
            var primaryReading = unsure
            primaryReading.alternatives = []
            transcript.alternatives = [primaryReading] + transcript.alternatives + unsure.alternatives
        }
        return Outcome(transcript: transcript, engine: fallback.label, fallbackReason: reason)
    }
}

/// Frames kept for a replay, appended from the forwarding task.
final class FrameLog: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [AudioFrame] = []

    func append(_ frame: AudioFrame) { lock.withLock { stored.append(frame) } }
    var frames: [AudioFrame] { lock.withLock { stored } }
}
