import ArgumentParser
import ProfileFormat
import Store
import VoiceshCore

struct ProfileImport: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import", abstract: "Import profiles from TOML files, or from ~/.ssh/config.",
        discussion: """
            A TOML file holds one profile at its top level, or several as [[profile]] tables.
            Each file is imported whole or not at all. With --ssh-config, each Host alias becomes
            a profile (HostName, Port, User, IdentityFile); wildcard patterns are skipped.
            """)

    @Argument(help: "TOML files ('-' for stdin), or ssh config files with --ssh-config.", completion: .file())
    var files: [String] = []

    @Flag(help: "Read OpenSSH client config files (default ~/.ssh/config).")
    var sshConfig = false

    @Flag(help: "Overwrite profiles of the same name.")
    var replace = false

    func validate() throws {
        if files.isEmpty, !sshConfig { throw ValidationError("name at least one file, or use --ssh-config") }
    }

    func run() throws {
        try run(.live())
    }

    func run(_ context: AppContext) throws {
        let database = try context.openDatabase()
        var failed = false
        for file in sshConfig && files.isEmpty ? ["~/.ssh/config"] : files {
            do {
                let text = try context.readText(file)
                let profiles =
                    sshConfig
                    ? try Self.fromSSHConfig(text, source: file)
                    : try ProfileTOML.profiles(fromText: text, source: file)
                try database.importProfiles(profiles, replace: replace)
                let names = profiles.map(\.name).joined(separator: ", ")
                Console.error(
                    "imported \(profiles.count) profile\(profiles.count == 1 ? "" : "s") from \(file): \(names)")
            } catch {
                failed = true
                for line in Failure.words(for: error) ?? ["\(error)"] {
                    Console.error("voicesh: \(line.hasPrefix(file) ? line : "\(file): \(line)")")
                }
            }
        }
        if failed { throw Failure.Command.partial }
    }

    /// The Host aliases that make valid profiles; the others are reported and skipped.
    static func fromSSHConfig(_ text: String, source: String) throws(Failure.Command) -> [Profile] {
        var profiles: [Profile] = []
        for (alias, result) in SSHConfig(text: text).profiles(source: source) {
            switch result {
            case .success(let p): profiles.append(p)
            case .failure(let problems):
                Console.error(
                    "voicesh: skipped Host \(alias): \(problems.problems.map(\.description).joined(separator: "; "))")
            }
        }
        guard !profiles.isEmpty else { throw .message("\(source): no Host alias could become a profile") }
        return profiles
    }
}
