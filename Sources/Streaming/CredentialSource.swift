import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOSSL
import TLSTrust
import VoiceshCore

/// Where each streaming connection's credential comes from (specs A3), fetched fresh per
/// connection (AssemblyAI tokens are single-use), held in memory only, never logged.
public enum CredentialSource: Sendable {
    case none
    /// The user's token proxy: `POST` → `{"token", "expires_in"}`.
    case proxy(url: String)
    /// A key from the environment, exchanged for a provider token so the key itself never
    /// goes on the streaming connection: AssemblyAI `GET /v3/token`, Deepgram `POST /v1/auth/grant`.
    case mint(key: String, url: String, provider: StreamProvider)
    /// A key from the environment used as it is (the generic protocol has no token endpoint).
    case key(String)

    /// The source a profile's engine names; a missing variable is `StreamProblem.keyNotSet`.
    public init(config: EngineConfig, environment: [String: String]) throws(EngineError) {
        if let tokenURL = config.tokenURL {
            self = .proxy(url: tokenURL)
        } else if let name = config.apiKeyEnv {
            guard let key = environment[name], !key.isEmpty else {
                throw .stream(.keyNotSet(variable: name))
            }
            let provider = config.provider ?? .generic
            // A key never goes in clear off this machine, whatever the URL's name says.
            if let url = config.url ?? provider.defaultURL, let checked = try? CheckedURL(url, schemes: ["ws", "wss"]) {
                do throws(KeyRouteRefusal) {
                    _ = try KeyRoute.plan(checked, carriesKey: true)
                } catch {
                    throw .stream(.keyWithheld(error))
                }
            }
            self =
                provider == .generic
                ? .key(key) : .mint(key: key, url: config.url ?? provider.defaultURL ?? "", provider: provider)
        } else {
            self = .none
        }
    }

    /// The URL a key is exchanged at, from the streaming URL's host (so a local server can mint too).
    static func mintURL(streamURL: String, provider: StreamProvider) -> String {
        var base = streamURL
        if let range = base.range(of: "://") {
            let scheme = base[..<range.lowerBound].lowercased() == "wss" ? "https" : "http"
            let rest = base[range.upperBound...]
            base = scheme + "://" + (rest.split(separator: "/", maxSplits: 1).first.map(String.init) ?? "")
        }
        return provider == .assemblyai
            ? base + "/v3/token?expires_in_seconds=60" : base + "/v1/auth/grant"
    }

    /// A credential for one new connection; `tls` says whom an `https` endpoint must prove to be.
    func fetch(tls: TLSConfiguration) async throws(EngineError) -> Credential? {
        switch self {
        case .none: return nil
        case .key(let key): return .key(key)
        case .proxy(let url):
            let body = try await Self.request(url: url, method: .POST, headers: [], endpoint: .proxy, tls: tls)
            guard let token = body?["token"] as? String, !token.isEmpty else {
                throw .stream(.noToken(.proxy, url: url))
            }
            return .token(token)
        case .mint(let key, let url, let provider):
            let mintURL = Self.mintURL(streamURL: url, provider: provider)
            if provider == .assemblyai {
                // GET on the streaming host with the raw key (B1.3: the prose's POST is wrong).
                let body = try await Self.request(
                    url: mintURL, method: .GET, headers: [("Authorization", key)], endpoint: .assemblyAI,
                    secret: key, tls: tls)
                guard let token = body?["token"] as? String else {
                    throw .stream(.noToken(.assemblyAI, url: mintURL))
                }
                return .token(token)
            }
            // A key without Member rights may not mint tokens (403) but may still stream: it
            // goes on the connection itself, as `Authorization: Token`.
            guard
                let body = try await Self.request(
                    url: mintURL, method: .POST, headers: [("Authorization", "Token \(key)")],
                    endpoint: .deepgram, secret: key, forbiddenIsNil: true, tls: tls)
            else { return .key(key) }
            guard let token = body["access_token"] as? String else { throw .stream(.noToken(.deepgram, url: mintURL)) }
            return .token(token)
        }
    }

    /// Whether `fetch` gave the key itself where a token was asked for (Deepgram's 403).
    func fellBack(to credential: Credential?) -> Bool {
        if case .mint = self, case .key = credential { true } else { false }
    }

    /// The JSON object the endpoint answered; nil for a 403 when `forbiddenIsNil`.
    private static func request(
        url: String, method: HTTPMethod, headers: [(String, String)], endpoint: TokenEndpoint, secret: String? = nil,
        forbiddenIsNil: Bool = false, tls: TLSConfiguration
    ) async throws(EngineError) -> [String: Any]? {
        // A stored profile may carry a URL the HTTP client would trap on: said, never sent.
        if let problem = EngineConfig.urlProblems(url, schemes: ["http", "https"]).first {
            throw .stream(.tokenUnreachable(endpoint, url: UntrustedText.excerpt(url), reason: problem))
        }
        var request = HTTPClientRequest(url: url)
        request.method = method
        request.tlsConfiguration = tls
        request.headers.add(name: "User-Agent", value: "voicesh")
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        let reply: HTTPClient.WholeReply
        do {
            reply = try await HTTPClient.strict.fetch(request, timeout: .seconds(15), limit: 64 * 1024)
        } catch {
            switch error {
            case .cancelled: throw .cancelled
            case .tooLarge: throw .stream(.tokenUnreachable(endpoint, url: url, reason: "a reply over 64 KiB"))
            case .failed(let error):
                let words = await CertificateRefusal.diagnose(error, url: url)?.description ?? Self.words(for: error)
                throw .stream(.tokenUnreachable(endpoint, url: url, reason: words))
            }
        }
        if (300..<400).contains(reply.status), let location = reply.headers.first(name: "Location") {
            throw .stream(.tokenRedirected(endpoint, url: url, to: UntrustedText.clean(location)))
        }
        let (status, body) = (reply.status, reply.body)
        func scrub(_ s: String) -> String { secret.map { s.replacingOccurrences(of: $0, with: "***") } ?? s }
        if status == 403, forbiddenIsNil { return nil }
        guard (200..<300).contains(status) else {
            let text = scrub(String(decoding: body.prefix(200), as: UTF8.self)).trimmingCharacters(
                in: .whitespacesAndNewlines)
            throw .stream(.tokenRefused(endpoint, url: url, status: status, body: text))
        }
        guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else {
            throw .stream(.tokenNotJSON(endpoint, url: url))
        }
        return object
    }

    /// NIO's error descriptions are long; connection refused is the common case and gets plain words.
    static func words(for error: any Error) -> String {
        let text = String(describing: error)
        if text.contains("connectionRefused") || text.contains("Connection refused") { return "connection refused" }
        if text.contains("connectTimeout") { return "connection timed out" }
        return ConnectionWords.describe(error)
    }
}
