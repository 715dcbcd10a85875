/// A profile's speech engine: `[engine]` or `[fallback]` in the profile file.
///
/// One flat value keeps the file form and the type in step: every key of the table is a
/// property here, and `validate` says which keys belong to which kind.
public struct EngineConfig: Codable, Equatable, Sendable {
    public var kind: EngineKind = .edge
    /// Seconds to wait for a transcript after recording stops.
    public var timeout: Double = 30
    public var language: String = "en"
    /// Terms to bias recognition toward.
    public var vocabulary: [String] = []
    /// Below this mean confidence the `[fallback]` engine gets the same audio.
    public var minConfidence: Double?

    // edge
    public var recognizer: Recognizer?
    /// A local recogniser command line; `{wav}` stands for the recording's path.
    public var command: String?
    /// The second ear's Whisper model folder (CTranslate2's format); nil: the one setup
    /// installs, `off`: pocketsphinx alone.
    public var whisperModel: String?
    /// The neural ear beside pocketsphinx; nil: the default (`NeuralEar.standard`).
    public var ear: NeuralEar?

    // server and stream
    public var dialect: ServerDialect?
    public var provider: StreamProvider?
    public var url: String?
    public var model: String?
    /// The name of the environment variable that holds the API key (never the key itself).
    public var apiKeyEnv: String?
    /// The user's token proxy: POST → `{"token", "expires_in"}` (specs A3).
    public var tokenURL: String?
    /// A stream engine's policy when more than `backlog` frames wait to be sent (default coalesce).
    public var backpressure: BackpressurePolicy?
    /// How many frames may wait to be sent, or for the generic provider stay un-ACKed (default 1500).
    public var backlog: Int?
    /// The `transcribe` dialect's multipart field name (default `file`).
    public var fileField: String?
    /// The `transcribe` dialect's response key (default `text`, then `transcript`).
    public var responseKey: String?

    public init(kind: EngineKind = .edge) {
        self.kind = kind
    }

    /// A short name for history and messages: `edge/pocketsphinx`, `server/openai`, `stream/deepgram`.
    public var label: String {
        switch kind {
        case .edge: "edge/\((recognizer ?? .pocketsphinx).rawValue)"
        case .server: "server/\((dialect ?? .openai).rawValue)"
        case .stream: "stream/\(provider?.rawValue ?? "?")"
        }
    }
}

extension EngineConfig {
    /// The file form's keys and values (`fields`), as the stores keep an engine.
    public func encode(to encoder: any Encoder) throws {
        try ProfileField.encode(Self.fields, of: self, to: encoder)
    }

    /// Decodes leniently (missing keys take their defaults), so engine JSON saved by an older
    /// voicesh still loads after new keys are added.
    public init(from decoder: any Decoder) throws {
        self.init()
        try ProfileField.decode(Self.fields, into: &self, from: decoder)
    }
}

extension EngineConfig {
    /// What a command line's `--command` (a local recogniser; `{wav}` stands for the recording)
    /// and `--timeout` change in this engine: nil leaves it as it is.
    public mutating func override(command: String?, timeout: Double?) {
        if let command {
            recognizer = .command
            self.command = command
        }
        if let timeout { self.timeout = timeout }
    }
}
