import Foundation
import ProfileFormat
import Store
import VoiceshCore

/// What a command needs from the outside world, built once per run (`live()`, by the
/// executable's entry point) and handed to the session library, which reaches the process
/// environment, the data directories, the terminal and the clock only through it.
package struct AppContext {
    package var environment: [String: String]
    package var location: DataLocation
    /// The local terminal's window.
    package var terminal: any TerminalWindow
    /// Seconds on a monotonic clock.
    package var clock: @Sendable () -> Double
    /// The command line's streams.
    package var console: Console
    /// How a session reaches its remote.
    package var connector: any SSHConnector
    /// Where a take records from when no audio file is given.
    package var microphone: any Microphone

    /// Every part is given: the live ones come only from `live()`, a test names each of its own.
    package init(
        environment: [String: String], location: DataLocation, terminal: any TerminalWindow,
        clock: @escaping @Sendable () -> Double, console: Console, connector: any SSHConnector,
        microphone: any Microphone
    ) {
        (self.environment, self.location, self.terminal, self.clock) = (environment, location, terminal, clock)
        (self.console, self.connector, self.microphone) = (console, connector, microphone)
    }

    package static func live() -> AppContext {
        let environment = ProcessInfo.processInfo.environment
        let location = DataLocation(environment: environment)
        Log.app.debug("state directory: \(location.directory)")
        return AppContext(
            environment: environment, location: location, terminal: LocalTerminal(),
            clock: { DictationController.now }, console: .standard, connector: LibSSH2Connector(),
            microphone: ALSAMicrophone())
    }

    package func openDatabase() throws(StoreError) -> AppDatabase {
        try AppDatabase.open(at: location.database)
    }

    /// config.toml as it is now; no file means no defaults. One in a directory others may write
    /// in is refused, not read: it could name any command or store.
    package func config() throws -> Config {
        guard FileManager.default.fileExists(atPath: location.configFile) else { return Config() }
        if !configChosen {
            try FileSecurity.check(directory: (location.configFile as NSString).deletingLastPathComponent)
        }
        return try ConfigTOML.config(fromText: try readText(location.configFile), source: location.configFile)
    }

    /// `VOICESH_CONFIG` names the file: the user chose it, wherever it is (a system-wide one, say).
    package var configChosen: Bool { !(environment["VOICESH_CONFIG"] ?? "").isEmpty }

    /// A profile as it is used: the keys it does not set come from config.toml's `[defaults]`.
    package func effective(_ profile: Profile) throws -> Profile {
        try config().defaults.applied(to: profile)
    }

    /// The shared store history rows go on to; nil with the local store (or a bad URL, which
    /// the profile read before reported).
    package var sharedAddress: StoreAddress? {
        if case .shared(let address) = try? StoreChoice.choose(
            url: storeURL, environment: environment, console: console)
        {
            return address
        }
        return nil
    }

    /// The shared store's URL: `VOICESH_STORE`, else config.toml's `store`.
    package var storeURL: String? { storeURL(config: try? config()) }

    private func storeURL(config: Config?) -> String? {
        environment["VOICESH_STORE"].flatMap { $0.isEmpty ? nil : $0 } ?? config?.store
    }

    /// The store the profile and history commands use; a broken config.toml stops here, with its line.
    package func openStore() throws -> any VoiceshStore {
        switch try StoreChoice.choose(url: storeURL(config: try config()), environment: environment, console: console) {
        case .local:
            return try openDatabase()
        case .shared(let address):
            if address.passwordInURL {
                console.error(
                    "voicesh: the store URL holds a password; it is used, never stored or shown, but ~/.pgpass (mode 0600) keeps it out of your environment"
                )
            }
            return SyncedStore(local: try openDatabase(), address: address, console: console)
        }
    }

    /// A profile to run: with a shared store, one whose engine runs a local command is refused
    /// unless this machine allowed that command (`profile import --allow-command`).
    package func runnableProfile(named name: String, in store: any VoiceshStore) throws -> Profile {
        let profile = try store.profile(named: name)
        // Its `[intent]` keys over config.toml's: a mix that cannot work is said before connecting.
        let intent = try config().intent
        _ = try profile.intentSettings(over: intent)
        // A key goes only where this machine allowed it to: a profile may not choose for it.
        let pairings = profile.keyPairings(intent: intent)
        if !pairings.isEmpty {
            let allowed = try localDatabase(of: store).allowedKeys()
            if let pairing = pairings.first(where: { !allowed.contains($0) }) {
                throw KeyPairingProblem.notAllowed(profile: name, pairing: pairing)
            }
        }
        guard let synced = store as? SyncedStore, !profile.localCommands.isEmpty else { return profile }
        let allowed = try synced.local.allowedCommands()
        if let command = profile.localCommands.first(where: { !allowed.contains($0) }) {
            throw LocalCommandProblem.fromSharedStore(profile: name, command: command)
        }
        return profile
    }

    /// This machine's own database behind `store` (what it allowed stays here).
    private func localDatabase(of store: any VoiceshStore) throws -> AppDatabase {
        if let database = store as? AppDatabase { return database }
        if let synced = store as? SyncedStore { return synced.local }
        return try openDatabase()
    }

    /// The local user, the default remote user as with `ssh`.
    package var localUser: String {
        environment["USER"] ?? environment["LOGNAME"] ?? NSUserName()
    }

    /// `~` and `~/…` expanded against HOME, as a shell would.
    package func expandingTilde(_ path: String) -> String {
        TildePath.expanded(path, home: environment["HOME"] ?? NSHomeDirectory())
    }

    package func readText(_ path: String) throws(TextFileProblem) -> String {
        if path == "-" {
            return String(decoding: console.readInput(), as: UTF8.self)
        }
        let full = expandingTilde(path)
        let files = FileManager.default
        guard files.fileExists(atPath: full) else { throw .missing(path: path) }
        guard files.isReadableFile(atPath: full), let data = files.contents(atPath: full) else {
            throw .unreadable(path: path)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw .notUTF8(path: path)
        }
        return text
    }
}
