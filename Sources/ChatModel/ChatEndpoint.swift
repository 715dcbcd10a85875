import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOSSL
import TLSTrust
import VoiceshCore

/// An OpenAI-compatible chat-completions endpoint (OpenAI, Ollama, llama-server, vLLM): one
/// request, one answer, constrained to a JSON Schema, streamed so that the command can be shown
/// while its explanation is still being written. A 429 waits once for its `Retry-After`; the
/// whole exchange, a wait included, fits in `timeout`.
public struct ChatEndpoint: Sendable {
    /// The base URL, before `/chat/completions` (`https://api.openai.com/v1`).
    public let url: String
    public let model: String
    let key: String?
    let environment: [String: String]
    let timeout: Double

    /// The kept local server's Unix socket, which `url` then names; nil: `url` is the address.
    let socket: String?
    /// llama.cpp's own grammar, sent in place of the schema (`IntentPrompt.grammar`): for the
    /// local model only, as other servers know no such field.
    public var grammar: String?

    public init(url: String, model: String, key: String?, environment: [String: String], timeout: Double) {
        self.url = url
        self.model = model
        self.key = key
        self.environment = environment
        self.timeout = timeout
        self.socket = nil
    }

    /// The kept local server on the Unix socket at `socket` (`KeptModelServer`): no key, no TLS.
    public init(socket: String, model: String, timeout: Double) {
        let host = socket.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? socket
        self.url = "http+unix://\(host)/v1"
        self.model = model
        self.key = nil
        self.environment = [:]
        self.timeout = timeout
        self.socket = socket
    }

    /// The most of an answer read: one command and a sentence are a few hundred bytes.
    static let replyLimit = 1024 * 1024
    /// The longest `Retry-After` waited for; a longer one fails at once.
    static let longestWait = 20.0

    public var completionsURL: String {
        (url.hasSuffix("/") ? String(url.dropLast()) : url) + "/chat/completions"
    }

    /// The key this endpoint sends, for masking it in what the endpoint writes back.
    public var sentKey: String? { key }

    /// The model's message for `messages`, its content shaped by `schema` (JSON Schema text).
    /// `drafting` gets the content so far each time a streamed answer grows (a server that does
    /// not stream answers whole, and gives no drafts).
    public func complete(
        _ messages: [ChatMessage], schema: String, maxTokens: Int = 256,
        drafting: (@Sendable (String) -> Void)? = nil
    ) async throws(IntentError) -> String {
        let body = try Self.body(
            model: model, messages: messages, schema: schema, grammar: grammar, maxTokens: maxTokens)
        let (route, tls) =
            try socket == nil
            ? checkedRoute() : (KeyRoute(url: completionsURL, hostHeader: nil), .makeClientConfiguration())
        let seconds = timeout
        let outcome = await Self.within(seconds) { () async -> Result<String, IntentError> in
            do throws(IntentError) {
                return .success(try await exchange(body, route: route, tls: tls, drafting: drafting))
            } catch {
                return .failure(error)
            }
        }
        switch outcome {
        case .some(.success(let content)): return content
        case .some(.failure(let error)): throw error
        case .none: throw Task.isCancelled ? .cancelled : .timedOut(seconds: seconds)
        }
    }

    /// The route and TLS for `url`, checked here too, not only where the URL was saved: nothing
    /// a file says may reach the HTTP client unchecked, and a key's route is decided at each
    /// request.
    private func checkedRoute() throws(IntentError) -> (KeyRoute, TLSConfiguration) {
        let checked: CheckedURL
        do throws(URLProblem) {
            checked = try CheckedURL(completionsURL, schemes: ["http", "https"])
        } catch {
            throw .badURL(error)
        }
        let route: KeyRoute
        do throws(KeyRouteRefusal) {
            route = try KeyRoute.plan(checked, carriesKey: key != nil)
        } catch {
            throw .keyWithheld(error)
        }
        let tls: TLSConfiguration
        do throws(TrustProblem) {
            tls = try TrustStore.configuration(environment: environment, for: [completionsURL])
        } catch {
            throw .trust(error)
        }
        return (route, tls)
    }

    /// Sends, and waits once if the endpoint says when to come back, within the time there is.
    private func exchange(
        _ body: Data, route: KeyRoute, tls: TLSConfiguration, drafting: (@Sendable (String) -> Void)?
    ) async throws(IntentError) -> String {
        var waited = false
        while true {
            let (status, headers, reply) = try await post(body, route: route, tls: tls, drafting: drafting)
            if let streamed = reply.streamed { return try Self.content(of: streamed, hiding: key) }
            if status == 429, !waited, let wait = ChatReply.retryAfter(headers.first(name: "Retry-After")),
                wait <= min(Self.longestWait, timeout)
            {
                waited = true
                do { try await Task.sleep(nanoseconds: UInt64(wait * 1e9)) } catch { throw .cancelled }
                continue
            }
            do throws(IntentError) {
                return try ChatReply.content(
                    status: status, retryAfter: headers.first(name: "Retry-After"),
                    location: headers.first(name: "Location"), body: reply.whole, hiding: key)
            } catch .rateLimited(let retryAfter, _) {
                throw .rateLimited(retryAfter: retryAfter, waited: waited)
            }
        }
    }

    /// A reply: an answer's stream read to its end, or any other body read whole.
    private struct Reply {
        var streamed: ChatStream?
        var whole = Data()
    }

    /// The streamed answer's content, or why there is none, as `ChatReply` says it of a whole one.
    private static func content(of stream: ChatStream, hiding key: String?) throws(IntentError) -> String {
        if let failure = stream.failure {
            let said = UntrustedText.excerpt(IntentAnswer.shown(failure, hiding: key), limit: 120)
            throw .malformed("it stopped with an error: \(said)")
        }
        guard stream.done || stream.finishReason != nil else { throw .malformed("the answer's stream ended early") }
        if !stream.refusal.isEmpty {
            throw .prose(UntrustedText.excerpt(IntentAnswer.shown(stream.refusal, hiding: key), limit: 60))
        }
        guard !stream.content.isEmpty else { throw .noCommand }
        if stream.finishReason == "length" { throw .malformed("the answer was cut at its length limit") }
        return stream.content
    }

    private func post(
        _ body: Data, route: KeyRoute, tls: TLSConfiguration, drafting: (@Sendable (String) -> Void)?
    ) async throws(IntentError) -> (Int, HTTPHeaders, Reply) {
        var request = HTTPClientRequest(url: route.url)
        request.method = .POST
        if let host = route.hostHeader { request.headers.add(name: "Host", value: host) }
        request.headers.add(name: "Content-Type", value: "application/json")
        request.headers.add(name: "User-Agent", value: "voicesh")
        if let key { request.headers.add(name: "Authorization", value: "Bearer \(key)") }
        request.body = .bytes(ByteBuffer(bytes: body))
        request.tlsConfiguration = tls
        var stream = ChatStream()
        var streamed = false
        let reply: HTTPClient.WholeReply
        do {
            // An answer comes as server-sent events; anything else (an error, a server that does
            // not stream) is read whole.
            reply = try await HTTPClient.strict.fetch(
                request, timeout: .seconds(Int64(timeout.rounded(.up)) + 1), limit: Self.replyLimit,
                streams: { status, headers in
                    let type = headers.first(name: "Content-Type") ?? ""
                    streamed = status == 200 && type.lowercased().hasPrefix("text/event-stream")
                    return streamed
                },
                piece: { buffer in
                    if stream.feed(buffer.readableBytesView) { drafting?(stream.content) }
                    return !stream.done
                })
        } catch {
            switch error {
            case .cancelled: throw .cancelled
            case .tooLarge: throw .malformed("an answer over \(Self.replyLimit / 1024) KiB")
            case .failed(let error): throw .unreachable(url: completionsURL, reason: ConnectionWords.describe(error))
            }
        }
        return (reply.status, reply.headers, streamed ? Reply(streamed: stream) : Reply(whole: reply.body))
    }

    /// The request's JSON: the schema as OpenAI's `json_schema` response format, which
    /// llama-server, Ollama and vLLM read too, or llama.cpp's `grammar` in its place; greedy (the
    /// same request, the same command), one choice, streamed.
    static func body(
        model: String, messages: [ChatMessage], schema: String, grammar: String? = nil, maxTokens: Int
    ) throws(IntentError) -> Data {
        guard let schemaObject = try? JSONSerialization.jsonObject(with: Data(schema.utf8)) else {
            throw .malformed("the answer's schema is not JSON")
        }
        var object: [String: Any] = [
            "model": model,
            "messages": messages.map { ["role": $0.role, "content": $0.content] },
            "temperature": 0,
            "max_tokens": maxTokens,
            "stream": true,
        ]
        if let grammar {
            object["grammar"] = grammar
        } else {
            object["response_format"] = [
                "type": "json_schema",
                "json_schema": ["name": "shell_command", "strict": true, "schema": schemaObject],
            ]
        }
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else {
            throw .malformed("the request could not be written")
        }
        return data
    }

    /// `work`'s result, or nil when `seconds` pass first, or the caller is cancelled. The group
    /// returns once the work has ended too: AsyncHTTPClient ends a request, and its body,
    /// when its task is cancelled.
    static func within<T: Sendable>(_ seconds: Double, _ work: @escaping @Sendable () async -> T) async -> T? {
        await withTaskGroup(of: T?.self) { group in
            group.addTask { await work() }
            group.addTask {
                try? await Task.sleep(nanoseconds: UInt64(seconds * 1e9))
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }
}
