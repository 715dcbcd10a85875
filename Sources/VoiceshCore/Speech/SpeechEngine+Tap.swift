extension SpeechEngine {
    /// `transcribe`, with every frame also handed to `tap` as the engine gets it (the speech
    /// gate's voice activity, a copy kept for a fallback or a second ear). The tap has seen
    /// every frame by the time this returns; on an error the forwarding stops, unless
    /// `untilEnd`: then, the error being other than a cancellation, the tap hears the rest of
    /// the recording before it is thrown (a fallback replays all of it).
    public func transcribe(
        _ request: EngineRequest, events: @escaping @Sendable (EngineEvent) -> Void, untilEnd: Bool = false,
        tap: @escaping @Sendable (AudioFrame) -> Void
    ) async throws(EngineError) -> Transcript {
        let (relay, feed) = AsyncStream<AudioFrame>.makeStream()
        let forwarding = Task {
            for await frame in request.audio {
                tap(frame)
                feed.yield(frame)
            }
            feed.finish()
        }
        let transcript: Transcript
        do throws(EngineError) {
            transcript = try await transcribe(EngineRequest(relay, context: request.context), events: events)
        } catch {
            if untilEnd, error != .cancelled { await forwarding.value } else { forwarding.cancel() }
            throw error
        }
        await forwarding.value
        return transcript
    }
}
