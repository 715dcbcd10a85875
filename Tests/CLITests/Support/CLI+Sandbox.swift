import TestFixtures
import Testing

extension CLI {
    /// Imports a profile `name` that logs in to `sshd`: `extra` keys, then `engine` lines in its
    /// `[engine]` table; with `allowCommand`, one whose recogniser may be a local command.
    func importProfile(
        _ name: String, for sshd: SSHSandbox, extra: String = "", engine: String = "", allowCommand: Bool = false
    ) throws {
        let file = try file("\(name).toml", sshd.profile(name, "\(extra)\n[engine]\n\(engine)"))
        if allowCommand {
            try ok("profile", "import", "--allow-command", file)
        } else {
            try ok("profile", "import", file)
        }
    }
}
