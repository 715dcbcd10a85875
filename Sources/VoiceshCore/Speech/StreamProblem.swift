/// Why a streaming engine gave no text, as values: `Failure` words them.
public enum StreamProblem: Equatable, Sendable {
    /// `engine.api_key_env` names a variable the environment does not have.
    case keyNotSet(variable: String)
    /// The key was not sent: the URL is not encrypted and its host is not this machine.
    case keyWithheld(KeyRouteRefusal)
    /// No token from `endpoint` at `url`: no answer (`reason`: the connection's failure in
    /// words), an HTTP refusal (`body`: the start of its body), an answer that is not a JSON
    /// object, or one without the token.
    case tokenUnreachable(TokenEndpoint, url: String, reason: String)
    case tokenRefused(TokenEndpoint, url: String, status: Int, body: String)
    /// The token endpoint redirected to `to`, which voicesh does not follow (the key stays here).
    case tokenRedirected(TokenEndpoint, url: String, to: String)
    case tokenNotJSON(TokenEndpoint, url: String)
    case noToken(TokenEndpoint, url: String)
    /// The WebSocket to `place` (the URL without its query) could not be opened.
    case cannotConnect(StreamProvider, place: String, reason: String)
    /// A message that is not a JSON object, or one without a field it needs (`text`: its start).
    case notJSON(StreamProvider, text: String)
    case incomplete(StreamMessage, text: String)
    /// The provider's own error message, without a code that says its kind.
    case said(StreamProvider, code: String?, words: [String])
    /// The provider ended the stream with a close frame or an error message that says why.
    case ended(StreamProvider, StreamEnding, StreamSignal)
    /// The connection dropped before the final transcript (`url`: the profile's).
    case dropped(StreamProvider, url: String)
    /// The provider closed the stream normally, but before the recording ended.
    case closedEarly(StreamProvider)
    /// The connection ended without a close frame or an error.
    case connectionEnded
}

/// Where a streaming engine asks for a token.
public enum TokenEndpoint: Equatable, Sendable {
    /// The user's token proxy (`engine.token_url`).
    case proxy
    /// The provider's own endpoint, where a key is exchanged for a token.
    case assemblyAI
    case deepgram
}

/// A provider message that lacked a field it needs.
public enum StreamMessage: Equatable, Sendable {
    /// AssemblyAI's `Turn` without `turn_order` or `transcript`.
    case turn
    /// Deepgram's `Results` without a transcript.
    case results
    /// The stream server's `ack` without a `sequenceId`, `resumed` without `resumeFrom`.
    case ack
    case resumed
}

/// What a provider's close code or error code means.
public enum StreamEnding: Equatable, Sendable {
    case keyRefused
    case serverError
    case controlMessageRejected
    case audioRejected
    case audioUndecodable
    case sessionExpired
    case tooManySessions
    /// No audio within the provider's idle window.
    case idle
    /// A code the provider gives no meaning to.
    case other
}

/// How the provider said it: a close frame (`reason`: its close reason) or an error message.
public enum StreamSignal: Equatable, Sendable {
    case close(Int, reason: String)
    case error(Int, message: String)

    public var code: Int {
        switch self {
        case .close(let code, _), .error(let code, _): code
        }
    }
}
