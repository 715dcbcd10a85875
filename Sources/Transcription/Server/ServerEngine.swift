import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOSSL
import TLSTrust
import VoiceshCore

/// A Whisper-style HTTP server: the recording is uploaded as a WAV when it ends, in the
/// profile's dialect, with `Authorization: Bearer` from the variable `api_key_env` names and
/// a prompt that shows Whisper commands in their spoken form (`ShellPrompt`).
public struct ServerEngine: SpeechEngine {
    let config: EngineConfig
    let environment: [String: String]
    /// The shell-aware prompt: spoken example commands, the vocabulary, the alias replacements.
    let prompt: String
    let aliases: [String: String]

    /// `aliases`: the profile's, whose replacements the prompt shows Whisper how to spell.
    public init(config: EngineConfig, environment: [String: String], aliases: [String: String] = [:]) {
        self.config = config
        self.environment = environment
        self.aliases = aliases
        prompt = ShellPrompt(vocabulary: config.vocabulary, aliases: aliases).text
    }

    /// The most of a reply voicesh reads: a transcript is a few kilobytes.
    static let replyLimit = 4 * 1024 * 1024

    /// How many of the context's names a prompt may hold; the token limit cuts further.
    static let contextTerms = 60

    public var label: String { config.label }

    /// The prompt for a dictation: the context's names go after the profile's own terms, so
    /// the token limit drops them first.
    func prompt(context: SpeechContext) -> String {
        context.isEmpty && !context.plainEnglish
            ? prompt : ShellPrompt(context: context, config: config, aliases: aliases).text
    }

    /// What the prompt says, line by line and term by term: what Whisper may echo back.
    public func promptLines(context: SpeechContext) -> [String] {
        ShellPrompt.lines(prompt(context: context))
    }

    public func transcribe(_ request: EngineRequest, events: @escaping @Sendable (EngineEvent) -> Void)
        async throws(EngineError) -> Transcript
    {
        let plan = try ServerRequest(config: config, prompt: prompt(context: request.context))
        var key: String?
        if let name = config.apiKeyEnv {
            guard let value = environment[name], !value.isEmpty else {
                throw .server(.keyNotSet(variable: name))
            }
            key = value
        }
        let tls: TLSConfiguration
        do throws(TrustProblem) {
            tls = try TrustStore.configuration(environment: environment, for: [plan.url])
        } catch {
            throw .trust(error)
        }
        var samples: [Int16] = []
        for await frame in request.audio { samples += frame.samples }
        guard !samples.isEmpty else { throw .noSpeech }
        var form = MultipartForm()
        for (name, value) in plan.fields { form.field(name, value) }
        form.file(plan.fileField, filename: "recording.wav", contentType: "audio/wav", data: Data(WAV.encode(samples)))
        let upload = form.finished
        // Past the server's limit the upload would be read whole and refused (OpenAI: 413).
        if let limit = (config.dialect ?? .openai).uploadLimit, upload.count > limit {
            throw .server(.tooLong(samples: samples.count, bytes: upload.count, limit: limit))
        }
        guard let checked = try? CheckedURL(plan.url, schemes: ["http", "https"]) else {
            throw .server(.badURL(plan.url))
        }
        let route: KeyRoute
        do throws(KeyRouteRefusal) {
            route = try KeyRoute.plan(checked, carriesKey: key != nil)
        } catch {
            throw .server(.keyWithheld(error))
        }
        var request = HTTPClientRequest(url: route.url)
        request.method = .POST
        if let host = route.hostHeader { request.headers.add(name: "Host", value: host) }
        request.headers.add(name: "Content-Type", value: form.contentType)
        request.headers.add(name: "User-Agent", value: "voicesh")
        if let key { request.headers.add(name: "Authorization", value: "Bearer \(key)") }
        request.body = .bytes(ByteBuffer(bytes: upload))
        request.tlsConfiguration = tls

        let reply: HTTPClient.WholeReply
        do {
            // The timeout is the caller's (TimedEngine cancels this task); this deadline only
            // bounds a request that nothing cancels.
            reply = try await HTTPClient.strict.fetch(request, timeout: .seconds(600), limit: Self.replyLimit)
        } catch {
            switch error {
            case .cancelled: throw .cancelled
            case .tooLarge: throw .server(.tooLarge(url: plan.url, limit: Self.replyLimit))
            case .failed(let error):
                throw .server(
                    .unreachable(url: plan.url, reason: await ConnectionFailure.describe(error, url: plan.url)))
            }
        }
        if (300..<400).contains(reply.status), let location = reply.headers.first(name: "Location") {
            throw .server(.redirected(url: plan.url, to: UntrustedText.clean(location)))
        }
        // Servers may echo the key back ("Incorrect API key provided: …", a proxy's debug page):
        // taken out of the whole body before any of it is read or cut, so no part of it reaches
        // the screen, the history or a log.
        let (status, body) = (reply.status, key.map { Self.masking($0, in: reply.body) } ?? reply.body)
        do throws(EngineError) {
            return try ServerReply.transcript(
                status: status, body: body, dialect: config.dialect ?? .openai, responseKey: config.responseKey,
                duration: Double(samples.count) / 16000)
        } catch .server(.status(let status, let detail)) {
            // And as a message read from the body's JSON (an escaped copy unescaped there).
            throw .server(
                .status(status, detail: key.map { detail.replacingOccurrences(of: $0, with: "***") } ?? detail))
        }
    }

    /// `body` with every copy of `key` in it written as `***`.
    static func masking(_ key: String, in body: Data) -> Data {
        let needle = Data(key.utf8)
        guard !needle.isEmpty else { return body }
        var out = Data()
        var rest = body[...]
        while let found = rest.range(of: needle) {
            out += rest[rest.startIndex..<found.lowerBound]
            out += Data("***".utf8)
            rest = rest[found.upperBound...]
        }
        return out + rest
    }
}
