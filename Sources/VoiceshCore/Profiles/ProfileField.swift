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
    static func string(_ key: String, _ path: WritableKeyPath<Root, String>, default value: String)
        -> Self
    {
        Self(
            key: key, kind: .string, read: { .string($0[keyPath: path]) },
            write: { root, new in
                if case .string(let s)? = new { root[keyPath: path] = s } else { root[keyPath: path] = value }
            })
    }

    static func optionalString(_ key: String, _ path: WritableKeyPath<Root, String?>) -> Self {
        Self(
            key: key, kind: .string, read: { $0[keyPath: path].map(ConfigValue.string) },
            write: { root, new in
                if case .string(let s)? = new { root[keyPath: path] = s } else { root[keyPath: path] = nil }
            })
    }

    /// A key name, stored in its canonical spelling (`F9` → `f9`, `Ctrl+]` → `ctrl-]`);
    /// a name that does not parse is kept as written for validation to report.
    static func keyChord(_ key: String, _ path: WritableKeyPath<Root, String>, default value: KeyChord) -> Self {
        Self(
            key: key, kind: .string, read: { .string($0[keyPath: path]) },
            write: { root, new in
                guard case .string(let s)? = new else {
                    root[keyPath: path] = value.name
                    return
                }
                root[keyPath: path] = (try? KeyChord(parsing: s))?.name ?? s
            })
    }

    static func integer(_ key: String, _ path: WritableKeyPath<Root, Int>, default value: Int) -> Self {
        Self(
            key: key, kind: .integer, read: { .integer($0[keyPath: path]) },
            write: { root, new in
                if case .integer(let n)? = new { root[keyPath: path] = n } else { root[keyPath: path] = value }
            })
    }

    static func optionalInteger(_ key: String, _ path: WritableKeyPath<Root, Int?>) -> Self {
        Self(
            key: key, kind: .integer, read: { $0[keyPath: path].map(ConfigValue.integer) },
            write: { root, new in
                if case .integer(let n)? = new { root[keyPath: path] = n } else { root[keyPath: path] = nil }
            })
    }

    static func float(_ key: String, _ path: WritableKeyPath<Root, Double>, default value: Double) -> Self {
        Self(
            key: key, kind: .float, read: { .float($0[keyPath: path]) },
            write: { root, new in
                if case .float(let x)? = new { root[keyPath: path] = x } else { root[keyPath: path] = value }
            })
    }

    static func optionalFloat(_ key: String, _ path: WritableKeyPath<Root, Double?>) -> Self {
        Self(
            key: key, kind: .float, read: { $0[keyPath: path].map(ConfigValue.float) },
            write: { root, new in
                if case .float(let x)? = new { root[keyPath: path] = x } else { root[keyPath: path] = nil }
            })
    }

    static func boolean(_ key: String, _ path: WritableKeyPath<Root, Bool>, default value: Bool) -> Self {
        Self(
            key: key, kind: .boolean, read: { .boolean($0[keyPath: path]) },
            write: { root, new in
                if case .boolean(let b)? = new { root[keyPath: path] = b } else { root[keyPath: path] = value }
            })
    }

    static func optionalBoolean(_ key: String, _ path: WritableKeyPath<Root, Bool?>) -> Self {
        Self(
            key: key, kind: .boolean, read: { $0[keyPath: path].map(ConfigValue.boolean) },
            write: { root, new in
                if case .boolean(let b)? = new { root[keyPath: path] = b } else { root[keyPath: path] = nil }
            })
    }

    static func strings(_ key: String, _ path: WritableKeyPath<Root, [String]>) -> Self {
        Self(
            key: key, kind: .strings, read: { .strings($0[keyPath: path]) },
            write: { root, new in
                if case .strings(let s)? = new { root[keyPath: path] = s } else { root[keyPath: path] = [] }
            })
    }

    static func choice<E: RawRepresentable & CaseIterable>(
        _ key: String, _ path: WritableKeyPath<Root, E>, default value: E
    ) -> Self where E.RawValue == String {
        let words = E.allCases.map(\.rawValue)
        return Self(
            key: key, kind: .string, read: { .string($0[keyPath: path].rawValue) },
            write: { root, new throws(ProfileProblem) in
                guard case .string(let s)? = new else {
                    root[keyPath: path] = value
                    return
                }
                guard let e = E(rawValue: s) else { throw .notAChoice(key: key, value: s, allowed: words) }
                root[keyPath: path] = e
            })
    }

    static func optionalChoice<E: RawRepresentable & CaseIterable>(
        _ key: String, _ path: WritableKeyPath<Root, E?>
    ) -> Self where E.RawValue == String {
        let words = E.allCases.map(\.rawValue)
        return Self(
            key: key, kind: .string, read: { $0[keyPath: path].map { .string($0.rawValue) } },
            write: { root, new throws(ProfileProblem) in
                guard case .string(let s)? = new else {
                    root[keyPath: path] = nil
                    return
                }
                guard let e = E(rawValue: s) else { throw .notAChoice(key: key, value: s, allowed: words) }
                root[keyPath: path] = e
            })
    }
}

extension Profile {
    /// The top-level keys, in the order the file form writes them.
    public static var fields: [ProfileField<Profile>] {
        [
            .string("name", \.name, default: ""),
            .string("host", \.host, default: ""),
            .integer("port", \.port, default: 22),
            .optionalString("user", \.user),
            .optionalString("identity", \.identity),
            .optionalString("known_hosts", \.knownHosts),
            .integer("keepalive", \.keepalive, default: 0),
            .optionalString("jump", \.jump),
            .boolean("forward_agent", \.forwardAgent, default: false),
            .keyChord("toggle_key", \.toggleKey, default: .defaultToggle),
            .choice("send", \.send, default: .confirm),
            .choice("history", \.history, default: .text),
            .boolean("production", \.production, default: false),
            .float("auto_stop", \.autoStop, default: 0),
            .optionalString("audio_device", \.audioDevice),
            .optionalChoice("learn", \.learn),
            .choice("context", \.context, default: .local),
            .boolean("hands_free", \.handsFree, default: false),
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
            .float("timeout", \.timeout, default: 30),
            .string("language", \.language, default: "en"),
            .strings("vocabulary", \.vocabulary),
            .optionalFloat("min_confidence", \.minConfidence),
            .optionalChoice("recognizer", \.recognizer),
            .optionalString("command", \.command),
            .optionalString("whisper_model", \.whisperModel),
            .optionalChoice("ear", \.ear),
            .optionalChoice("dialect", \.dialect),
            .optionalChoice("provider", \.provider),
            .optionalString("url", \.url),
            .optionalString("model", \.model),
            .optionalString("api_key_env", \.apiKeyEnv),
            .optionalString("token_url", \.tokenURL),
            .optionalChoice("backpressure", \.backpressure),
            .optionalInteger("backlog", \.backlog),
            .optionalString("file_field", \.fileField),
            .optionalString("response_key", \.responseKey),
        ]
    }
}
