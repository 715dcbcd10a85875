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
        // Whether the take is a request in plain English is no name of the remote's: it is kept,
        // so a server hears a request without the spoken-shell prompt.
        var blind = SpeechContext.empty
        blind.plainEnglish = request.context.plainEnglish
        return try await inner.transcribe(EngineRequest(request.audio, context: blind), events: events)
    }
}
