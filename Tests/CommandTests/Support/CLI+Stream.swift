import TestFixtures
import Testing

extension CLI {
    /// Imports a profile named `name` whose stream engine is `server`'s provider at its URL,
    /// with `extra` TOML lines under `[engine]`.
    func streamProfile(_ name: String, _ server: WSServer, _ extra: String = "") async throws {
        // The test's own file: its key pairing is the test's to allow.
        try await ok("profile", "import", "--allow-key", try file("\(name).toml", server.profile(name, extra)))
    }
}
