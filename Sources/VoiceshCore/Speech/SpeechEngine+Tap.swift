extension SpeechEngine {
    /// `transcribe`, with every frame also handed to `tap` as the engine gets it (the speech
    /// gate's voice activity, a copy kept for a fallback or a second ear). The tap has seen
    /// every frame by the time this returns; on an error the forwarding stops.
    public func transcribe(
        _ audio: AsyncStream<AudioFrame>, context: SpeechContext, partial: @escaping @Sendable (String) -> Void,
        tap: @escaping @Sendable (AudioFrame) -> Void
    ) async throws(EngineError) -> Transcript {
        let (relay, feed) = AsyncStream<AudioFrame>.makeStream()
        let forwarding = Task {
            for await frame in audio {
                tap(frame)
                feed.yield(frame)
            }
            feed.finish()
        }
        let transcript: Transcript
        do throws(EngineError) {
            transcript = try await transcribe(relay, context: context, partial: partial)
        } catch {
            forwarding.cancel()
            throw error
        }
        await forwarding.value
        return transcript
    }
}
