import VoiceshCore

/// Any engine with the profile's timeout: counted from the end of the recording (the user
/// waits only after they stop speaking). On expiry the engine is cancelled, which kills a
/// command's process group or drops an HTTP request, and `.timedOut` is thrown; the caller
/// keeps the audio for a retry.
public struct TimedEngine: SpeechEngine {
    public let inner: any SpeechEngine
    public let seconds: Double

    public init(_ inner: any SpeechEngine, seconds: Double) {
        self.inner = inner
        self.seconds = seconds
    }

    public var label: String { inner.label }

    public func transcribe(_ request: EngineRequest, events: @escaping @Sendable (EngineEvent) -> Void)
        async throws(EngineError) -> Transcript
    {
        let (relay, feed) = AsyncStream<AudioFrame>.makeStream()
        let inner = self.inner
        let seconds = self.seconds
        let outcome: Result<Transcript, EngineError> = await withTaskGroup(of: Result<Transcript, EngineError>?.self) {
            group in
            group.addTask {
                do throws(EngineError) {
                    return .success(
                        try await inner.transcribe(EngineRequest(relay, context: request.context), events: events))
                } catch {
                    return .failure(error)
                }
            }
            group.addTask {
                for await frame in request.audio { feed.yield(frame) }
                feed.finish()
                try? await Task.sleep(for: .seconds(seconds))
                return Task.isCancelled ? nil : .failure(.timedOut(seconds: seconds))
            }
            var first: Result<Transcript, EngineError> = .failure(.cancelled)
            for await result in group {
                guard let result else { continue }
                first = result
                break
            }
            group.cancelAll()
            return first
        }
        return try outcome.get()
    }
}
