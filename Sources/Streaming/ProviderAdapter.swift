import VoiceshCore

/// One streaming provider's wire protocol, with no socket: the handshake it expects, the
/// control messages that end a stream, and its replies turned into transcript events.
/// Adapters are pure values, so every wire fact is unit-tested without a server.
public protocol ProviderAdapter: Sendable {
    /// The provider whose protocol this is, for its problems' words (`Failure`).
    var provider: StreamProvider { get }
    /// Audio per binary message, and the most one message may carry when frames are coalesced.
    var frameMilliseconds: Int { get }
    var maxFrameMilliseconds: Int { get }
    /// The fastest the provider accepts audio, as a multiple of real time; nil when unpaced.
    var maxRate: Double? { get }
    /// Whether a short last frame is padded with silence up to `frameMilliseconds`
    /// (AssemblyAI closes the socket on a frame under 50 ms).
    var padsLastFrame: Bool { get }
    /// A text message that keeps an idle connection open, and how often it is needed.
    var keepAlive: (message: String, seconds: Double)? { get }
    /// The text messages that ask for the last transcripts and the end of the stream.
    var finishMessages: [String] { get }

    /// The URL, query and headers of the WebSocket handshake.
    func request(credential: Credential?) -> ConnectionRequest
    /// Reads one text message from the provider.
    mutating func receive(_ text: String) throws(EngineError) -> [StreamEvent]
    /// The final text so far.
    var transcript: Transcript { get }
    /// Why the provider closed the socket, in words; nil for a normal close.
    func error(closeCode: Int?, reason: String) -> EngineError?
}

/// The handshake of one connection.
public struct ConnectionRequest: Equatable, Sendable {
    public var url: String
    /// Header names and values, in the order they are sent.
    public var headers: [Header]

    public struct Header: Equatable, Sendable {
        public var name: String
        public var value: String
    }

    public init(url: String, headers: [Header] = []) {
        self.url = url
        self.headers = headers
    }

    /// The header's value, case-insensitively.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
}

/// What authenticates one streaming connection (specs A3). Secrets: never logged or stored.
public enum Credential: Equatable, Sendable {
    /// A long-lived key from the variable `api_key_env` names.
    case key(String)
    /// A short-lived token from the token proxy or minted from the key.
    case token(String)

    public var secret: String {
        switch self {
        case .key(let s), .token(let s): s
        }
    }
}

/// What a provider's message means to the engine.
public enum StreamEvent: Equatable, Sendable {
    /// The live text: every final so far and the current partial (specs A1: replaces the last).
    case partial(String)
    /// The provider has sent its last transcript.
    case ended
    // The generic protocol's session messages (specs A2).
    case started
    case ack(Int)
    case resumed(Int)
    case resumeUnsupported
}

extension ProviderAdapter {
    var frameSamples: Int { AudioFormat.speech.sampleRate * frameMilliseconds / 1000 }
    var maxFrameSamples: Int { AudioFormat.speech.sampleRate * maxFrameMilliseconds / 1000 }
}
