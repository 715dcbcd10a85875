/// A saved server and how to dictate into it: what `voicesh connect NAME` needs.
public struct Profile: Encodable, Equatable, Sendable {
    public var name: String
    public var host: String
    public var port: Int = 22
    /// The remote user; nil means the local user, as with `ssh`.
    public var user: String?
    /// A private key file; without one: ssh-agent, then the default key files.
    public var identity: String?
    /// A known_hosts file other than `~/.ssh/known_hosts`.
    public var knownHosts: String?
    /// Seconds between keepalive messages (OpenSSH's ServerAliveInterval); 0 turns them off.
    public var keepalive: Int = 0
    /// Jump hosts, `[user@]host[:port][,…]` (OpenSSH's ProxyJump); `none` turns off ssh_config's.
    public var jump: String?
    /// Asks for agent forwarding (OpenSSH's ForwardAgent); libssh2 1.10 cannot serve it.
    public var forwardAgent: Bool = false
    /// The key that starts and stops recording.
    public var toggleKey: String = KeyChord.defaultToggle.name
    /// The key that records a take heard as a request in plain English (intent mode).
    public var intentKey: String = KeyChord.defaultIntentKey.name
    public var send: SendPolicy = .confirm
    public var history: HistoryPolicy = .text
    /// Asks twice before inserting a risky command, not only before running it.
    public var production: Bool = false
    /// Seconds of silence after speech that end a recording; 0 leaves it to the toggle key.
    public var autoStop: Double = 0
    /// The ALSA capture device; nil means the global setting, then `default`.
    public var audioDevice: String?
    /// Learning from use; nil means on for edge engines and off for the others.
    public var learn: LearnPolicy?
    /// Which engines get the remote shell's names (`local` by default).
    public var context: ContextPolicy = .local
    /// After the toggle key the voice does the rest: answers, corrections, keys, history.
    public var handsFree: Bool = false
    public var engine = EngineConfig()
    public var fallback: EngineConfig?
    /// The profile's own `[intent]` keys, each in place of config.toml's (intent mode's model).
    public var intent = IntentOverride()
    /// The profile's own fixes for the spoken-shell normaliser: spoken phrase → text.
    public var aliases: [String: String] = [:]
    /// Keys set on purpose to their built-in value (`send = "confirm"` in the file), so that a
    /// default from config.toml does not replace them. A key with any other value is the
    /// profile's own anyway; see `ownKeys`.
    public var pinned: Set<String> = []

    public init(name: String, host: String) {
        self.name = name
        self.host = host
    }

    /// The JSON form (`profile list --json`): the file form's keys, then the engines and aliases.
    public func encode(to encoder: any Encoder) throws {
        try ProfileField.encode(Self.fields, of: self, to: encoder)
        var container = encoder.container(keyedBy: JSONKey.self)
        try container.encode(engine, forKey: JSONKey("engine"))
        try container.encodeIfPresent(fallback, forKey: JSONKey("fallback"))
        if !intent.isEmpty { try container.encode(intent, forKey: JSONKey(IntentOverride.table)) }
        try container.encode(aliases, forKey: JSONKey(Self.aliasTable))
    }

    /// The local programs this profile runs on every dictation (`recognizer = "command"` in
    /// `[engine]` or `[fallback]`): what an import must not accept unasked.
    public var localCommands: [String] {
        [engine, fallback].compactMap { config in
            config.flatMap { $0.recognizer == .command ? $0.command : nil }
        }
    }

    /// Whether accepted dictations are kept to learn the voice from: `learn`, or by default
    /// when the edge engine hears them (first or as the fallback).
    public var learns: Bool {
        learn.map { $0 == .on } ?? (engine.kind == .edge || fallback?.kind == .edge)
    }

    /// Whether a session gathers context: some engine of this profile is allowed to get it.
    public var gathersContext: Bool {
        switch context {
        case .off: false
        case .local: engine.kind == .edge || fallback?.kind == .edge
        case .all: true
        }
    }

    /// `user@host`, or `user@[host]:port` off port 22, as OpenSSH prints a destination.
    public func destination(localUser: String) -> String {
        Destination(user: user ?? localUser, host: host, port: port).description
    }
}
