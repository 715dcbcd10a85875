import ArgumentParser
import VoiceshCore
import VoiceshSession

struct ProfileAdd: VoiceshCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Save a new profile.",
        discussion: """
            Other keys (toggle_key, send, history, vocabulary, [fallback] …) are set with `voicesh profile set NAME KEY=VALUE`, or written in a TOML file for `profile import`.
            """)

    @Argument(help: "A name for the profile: letters, digits, '.', '_' or '-'.")
    var name: String

    @Option(help: ArgumentHelp("The server: HOST, USER@HOST or USER@HOST:PORT.", valueName: "destination"))
    var host: String

    @Option(name: [.customShort("p"), .long], help: "The SSH port (default 22).")
    var port: Int?

    @Option(name: [.customShort("l"), .long], help: "The remote user (default: the local user).")
    var user: String?

    @Option(name: [.customShort("i"), .long], help: "A private key file.", completion: .file())
    var identity: String?

    @Option(help: "A known_hosts file other than ~/.ssh/known_hosts.", completion: .file())
    var knownHosts: String?

    @Option(help: "The speech engine's kind.")
    var engine: EngineKind?

    @Option(help: "The edge recogniser.")
    var recognizer: Recognizer?

    @Option(help: "The local recogniser command; {wav} stands for the recording.")
    var command: String?

    @Option(help: "The server engine's dialect.")
    var dialect: ServerDialect?

    @Option(help: "The stream engine's provider.")
    var provider: StreamProvider?

    @Option(help: "The server or stream URL.")
    var url: String?

    @Option(help: "The engine's model.")
    var model: String?

    @Option(help: "The environment variable that holds the API key (never the key).")
    var apiKeyEnv: String?

    @Option(help: "The token proxy URL for a stream engine.")
    var tokenURL: String?

    @Flag(help: "Overwrite a profile of the same name.")
    var replace = false

    func run(_ context: AppContext) throws {
        var entries = [ProfileEntry(key: "name", value: .string(name))]
        if let destination = Destination(parsing: host) {
            entries.append(.init(key: "host", value: .string(destination.host)))
            if let u = destination.user { entries.append(.init(key: "user", value: .string(u))) }
            if let p = destination.port { entries.append(.init(key: "port", value: .integer(p))) }
        } else {
            entries.append(.init(key: "host", value: .string(host)))
        }
        let options: [(String, ConfigValue?)] = [
            ("port", port.map(ConfigValue.integer)),
            ("user", user.map(ConfigValue.string)),
            ("identity", identity.map(ConfigValue.string)),
            ("known_hosts", knownHosts.map(ConfigValue.string)),
            ("engine.kind", engine.map { .string($0.rawValue) }),
            ("engine.recognizer", recognizer.map { .string($0.rawValue) }),
            ("engine.command", command.map(ConfigValue.string)),
            ("engine.dialect", dialect.map { .string($0.rawValue) }),
            ("engine.provider", provider.map { .string($0.rawValue) }),
            ("engine.url", url.map(ConfigValue.string)),
            ("engine.model", model.map(ConfigValue.string)),
            ("engine.api_key_env", apiKeyEnv.map(ConfigValue.string)),
            ("engine.token_url", tokenURL.map(ConfigValue.string)),
        ]
        entries += options.compactMap { key, value in value.map { ProfileEntry(key: key, value: $0) } }
        let profile = try Profile.build(from: entries, source: "profile \(name)").get()
        try context.openStore().saveProfile(profile, replace: replace)
        // The user typed the key variable and the endpoint: that pairing is theirs.
        try context.openDatabase().allowKeys(profile.keyPairings(intent: context.config().intent))
        context.console.error(
            "saved profile \"\(profile.name)\" (\(profile.destination(localUser: context.localUser)), \(profile.engine.label))"
        )
    }
}
