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

    enum CodingKeys: String, CodingKey {
        case kind, timeout, language, vocabulary, recognizer, command, dialect, provider, url, model, backpressure,
            backlog
        case minConfidence = "min_confidence"
        case apiKeyEnv = "api_key_env"
        case tokenURL = "token_url"
        case fileField = "file_field"
        case responseKey = "response_key"
        case whisperModel = "whisper_model"
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
    /// Decodes leniently (missing keys take their defaults), so engine JSON saved by an older
    /// voicesh still loads after new keys are added.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(kind: try c.decodeIfPresent(EngineKind.self, forKey: .kind) ?? .edge)
        timeout = try c.decodeIfPresent(Double.self, forKey: .timeout) ?? timeout
        language = try c.decodeIfPresent(String.self, forKey: .language) ?? language
        vocabulary = try c.decodeIfPresent([String].self, forKey: .vocabulary) ?? []
        minConfidence = try c.decodeIfPresent(Double.self, forKey: .minConfidence)
        recognizer = try c.decodeIfPresent(Recognizer.self, forKey: .recognizer)
        command = try c.decodeIfPresent(String.self, forKey: .command)
        whisperModel = try c.decodeIfPresent(String.self, forKey: .whisperModel)
        dialect = try c.decodeIfPresent(ServerDialect.self, forKey: .dialect)
        provider = try c.decodeIfPresent(StreamProvider.self, forKey: .provider)
        url = try c.decodeIfPresent(String.self, forKey: .url)
        model = try c.decodeIfPresent(String.self, forKey: .model)
        apiKeyEnv = try c.decodeIfPresent(String.self, forKey: .apiKeyEnv)
        tokenURL = try c.decodeIfPresent(String.self, forKey: .tokenURL)
        backpressure = try c.decodeIfPresent(BackpressurePolicy.self, forKey: .backpressure)
        backlog = try c.decodeIfPresent(Int.self, forKey: .backlog)
        fileField = try c.decodeIfPresent(String.self, forKey: .fileField)
        responseKey = try c.decodeIfPresent(String.self, forKey: .responseKey)
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
