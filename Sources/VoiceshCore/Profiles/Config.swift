/// config.toml: the settings of this user rather than of one profile.
///
/// ```toml
/// store = "postgresql://voicesh@db.example.com/voicesh"   # optional: a shared store
///
/// [defaults]            # any profile key
/// send = "confirm"
/// [defaults.engine]     # an engine for every profile that does not describe its own
/// kind = "server"
/// url = "https://stt.example.com"
/// [defaults.fallback]
/// [defaults.aliases]
/// ```
public struct Config: Equatable, Sendable {
    /// Where profiles and history live: a `postgresql://` URL, or nil for the local SQLite file.
    public var store: String?
    public var defaults = ProfileDefaults()
    /// Where intent mode's model runs (`[intent]`).
    public var intent = IntentSettings()

    public init(store: String? = nil, defaults: ProfileDefaults = ProfileDefaults(), intent: IntentSettings = .init()) {
        self.store = store
        self.defaults = defaults
        self.intent = intent
    }

    /// The table that holds the defaults.
    public static let defaultsTable = "defaults"

    /// The top-level keys, besides `[defaults]`.
    public static let topLevelKeys = ["store"]

    /// Why a `store` URL cannot be used, or nil. A password in it would be written to the
    /// file, so it is refused: libpq's own places (`~/.pgpass`, `PGPASSWORD`) hold it instead.
    public static func storeProblem(_ url: String) -> String? {
        guard let scheme = url.range(of: "://"), ["postgresql", "postgres"].contains(url[..<scheme.lowerBound])
        else { return "\"\(UntrustedText.excerpt(url))\" is not a postgresql:// URL" }
        let authority = url[scheme.upperBound...].prefix { $0 != "/" && $0 != "?" }
        if let at = authority.lastIndex(of: "@"), authority[..<at].contains(":") {
            return "holds a password; keep it in ~/.pgpass or PGPASSWORD, never in config.toml"
        }
        return nil
    }

    /// The shape a config key (`store`, `defaults.send`, `defaults.engine.url`, `intent.url`) expects.
    public static func kind(of key: String) throws(ProfileProblem) -> ConfigValue.Kind {
        if topLevelKeys.contains(key) { return .string }
        if key.hasPrefix(IntentSettings.table + ".") {
            let name = key.dropFirst(IntentSettings.table.count + 1)
            guard let field = IntentSettings.fields.first(where: { $0.key == name }) else {
                throw ProfileProblem(
                    key: key,
                    message: "unknown key; [intent] has \(IntentSettings.fields.map(\.key).joined(separator: ", "))")
            }
            return field.kind
        }
        let prefix = defaultsTable + "."
        guard key.hasPrefix(prefix) else {
            throw ProfileProblem(
                key: key,
                message: "unknown key; config.toml has \(topLevelKeys.joined(separator: ", ")), [defaults] and [intent]"
            )
        }
        let profileKey = String(key.dropFirst(prefix.count))
        guard !ProfileDefaults.profileOnlyKeys.contains(profileKey) else {
            throw ProfileProblem(key: key, message: "belongs to a profile, not to [defaults]")
        }
        do throws(ProfileProblem) {
            return try Profile.kind(of: profileKey)
        } catch {
            throw ProfileProblem(key: prefix + error.key, message: error.message)
        }
    }
}
