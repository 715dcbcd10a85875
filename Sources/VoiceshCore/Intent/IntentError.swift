/// Why intent mode wrote no command. Worded once, in `Failure`; the spoken or typed request
/// is kept whatever the case.
public enum IntentError: Error, Equatable, Sendable {
    /// `api_key_env` names a variable that is not set.
    case keyNotSet(variable: String)
    /// The endpoint's URL cannot be used (a file may carry one `config set` would refuse).
    case badURL(URLProblem)
    /// The key was not sent: the URL is not encrypted and its host is not this machine.
    case keyWithheld(KeyRouteRefusal)
    case unreachable(url: String, reason: String)
    /// SSL_CERT_FILE or SSL_CERT_DIR cannot be read.
    case trust(TrustProblem)
    /// 401 or 403: the key is wrong, or not allowed this model.
    case refused(status: Int, detail: String)
    /// 401 or 403 to a request that carried no key: the endpoint wants one.
    case needsKey(status: Int, detail: String)
    /// A redirect (3xx), which voicesh does not follow: the request goes where the user set.
    case redirected(status: Int, to: String?)
    /// 429: again after waiting once as `Retry-After` said, or at once when it said nothing
    /// or longer than the wait there is time for (seconds, when it said).
    case rateLimited(retryAfter: Double?, waited: Bool)
    /// No whole answer within the timeout (a slow or endless reply).
    case timedOut(seconds: Double)
    case status(Int, detail: String)
    /// The reply is not a chat completion.
    case malformed(String)
    /// The model wrote prose, not the command asked for (its first words).
    case prose(String)
    /// The model's command is empty once cleaned.
    case noCommand
    /// The model's command has more than one line.
    case severalLines
    /// The local model is not installed where it is looked for.
    case localModelMissing(path: String)
    /// `intent.model` names a file that is not there (the user's own path, not setup's).
    case modelFileMissing(path: String)
    /// `intent.model` names something that is not a GGUF model (why, in a few words).
    case notAModel(path: String, reason: String)
    /// The request is empty once cleaned: nothing to ask.
    case emptyRequest
    /// The local model's server did not start (what it said).
    case localServer(String)
    /// The local model's server ended while voicesh used it; the next request starts it again.
    case localServerEnded
    case cancelled
}
