import ArgumentParser
import ProfileFormat
import Store
import VoiceshCore
import VoiceshSession

struct ProfileImport: VoiceshCommand {
    static let configuration = CommandConfiguration(
        commandName: "import", abstract: "Import profiles from TOML files, or from ~/.ssh/config.",
        usage: "voicesh profile import [<options>] [<files> ...]",
        discussion: """
            A TOML file holds one profile at its top level, or several as [[profile]] tables. Each file is imported whole or not at all. A profile that runs a local recogniser command is refused unless --allow-command is given, and one that sends a key from an environment variable (api_key_env) to its endpoint unless --allow-key is given: which of your secrets goes where is yours to say. With --ssh-config, each Host alias (Include followed) becomes a profile with what `ssh -G ALIAS` resolves (HostName, Port, User, IdentityFile, ProxyJump as jump); wildcard patterns are skipped, and hosts behind ProxyCommand are refused with a line each.
            """)

    @Argument(help: "TOML files ('-' for stdin), or ssh config files with --ssh-config.", completion: .file())
    var files: [String] = []

    @Flag(help: "Read OpenSSH client config files (default ~/.ssh/config).")
    var sshConfig = false

    @Flag(help: "Overwrite profiles of the same name.")
    var replace = false

    @Flag(
        help:
            "Accept profiles that run a local recogniser command (recognizer = \"command\"); remembered on this machine."
    )
    var allowCommand = false

    @Flag(
        help:
            "Accept profiles that send a key from an environment variable (api_key_env) to their endpoint; remembered on this machine."
    )
    var allowKey = false

    func validate() throws {
        if files.isEmpty, !sshConfig { throw ValidationError("name at least one file, or use --ssh-config") }
    }

    func run(_ context: AppContext) throws {
        let database = try context.openDatabase()
        let store = try context.openStore()
        var failed = false
        for file in sshConfig && files.isEmpty ? ["~/.ssh/config"] : files {
            do {
                let text = try context.readText(file)
                let profiles =
                    sshConfig
                    ? try SSHConfigImport.profiles(
                        text, path: context.expandingTilde(file), source: file, context: context)
                    : try ProfileTOML.profiles(fromText: text, source: file)
                if !allowCommand {
                    let allowed = try database.allowedCommands()
                    for profile in profiles {
                        if let command = profile.localCommands.first(where: { !allowed.contains($0) }) {
                            throw LocalCommandProblem.inImport(profile: profile.name, command: command)
                        }
                    }
                }
                let intent = try context.config().intent
                let pairings = profiles.map { ($0.name, $0.keyPairings(intent: intent)) }
                if !allowKey {
                    let allowed = try database.allowedKeys()
                    for (name, theirs) in pairings {
                        if let pairing = theirs.first(where: { !allowed.contains($0) }) {
                            throw KeyPairingProblem.inImport(profile: name, pairing: pairing)
                        }
                    }
                }
                if store is AppDatabase {
                    try database.importProfiles(profiles, replace: replace, allowCommands: allowCommand)
                } else {
                    try store.saveProfiles(profiles, replace: replace)
                    if allowCommand { try database.allowCommands(profiles.flatMap(\.localCommands)) }
                }
                if allowKey { try database.allowKeys(pairings.flatMap(\.1)) }
                let names = profiles.map(\.name).joined(separator: ", ")
                context.console.error(
                    "imported \(profiles.count) profile\(profiles.count == 1 ? "" : "s") from \(file): \(names)")
            } catch {
                failed = true
                for line in Failure.words(for: error) ?? ["\(error)"] {
                    context.console.error("voicesh: \(line.hasPrefix(file) ? line : "\(file): \(line)")")
                }
            }
        }
        if failed { throw Failure.Command.partial }
    }
}
