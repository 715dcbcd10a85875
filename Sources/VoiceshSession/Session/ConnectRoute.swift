import VoiceshCore

/// The jump hosts in front of a target, as ssh reaches them: for `-J a,b` the last hop `b` is
/// reached through `a`; the first hop is reached through its own ProxyJump from ssh_config,
/// if it has one. Each hop's HostName, User, Port, IdentityFile… come from ssh_config for its
/// name, under what the jump spec itself says (`user@`, `:port`).
struct ConnectRoute {
    var files: SSHConfigFiles
    /// The `-o` words that hold for every hop (host key checking, timeouts).
    var commandLine: [(String, String)]
    var context: AppContext
    var flags: any ConnectRequest
    /// How many ProxyJump hops deep a route may go before it is taken for a loop.
    static let maxDepth = 8

    /// The hops to connect to, in order, ending with `destination`; `jumps` replaces its own
    /// ProxyJump (nil: ssh_config's).
    func hops(to jumps: [Destination]) throws -> [Hop] {
        guard let last = jumps.last else { return [] }
        return try hops(to: last, via: jumps.count > 1 ? Array(jumps.dropLast()) : nil, depth: 0)
    }

    private func hops(to destination: Destination, via jumps: [Destination]?, depth: Int) throws -> [Hop] {
        guard depth < Self.maxDepth else {
            throw ConnectProblem.jumpsTooDeep(host: destination.host, limit: Self.maxDepth)
        }
        let options = try files.resolve(
            host: destination.host, user: destination.user, port: destination.port, commandLine: commandLine)
        let identities: [String]
        let knownHosts: String
        do throws(SSHConfigResolver.Problem) {
            identities = try options.identityFiles.map { f throws(SSHConfigResolver.Problem) in
                try files.resolver.expand(f, options: options, host: destination.host, keyword: "IdentityFile")
            }
            knownHosts = options.userKnownHostsFiles?.first ?? "~/.ssh/known_hosts"
        } catch {
            throw SSHConfigProblem.unusable(error)
        }
        let host = options.hostName ?? destination.host
        if Destination.hostProblem(host) != nil {
            throw ConnectProblem.badJumpHost(name: destination.host, host: host)
        }
        var hop = Hop(
            name: destination.host, host: host, port: options.port ?? 22, user: options.user ?? context.localUser,
            identities: identities.map(context.expandingTilde).uniqued(),
            identitiesOnly: options.identitiesOnly ?? false,
            knownHostsFile: context.expandingTilde(flags.knownHosts ?? knownHosts),
            policy: flags.strictHostKeyChecking ?? options.strictHostKeyChecking.map(StrictHostKeyChecking.init) ?? .ask
        )
        guard let previous = jumps ?? options.jumps, let last = previous.last else {
            hop.proxyCommand = try files.proxyCommand(options, host: destination.host)
            return [hop]
        }
        let before = try hops(
            to: last, via: previous.count > 1 ? Array(previous.dropLast()) : nil, depth: depth + 1)
        return before + [hop]
    }
}
