/// Why a Whisper-style server engine gave no text, as values: `Failure` words them.
public enum ServerProblem: Equatable, Sendable {
    /// The profile has no `url`, or one that is not a URL.
    case noURL
    case badURL(String)
    /// `engine.api_key_env` names a variable the environment does not have.
    case keyNotSet(variable: String)
    /// The key was not sent: the URL is not encrypted and its host is not this machine.
    case keyWithheld(KeyRouteRefusal)
    /// The upload would pass the server's limit (`samples` of 16 kHz audio, `bytes` to send, `limit` bytes).
    case tooLong(samples: Int, bytes: Int, limit: Int)
    /// No answer from `url`; `reason` is the connection's failure in words (`ConnectionFailure`).
    case unreachable(url: String, reason: String)
    /// The server answered with a redirect to `to`, which voicesh does not follow: the
    /// recording goes only where the profile says.
    case redirected(url: String, to: String)
    /// The reply was longer than `limit` bytes (a transcript is a few kilobytes).
    case tooLarge(url: String, limit: Int)
    /// An HTTP error; `detail` is the server's own message (or the start of its body).
    case status(Int, detail: String)
    /// A reply that is not a JSON object (`reply`: its start), or one without the text's `key`.
    case notJSON(ServerDialect, reply: String)
    case noText(ServerDialect, key: String)
}
