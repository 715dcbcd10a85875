import Foundation
import NIOSSL
import TLSTrust
import VoiceshCore

/// A streaming provider over a WebSocket (specs A2, B1, B2): audio goes out while it is
/// recorded, partials come back live, and the final text is ready soon after recording stops.
///
/// Three tasks per connection: capture appends to a bounded queue (never waiting on the
/// network), a sender drains it at the provider's pace, and a receiver parses replies. The
/// generic provider keeps un-ACKed segments and resumes after a drop; the others fail with
/// the provider's close code in words, and the hybrid fallback takes the recording.
public struct StreamEngine: SpeechEngine {
    let config: EngineConfig
    let environment: [String: String]
    let deviceID: String

    /// What the user should know about a stream that still gave text (audio dropped or
    /// coalesced by back-pressure, reconnections) is a `.note`.
    public init(config: EngineConfig, environment: [String: String], deviceID: String) {
        self.config = config
        self.environment = environment
        self.deviceID = deviceID
    }

    public var label: String { config.label }

    /// The adapter for the profile's provider; the context's names join the profile's
    /// vocabulary in the provider's key-term field, within its limits (AssemblyAI's
    /// `keyterms_prompt`: 100 terms of at most 50 characters; Deepgram's `keyterm`/`keywords`:
    /// the same caps, which keep the query within Deepgram's URL limit).
    public static func adapter(for config: EngineConfig, context: SpeechContext = .empty) -> any ProviderAdapter {
        switch config.provider ?? .generic {
        case .assemblyai:
            var adapter = AssemblyAIAdapter(config: config)
            adapter.vocabulary = keyTerms(adapter.vocabulary, context)
            return adapter
        case .deepgram:
            var adapter = DeepgramAdapter(config: config)
            adapter.vocabulary = keyTerms(adapter.vocabulary, context)
            return adapter
        case .generic: return GenericAdapter(config: config)
        }
    }

    static let keyTermLimit = (count: 100, length: 50)

    /// The profile's vocabulary first, then the context's names, each once, within the caps.
    static func keyTerms(_ vocabulary: [String], _ context: SpeechContext) -> [String] {
        guard !context.isEmpty else { return vocabulary }
        var seen = Set(vocabulary)
        let room = max(0, keyTermLimit.count - vocabulary.count)
        let extra = context.terms(count: keyTermLimit.count, length: keyTermLimit.length).filter {
            seen.insert($0).inserted
        }
        return vocabulary + extra.prefix(room)
    }

    public func transcribe(_ request: EngineRequest, events: @escaping @Sendable (EngineEvent) -> Void)
        async throws(EngineError) -> Transcript
    {
        let credentials = try CredentialSource(config: config, environment: environment)
        let tls: TLSConfiguration
        do throws(TrustProblem) {
            let streamURL = config.url ?? config.provider?.defaultURL
            tls = try TrustStore.configuration(environment: environment, for: [streamURL, config.tokenURL])
        } catch {
            throw .trust(error)
        }
        let run = StreamRun(
            adapter: Self.adapter(for: config, context: request.context), credentials: credentials, tls: tls,
            deviceID: deviceID,
            policy: config.backpressure ?? .coalesce, backlog: config.backlog ?? 1500)
        let transcript = try await run.run(request.audio) { events(.partial($0)) }
        for line in run.notices() { events(.note(line)) }
        guard !transcript.text.isEmpty else { throw .noSpeech }
        return transcript
    }
}
