/// Whether recognised text waits for the user's confirmation before it reaches the shell.
public enum SendPolicy: String, CaseIterable, Codable, Sendable {
    /// Always show the text first; Enter is pressed only when the user asks for it.
    case confirm
    /// Run at once only lines of read-only commands (`ReadOnlyCheck`); everything else asks.
    case auto
}

/// What the dictation history keeps for a profile.
public enum HistoryPolicy: String, CaseIterable, Codable, Sendable {
    case off
    case text
    case textAndAudio = "text+audio"
}

/// Whether dictations the user accepted teach the edge engine their voice (`voicesh adapt`).
public enum LearnPolicy: String, CaseIterable, Codable, Sendable {
    /// Kept in the voice store; the voice is learnt again in the background.
    case on
    /// Nothing is kept.
    case off
}

/// Who hears what the remote shell knows (its commands, history, the files where you stand):
/// gathered over the session and given to engines for each dictation, never stored.
public enum ContextPolicy: String, CaseIterable, Codable, Sendable {
    /// Nothing is gathered and nothing is run on the remote for it.
    case off
    /// Only engines on this machine (edge: pocketsphinx, a local command) get it.
    case local
    /// Server and streaming engines get it too, in their prompt or key-term fields.
    case all
}

/// Where speech is recognised.
public enum EngineKind: String, CaseIterable, Codable, Sendable {
    /// On this machine, offline: the audio never leaves it.
    case edge
    /// A streaming cloud provider over a WebSocket.
    case stream
    /// A Whisper-style HTTP server.
    case server
}

/// The recogniser behind an edge engine.
public enum Recognizer: String, CaseIterable, Codable, Sendable {
    case pocketsphinx
    /// A local program (whisper.cpp's `whisper-cli`, vosk, …) run on the recorded WAV.
    case command
}

/// The edge engine's neural ear beside pocketsphinx (`ear`).
public enum NeuralEar: String, CaseIterable, Codable, Sendable {
    /// Whisper base, prompted with spoken-form examples, decoding freely.
    case whisper
    /// Moonshine base, its beams scored by the shell-talk model and the remote's names as they grow.
    case moonshine

    /// The ear a profile that names none gets: chosen by measurement (docs/benchmarks/edge.md).
    public static let standard = NeuralEar.whisper
}

/// The HTTP shape a Whisper-style server speaks (specs/stt-protocols.md, part B §3–4).
public enum ServerDialect: String, CaseIterable, Codable, Sendable {
    case openai
    case whisperCpp = "whisper.cpp"
    case asrWebservice = "asr-webservice"
    case transcribe

    /// The path used when the profile's URL names none.
    public var defaultPath: String {
        switch self {
        case .openai: "/v1/audio/transcriptions"
        case .whisperCpp: "/inference"
        case .asrWebservice: "/asr"
        case .transcribe: "/transcribe"
        }
    }

    /// The largest upload the server takes, in bytes: OpenAI's 25 MB file limit (it answers
    /// 413 past it). The self-hosted servers set none of their own.
    public var uploadLimit: Int? {
        self == .openai ? 25 * 1024 * 1024 : nil
    }
}

/// The streaming provider a stream engine talks to (specs/stt-protocols.md, A2 and part B).
public enum StreamProvider: String, CaseIterable, Codable, Sendable {
    case assemblyai
    case deepgram
    case generic

    /// The provider's own endpoint; the generic protocol has none and needs a `url`.
    public var defaultURL: String? {
        switch self {
        case .assemblyai: "wss://streaming.assemblyai.com/v3/ws"
        case .deepgram: "wss://api.deepgram.com/v1/listen"
        case .generic: nil
        }
    }
}

/// What a stream engine does when its outbound queue backs up (specs A2 §7): the network is
/// slower than the microphone, and recording must never wait for it.
public enum BackpressurePolicy: String, CaseIterable, Codable, Sendable {
    /// Merge queued frames into fewer, larger messages (within the provider's frame limits).
    case coalesce
    /// Drop the oldest queued audio, counted and reported.
    case dropOldest = "drop-oldest"
}
