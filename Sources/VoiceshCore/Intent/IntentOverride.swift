/// A profile's own `[intent]`: the keys it sets override config.toml's `[intent]` one by one, so a
/// profile can say only `context = true` (send this server's names to the endpoint) or point at an
/// endpoint of its own. `url = ""` chooses the local model whatever config.toml names.
///
/// ```toml
/// [intent]
/// url = "https://llm.example.com/v1"
/// model = "qwen2.5-coder-7b"
/// context = true
/// ```
public struct IntentOverride: Codable, Equatable, Sendable {
    public var url: String?
    public var model: String?
    public var apiKeyEnv: String?
    public var context: Bool?
    public var timeout: Double?
    public var warm: Bool?

    public init() {}

    /// The table's name in a profile file.
    public static let table = IntentSettings.table

    public var isEmpty: Bool { self == Self() }

    /// The keys of a profile's `[intent]`, those of config.toml's, in the same order.
    public static var fields: [ProfileField<IntentOverride>] {
        [
            .optional("url", \.url),
            .optional("model", \.model),
            .optional("api_key_env", \.apiKeyEnv),
            .optional("context", \.context),
            .optional("timeout", \.timeout),
            .optional("warm", \.warm),
        ]
    }

    /// `settings` (config.toml's) with this profile's keys in place of theirs.
    public func applied(to settings: IntentSettings) -> IntentSettings {
        var settings = settings
        if let url {
            // Another endpoint, or the local model: config.toml's model and key were for its own.
            settings.url = url.isEmpty ? nil : url
            (settings.model, settings.apiKeyEnv) = (nil, nil)
        }
        if let model { settings.model = model }
        if let apiKeyEnv { settings.apiKeyEnv = apiKeyEnv }
        if let context { settings.context = context }
        if let timeout { settings.timeout = timeout }
        if let warm { settings.warm = warm }
        return settings
    }

    /// What is wrong with the profile's keys on their own (under `intent.`). With `url` the
    /// profile names its own endpoint (or the local model) and says all of it, as config.toml's
    /// `[intent]` would; without, its keys go with config.toml's endpoint, checked together
    /// when the profile is used (`Profile.intentSettings`).
    public func validate() -> [ProfileProblem] {
        if url != nil { return applied(to: IntentSettings()).validate() }
        var problems: [ProfileProblem] = []
        if let apiKeyEnv, let reason = EngineConfig.apiKeyEnvProblem(apiKeyEnv) {
            problems.append(ProfileProblem(key: "\(Self.table).api_key_env", message: reason))
        }
        if let timeout, !(timeout > 0 && timeout <= 600) {
            problems.append(ProfileProblem(key: "\(Self.table).timeout", message: "must be between 0 and 600 seconds"))
        }
        return problems
    }
}

extension Profile {
    /// Intent mode's settings for this profile: config.toml's `[intent]` under the profile's own
    /// keys; a mix that cannot work (an endpoint without its model) is the profile's problem.
    public func intentSettings(over config: IntentSettings) throws(ProfileProblems) -> IntentSettings {
        let settings = intent.applied(to: config)
        let problems = settings.validate()
        guard problems.isEmpty else { throw ProfileProblems(source: name, problems: problems) }
        return settings
    }
}
