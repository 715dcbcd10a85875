import Foundation
import Store
import VoiceshCore

/// Where `connect` goes and how, from a saved profile or an ad-hoc `[user@]host[:port]`:
/// the command line first, then the profile's own keys, then ssh_config (as `ssh -G`
/// resolves it), then config.toml's `[defaults]`, then the built-in values.
package struct ConnectTarget {
    /// The machines in the order they are reached: jump hosts first, the target last.
    package var hops: [Hop]
    package var keepalive: Int
    package var timeout: Double
    package var forwardAgent: Bool
    /// The profile as the session uses it (dictation settings).
    package var profile: Profile

    package var target: Hop { hops[hops.count - 1] }

    package static func resolve(_ command: some ConnectRequest, context: AppContext) throws -> ConnectTarget {
        let files = try SSHConfigFiles(explicit: command.configFile, context: context)
        let commandLine = try command.sshOptions()
        return try resolve(
            command, saved: try savedProfile(named: command.target, context: context), files: files,
            commandLine: commandLine, context: context)
    }

    /// The same, with the saved profile of that name (nil: the target is `[user@]host[:port]`)
    /// read by the caller, who may not open the store as `connect` does (`doctor` reads it only).
    package static func resolve(_ command: some ConnectRequest, saved: Profile?, context: AppContext) throws
        -> ConnectTarget
    {
        let files = try SSHConfigFiles(explicit: command.configFile, context: context)
        return try resolve(command, saved: saved, files: files, commandLine: try command.sshOptions(), context: context)
    }

    private static func resolve(
        _ command: some ConnectRequest, saved: Profile?, files: SSHConfigFiles, commandLine: [(String, String)],
        context: AppContext
    ) throws -> ConnectTarget {
        var base = try saved ?? adHoc(command.target)
        let name = base.host
        let options = try files.resolve(
            host: name, user: base.user, port: base.ownKeys.contains("port") ? base.port : nil, commandLine: commandLine
        )
        // An ad-hoc name may be an alias: HostName says which machine it is.
        if saved == nil, let hostName = options.hostName { base.host = hostName }
        let expand = { (path: String, keyword: String) throws(SSHConfigResolver.Problem) -> String in
            try files.resolver.expand(path, options: options, host: name, keyword: keyword)
        }
        let entries: [SSHConfigEntry]
        let configIdentities: [String]
        do throws(SSHConfigResolver.Problem) {
            entries = try options.profileEntries(expand: expand)
            configIdentities = try options.identityFiles.map { f throws(SSHConfigResolver.Problem) in
                try expand(f, "IdentityFile")
            }
        } catch {
            throw SSHConfigProblem.unusable(error)
        }
        var chosen = try context.effective(base.filling(from: entries)).overriding(with: entries)
        if let port = command.port { chosen.port = port }
        if let login = command.login { chosen.user = login }
        if let identity = command.identity { chosen.identity = identity }
        if let knownHosts = command.knownHosts { chosen.knownHosts = knownHosts }
        if let keepalive = command.keepalive { chosen.keepalive = keepalive }
        // The same rules as a saved profile: an ad-hoc host such as `-ohost` is refused too.
        let problems = chosen.validate()
        guard problems.isEmpty else { throw ProfileProblems(source: "connect \(command.target)", problems: problems) }
        let jumpSpec = command.jump ?? chosen.jump
        // ProxyCommand's tokens mean the values in use, the profile's own included.
        var used = options
        used.hostName = chosen.host
        used.port = chosen.port
        used.user = chosen.user ?? context.localUser
        let proxyCommand = jumpSpec == nil ? try files.proxyCommand(used, host: name) : nil

        let policy = command.strictHostKeyChecking ?? options.strictHostKeyChecking.map(StrictHostKeyChecking.init)
        let identities = ([chosen.identity].compactMap { $0 } + configIdentities).map(context.expandingTilde)
        let target = Hop(
            name: command.target, host: chosen.host, port: chosen.port, user: chosen.user ?? context.localUser,
            identities: identities.uniqued(), identitiesOnly: options.identitiesOnly ?? false,
            knownHostsFile: context.expandingTilde(chosen.knownHosts ?? "~/.ssh/known_hosts"), policy: policy ?? .ask,
            proxyCommand: proxyCommand)
        var jumps: [Destination]?
        if let jumpSpec, jumpSpec != "none" {
            guard let hops = SSHOptions.jumps(jumpSpec) else {
                throw ConnectProblem.badJumpSpec(jumpSpec)
            }
            jumps = hops
        }
        // What the command line says about checking host keys holds for every hop.
        let forHops = commandLine.filter {
            ["stricthostkeychecking", "userknownhostsfile", "connecttimeout"].contains($0.0.lowercased())
        }
        let route = ConnectRoute(files: files, commandLine: forHops, context: context, flags: command)
        let before = try jumps.map { try route.hops(to: $0) } ?? []
        return ConnectTarget(
            hops: before + [target], keepalive: chosen.keepalive,
            timeout: command.connectTimeout ?? options.connectTimeout.flatMap { $0 > 0 ? Double($0) : nil } ?? 15,
            forwardAgent: command.forwardAgent || chosen.forwardAgent, profile: chosen)
    }

    /// A profile for `[user@]host[:port]` typed on the command line.
    private static func adHoc(_ target: String) throws -> Profile {
        guard let destination = Destination(parsing: target) else {
            throw ConnectProblem.notATarget(target)
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

    package static let defaultKeyFiles = ["id_ed25519", "id_ecdsa", "id_rsa"].map { "~/.ssh/\($0)" }
}

extension StrictHostKeyChecking {
    /// ssh_config's word; `no` adds new keys silently, and a changed key is refused anyway.
    init(_ value: SSHOptions.StrictHostKeys) {
        switch value {
        case .yes: self = .yes
        case .ask: self = .ask
        case .acceptNew, .no: self = .acceptNew
        }
    }
}

extension Array where Element: Hashable {
    /// The elements without repeats, first occurrence kept.
    func uniqued() -> [Element] {
        var seen = Set<Element>()
        return filter { seen.insert($0).inserted }
    }
}
