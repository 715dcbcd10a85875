import Foundation
import Store
import VoiceshCore

/// Where `connect` goes and how, from a saved profile or an ad-hoc `[user@]host[:port]`,
/// with the command line's flags on top.
struct ConnectTarget {
    var host: String
    var port: Int
    var user: String
    var identity: String?
    var knownHostsFile: String
    var keepalive: Int
    var profile: Profile?

    static func resolve(_ command: Connect, context: AppContext) throws -> ConnectTarget {
        let saved = try savedProfile(named: command.target, context: context)
        var profile = saved
        if profile == nil {
            guard let destination = Destination(parsing: command.target) else {
                throw Failure.Command.message("\"\(command.target)\" is neither a profile nor [user@]host[:port]")
            }
            var adHoc = Profile(name: "ad-hoc", host: destination.host)
            adHoc.user = destination.user
            adHoc.port = destination.port ?? 22
            profile = adHoc
        }
        guard var chosen = profile else { throw Failure.Command.message("no target") }
        if let port = command.port { chosen.port = port }
        if let login = command.login { chosen.user = login }
        if let identity = command.identity { chosen.identity = identity }
        if let knownHosts = command.knownHosts { chosen.knownHosts = knownHosts }
        if let keepalive = command.keepalive { chosen.keepalive = keepalive }
        if let problem = chosen.validate().first(where: { ["port", "user", "keepalive"].contains($0.key) }) {
            throw problem
        }
        return ConnectTarget(
            host: chosen.host, port: chosen.port, user: chosen.user ?? context.localUser,
            identity: chosen.identity.map(context.expandingTilde),
            knownHostsFile: context.expandingTilde(chosen.knownHosts ?? "~/.ssh/known_hosts"),
            keepalive: chosen.keepalive, profile: saved)
    }

    /// The profile of that name, without creating a database just to look.
    private static func savedProfile(named name: String, context: AppContext) throws -> Profile? {
        guard Profile.nameProblem(name) == nil, FileManager.default.fileExists(atPath: context.location.database) else {
            return nil
        }
        do {
            return try context.openDatabase().profile(named: name)
        } catch .profileNotFound {
            return nil
        }
    }

    var defaultKeyFiles: [String] {
        ["id_ed25519", "id_ecdsa", "id_rsa"].map { "~/.ssh/\($0)" }
    }
}
