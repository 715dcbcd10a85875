import TestFixtures
import Testing

extension CLI {
    /// Imports a profile named `name` whose stream engine is `server`'s provider at its URL,
    /// with `extra` TOML lines under `[engine]`.
    func streamProfile(_ name: String, _ server: WSServer, _ extra: String = "") async throws {
        try await ok("profile", "import", try file("\(name).toml", server.profile(name, extra)))
    }
}
