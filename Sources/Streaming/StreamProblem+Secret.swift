import VoiceshCore

extension StreamProblem {
    /// The problem with `secret` replaced in every text it carries from outside (a server's
    /// message may echo the key or token it was given).
    func replacing(_ secret: String, with mask: String) -> StreamProblem {
        func clean(_ text: String) -> String { text.replacingOccurrences(of: secret, with: mask) }
        switch self {
        case .keyNotSet, .keyWithheld, .connectionEnded, .closedEarly: return self
        case .tokenNotJSON(let endpoint, let url): return .tokenNotJSON(endpoint, url: clean(url))
        case .noToken(let endpoint, let url): return .noToken(endpoint, url: clean(url))
        case .tokenUnreachable(let endpoint, let url, let reason):
            return .tokenUnreachable(endpoint, url: clean(url), reason: clean(reason))
        case .tokenRedirected(let endpoint, let url, let to):
            return .tokenRedirected(endpoint, url: clean(url), to: clean(to))
        case .tokenRefused(let endpoint, let url, let status, let body):
            return .tokenRefused(endpoint, url: clean(url), status: status, body: clean(body))
        case .cannotConnect(let provider, let place, let reason):
            return .cannotConnect(provider, place: clean(place), reason: clean(reason))
        case .notJSON(let provider, let text): return .notJSON(provider, text: clean(text))
        case .incomplete(let message, let text): return .incomplete(message, text: clean(text))
        case .said(let provider, let code, let words):
            return .said(provider, code: code.map(clean), words: words.map(clean))
        case .ended(let provider, let ending, .close(let code, let reason)):
            return .ended(provider, ending, .close(code, reason: clean(reason)))
        case .ended(let provider, let ending, .error(let code, let message)):
            return .ended(provider, ending, .error(code, message: clean(message)))
        case .dropped(let provider, let url): return .dropped(provider, url: clean(url))
        }
    }
}
