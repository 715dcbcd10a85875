import Foundation
import Store
import VoiceshCore

/// Where `connect` goes and how, from a saved profile or an ad-hoc `[user@]host[:port]`,
/// with the command line's flags on top.
package struct ConnectTarget {
    package var host: String
    package var port: Int
    package var user: String
    package var identity: String?
    package var knownHostsFile: String
    package var keepalive: Int
    /// The saved profile or the ad-hoc one, with config.toml's defaults applied.
    package var profile: Profile

    package static func resolve(_ command: some ConnectRequest, context: AppContext) throws -> ConnectTarget {
        let saved = try savedProfile(named: command.target, context: context)
        let profile = try context.effective(try saved ?? adHoc(command.target))
        var chosen = profile
        if let port = command.port { chosen.port = port }
        if let login = command.login { chosen.user = login }
        if let identity = command.identity { chosen.identity = identity }
        if let knownHosts = command.knownHosts { chosen.knownHosts = knownHosts }
        if let keepalive = command.keepalive { chosen.keepalive = keepalive }
        // The same rules as a saved profile: an ad-hoc host such as `-oProxyCommand=…` is refused too.
        let problems = chosen.validate()
        guard problems.isEmpty else { throw ProfileProblems(source: "connect \(command.target)", problems: problems) }
        return ConnectTarget(
            host: chosen.host, port: chosen.port, user: chosen.user ?? context.localUser,
            identity: chosen.identity.map(context.expandingTilde),
            knownHostsFile: context.expandingTilde(chosen.knownHosts ?? "~/.ssh/known_hosts"),
            keepalive: chosen.keepalive, profile: profile)
    }

    /// A profile for `[user@]host[:port]` typed on the command line.
    private static func adHoc(_ target: String) throws -> Profile {
        guard let destination = Destination(parsing: target) else {
            let shown = target.count > 64 ? String(target.prefix(64)) + "…" : target
            throw Failure.Command.message("\"\(shown)\" is neither a profile nor [user@]host[:port]")
        }
        var profile = Profile(name: "ad-hoc", host: destination.host)
        profile.user = destination.user
        // A port typed in the destination is the user's own, even 22: no default replaces it.
        if let port = destination.port { try profile.set("port", to: .integer(port)) }
        return profile
    }

    /// The profile of that name, without creating a database just to look (a shared store is
    /// always asked: its profiles may not have reached this machine yet).
    private static func savedProfile(named name: String, context: AppContext) throws -> Profile? {
        guard Profile.nameProblem(name) == nil else { return nil }
        let shared = context.sharedAddress != nil
        guard shared || FileManager.default.fileExists(atPath: context.location.database) else { return nil }
        do {
            return try context.runnableProfile(named: name, in: context.openStore())
        } catch StoreError.profileNotFound {
            return nil
        }
    }

    package var defaultKeyFiles: [String] {
        ["id_ed25519", "id_ecdsa", "id_rsa"].map { "~/.ssh/\($0)" }
    }
}
