/// Where intent mode's model runs: `[intent]` in config.toml.
///
/// ```toml
/// [intent]
/// url = "http://127.0.0.1:11434/v1"   # any OpenAI-compatible chat endpoint; none: the local model
/// model = "qwen2.5-coder:1.5b"
/// api_key_env = "OPENAI_API_KEY"     # the variable's name; keys are never stored
/// context = true                     # send the remote's names and the recent history
/// persist = 600                      # seconds the local model stays loaded after its last request
/// ```
public struct IntentSettings: Equatable, Sendable {
    /// The endpoint's base URL, the part before `/chat/completions`; nil: the local model.
    public var url: String?
    public var model: String?
    public var apiKeyEnv: String?
    /// Whether the remote's names and the profile's recent history go with a request. Unset,
    /// they go to the local model only: context leaves the machine when the user says so.
    public var context: Bool?
    /// Seconds from sending a request to its whole answer.
    public var timeout: Double = 30
    /// Whether a session starts the local model when it starts, so its first intent is not the
    /// cold one (the model's memory, about 1.3 GiB, is then held for the whole session).
    public var warm = true
    /// Seconds the local model stays loaded after its last request, for the next call to find
    /// it (ssh's ControlPersist); 0: it lives only as long as the voicesh that started it.
    public var persist: Double = 600
    /// Whether the worked examples nearest a request go with it: better commands, and about 40
    /// tokens each for the model to read first.
    public var examples = true

    public init(url: String? = nil, model: String? = nil, apiKeyEnv: String? = nil, context: Bool? = nil) {
        self.url = url
        self.model = model
        self.apiKeyEnv = apiKeyEnv
        self.context = context
    }

    /// The table's name in config.toml.
    public static let table = "intent"

    public var isLocal: Bool { url == nil }

    public var sendsContext: Bool { context ?? isLocal }

    /// The keys of `[intent]`, in the order the file writes them.
    public static var fields: [ProfileField<IntentSettings>] {
        [
            .optional("url", \.url),
            .optional("model", \.model),
            .optional("api_key_env", \.apiKeyEnv),
            .optional("context", \.context),
            .value("timeout", \.timeout, default: 30),
            .value("warm", \.warm, default: true),
            .value("persist", \.persist, default: 600),
            .value("examples", \.examples, default: true),
        ]
    }

    /// Sets one key of the table; nil resets it.
    public mutating func set(_ key: String, to value: ConfigValue?) throws(ProfileProblem) {
        let dotted = "\(Self.table).\(key)"
        guard let field = Self.fields.first(where: { $0.key == key }) else {
            throw ProfileProblem(
                key: dotted, message: "unknown key; [intent] has \(Self.fields.map(\.key).joined(separator: ", "))")
        }
        var checked = value
        if let value {
            guard let coerced = value.coerced(to: field.kind) else {
                throw ProfileProblem(key: dotted, message: "expected \(field.kind.noun), found \(value.kind.noun)")
            }
            checked = coerced
        }
        try field.write(&self, checked)
    }

    /// What is wrong with the table, each problem under its dotted key.
    public func validate() -> [ProfileProblem] {
        var problems: [ProfileProblem] = []
        func fail(_ key: String, _ message: String) {
            problems.append(ProfileProblem(key: "\(Self.table).\(key)", message: message))
        }
        if let url {
            for problem in EngineConfig.urlProblems(url, schemes: ["http", "https"]) { fail("url", problem) }
        }
        if let apiKeyEnv, let reason = EngineConfig.apiKeyEnvProblem(apiKeyEnv) { fail("api_key_env", reason) }
        if apiKeyEnv != nil, url == nil { fail("api_key_env", "goes with url: the local model needs no key") }
        if url != nil, model == nil { fail("model", "is needed with url: the endpoint serves the model it names") }
        // Checked again on the addresses the name resolves to when each request is made.
        if apiKeyEnv != nil, let url, let checked = try? CheckedURL(url, schemes: ["http", "https"]), !checked.isSecure,
            !checked.hostIsLoopback
        {
            fail("api_key_env", "would send the key unencrypted to \(UntrustedText.excerpt(url)); use https://")
        }
        if !(timeout > 0 && timeout <= 600) { fail("timeout", "must be between 0 and 600 seconds") }
        if !(persist >= 0 && persist <= 86400) { fail("persist", "must be between 0 (no) and 86400 seconds") }
        return problems
    }
}
