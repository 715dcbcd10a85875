/// One key of the profile file: its name, the shape of its value, and how it reads and writes
/// the profile. The file parser, `profile set`, `profile export` and the unknown-key check
/// all go through this one list, so a key cannot be known to one and not the others.
public struct ProfileField<Root> {
    public let key: String
    public let kind: ConfigValue.Kind
    let read: (Root) -> ConfigValue?
    /// Writes a value of the right shape, or resets to the default on nil; throws for a bad word.
    let write: (inout Root, ConfigValue?) throws(ProfileProblem) -> Void
}

extension ProfileField {
    /// A value of one shape (`ConfigScalar`), reset to `value` when the key is removed.
    static func value<V: ConfigScalar>(_ key: String, _ path: WritableKeyPath<Root, V>, default value: V) -> Self {
        Self(
            key: key, kind: V.kind, read: { $0[keyPath: path].configValue },
            write: { root, new in root[keyPath: path] = new.flatMap(V.init(configValue:)) ?? value })
    }

    /// A value of one shape that may be absent, as it is when the key is removed.
    static func optional<V: ConfigScalar>(_ key: String, _ path: WritableKeyPath<Root, V?>) -> Self {
        Self(
            key: key, kind: V.kind, read: { $0[keyPath: path]?.configValue },
            write: { root, new in root[keyPath: path] = new.flatMap(V.init(configValue:)) })
    }

    /// A key name, stored in its canonical spelling (`F9` → `f9`, `Ctrl+]` → `ctrl-]`);
    /// a name that does not parse is kept as written for validation to report.
    static func keyChord(_ key: String, _ path: WritableKeyPath<Root, String>, default value: KeyChord) -> Self {
        worded(key, path, reset: value.name, read: { $0 }) { s in (try? KeyChord(parsing: s))?.name ?? s }
    }

    static func choice<E: RawRepresentable & CaseIterable>(
        _ key: String, _ path: WritableKeyPath<Root, E>, default value: E
    ) -> Self where E.RawValue == String {
        worded(key, path, reset: value, read: \.rawValue) { s throws(ProfileProblem) in try E.named(s, key: key) }
    }

    static func optionalChoice<E: RawRepresentable & CaseIterable>(
        _ key: String, _ path: WritableKeyPath<Root, E?>
    ) -> Self where E.RawValue == String {
        worded(key, path, reset: nil, read: { $0?.rawValue }) { s throws(ProfileProblem) in try E.named(s, key: key) }
    }

    /// A string key whose word is read into the stored value by `parse` (which may refuse it),
    /// reset to `reset` when the key is removed.
    private static func worded<T>(
        _ key: String, _ path: WritableKeyPath<Root, T>, reset: T, read: @escaping (T) -> String?,
        parse: @escaping (String) throws(ProfileProblem) -> T
    ) -> Self {
        Self(
            key: key, kind: .string, read: { read($0[keyPath: path]).map(ConfigValue.string) },
            write: { root, new throws(ProfileProblem) in
                guard case .string(let s)? = new else {
                    root[keyPath: path] = reset
                    return
                }
                root[keyPath: path] = try parse(s)
            })
    }
}

extension RawRepresentable where Self: CaseIterable, RawValue == String {
    /// The case a profile's word names, or why not.
    fileprivate static func named(_ word: String, key: String) throws(ProfileProblem) -> Self {
        guard let e = Self(rawValue: word) else {
            throw .notAChoice(key: key, value: word, allowed: allCases.map(\.rawValue))
        }
        return e
    }
}

extension Profile {
    /// The top-level keys, in the order the file form writes them.
    public static var fields: [ProfileField<Profile>] {
        [
            .value("name", \.name, default: ""),
            .value("host", \.host, default: ""),
            .value("port", \.port, default: 22),
            .optional("user", \.user),
            .optional("identity", \.identity),
            .optional("known_hosts", \.knownHosts),
            .value("keepalive", \.keepalive, default: 0),
            .optional("jump", \.jump),
            .value("forward_agent", \.forwardAgent, default: false),
            .keyChord("toggle_key", \.toggleKey, default: .defaultToggle),
            .choice("send", \.send, default: .confirm),
            .choice("history", \.history, default: .text),
            .value("production", \.production, default: false),
            .value("auto_stop", \.autoStop, default: 0),
            .optional("audio_device", \.audioDevice),
            .optionalChoice("learn", \.learn),
            .choice("context", \.context, default: .local),
            .value("hands_free", \.handsFree, default: false),
            .keyChord("intent_key", \.intentKey, default: .defaultIntentKey),
        ]
    }

    /// The tables that hold an engine.
    public static let engineTables = ["engine", "fallback"]

    /// The table of spoken-shell aliases: `[aliases]` with `"spoken phrase" = "text"`.
    public static let aliasTable = "aliases"
}

extension EngineConfig {
    /// The keys of `[engine]` and `[fallback]`, in the order the file form writes them.
    public static var fields: [ProfileField<EngineConfig>] {
        [
            .choice("kind", \.kind, default: .edge),
            .value("timeout", \.timeout, default: 30),
            .value("language", \.language, default: "en"),
            .value("vocabulary", \.vocabulary, default: []),
            .optional("min_confidence", \.minConfidence),
            .optionalChoice("recognizer", \.recognizer),
            .optional("command", \.command),
            .optional("whisper_model", \.whisperModel),
            .optionalChoice("ear", \.ear),
            .optionalChoice("dialect", \.dialect),
            .optionalChoice("provider", \.provider),
            .optional("url", \.url),
            .optional("model", \.model),
            .optional("api_key_env", \.apiKeyEnv),
            .optional("token_url", \.tokenURL),
            .optionalChoice("backpressure", \.backpressure),
            .optional("backlog", \.backlog),
            .optional("file_field", \.fileField),
            .optional("response_key", \.responseKey),
        ]
    }
}
