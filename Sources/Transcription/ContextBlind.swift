import VoiceshCore

/// An engine that must not hear the remote shell's context: a server or streaming engine
/// under `context = "local"`. Whatever context a dictation has, this engine gets none.
public struct ContextBlind: SpeechEngine {
    public let inner: any SpeechEngine

    public init(_ inner: any SpeechEngine) {
        self.inner = inner
    }

    public var label: String { inner.label }

    public func transcribe(_ request: EngineRequest, events: @escaping @Sendable (EngineEvent) -> Void)
        async throws(EngineError) -> Transcript
    {
        try await inner.transcribe(EngineRequest(request.audio), events: events)
    }
}
