import Foundation
import VoiceshCore

/// A primary engine with a fallback (spec A1, hybrid mode): when the primary fails, times
/// out, or is less confident than `minConfidence`, the same recorded audio goes to the
/// fallback, and `.fallingBack` says which engine takes over and why.
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

    public func transcribe(_ request: EngineRequest, events: @escaping @Sendable (EngineEvent) -> Void)
        async throws(EngineError) -> Transcript
    {
        // Keep every frame while the primary hears it, so the fallback gets the same audio.
        let recorded = Locked<[AudioFrame]>([])
        let reason: FallbackReason
        var unsure: Transcript?
        do throws(EngineError) {
            let transcript = try await primary.transcribe(request, events: events, untilEnd: true) { frame in
                recorded.update { $0.append(frame) }
            }
            if let minConfidence, let confidence = transcript.confidence, confidence < minConfidence {
                reason = .lowConfidence(confidence, threshold: minConfidence)
                unsure = transcript
            } else {
                return transcript
            }
        } catch .cancelled {
            throw .cancelled
        } catch {
            reason = .failed(error)
        }
        let frames = recorded.value
        // A take with no speech in it is no speech for the fallback either: not sent anywhere.
        if reason == .failed(.noSpeech), !SpeechGate.hearsSpeech(frames) { throw .noSpeech }
        events(.fallingBack(engine: fallback.label, reason: reason))
        let replay = AsyncStream<AudioFrame> { continuation in
            for frame in frames { continuation.yield(frame) }
            continuation.finish()
        }
        var transcript = try await fallback.transcribe(EngineRequest(replay, context: request.context), events: events)
        // The primary's reading, too unsure to stand first, is the next one on offer (Tab).
        if let unsure {
            var primaryReading = unsure
            primaryReading.alternatives = []
            transcript.alternatives = [primaryReading] + transcript.alternatives + unsure.alternatives
        }
        return transcript
    }
}
