/// Which of the user's secrets goes where: an environment variable a profile names for its
/// key, and the endpoint (`scheme://host:port`) that key is sent to.
///
/// The pairing is the user's own choice. A profile from a file or from the team store must
/// not choose it for them (`api_key_env = "AWS_SECRET_ACCESS_KEY"` beside someone else's URL
/// would send that secret away): such a pairing is sent only once this machine allowed it
/// (`profile import --allow-key`), as known_hosts remembers a host key. What the user types
/// (`profile add`, `profile set`, config.toml) is allowed as it is typed.
public struct KeyPairing: Hashable, Sendable, CustomStringConvertible {
    public var variable: String
    /// `https://api.example.com:443`: the scheme, host and port the key goes to.
    public var origin: String

    public init(variable: String, origin: String) {
        (self.variable, self.origin) = (variable, origin)
    }

    /// The pairing of `variable` with `url`'s origin; nil without both, or when the URL is
    /// not one (it is refused elsewhere, and nothing is sent to it).
    init?(variable: String?, url: String?) {
        guard let variable, let url,
            let checked = try? CheckedURL(url, schemes: ["http", "https", "ws", "wss"])
        else { return nil }
        let host = checked.host.contains(":") ? "[\(checked.host)]" : checked.host
        self.init(variable: variable, origin: "\(checked.scheme)://\(host):\(checked.effectivePort)")
    }

    public var description: String { "\(variable) to \(origin)" }
}

extension Profile {
    /// The keys this profile itself sends, and where: its engine's and fallback's, and its own
    /// `[intent]` key with the endpoint it goes to over `intent` (config.toml's table, whose
    /// own key is the user's).
    public func keyPairings(intent config: IntentSettings) -> [KeyPairing] {
        var pairings: [KeyPairing] = []
        for engine in [engine] + (fallback.map { [$0] } ?? []) where engine.kind != .edge && engine.tokenURL == nil {
            if let pairing = KeyPairing(variable: engine.apiKeyEnv, url: engine.url ?? engine.provider?.defaultURL) {
                pairings.append(pairing)
            }
        }
        if intent.apiKeyEnv != nil,
            let pairing = KeyPairing(variable: intent.apiKeyEnv, url: intent.applied(to: config).url)
        {
            pairings.append(pairing)
        }
        return pairings
    }
}
