import SSHClient

/// The real connector: each hop in turn, the next one through a tunnel on the one before,
/// every host key checked and every hop authenticated alike.
package struct LibSSH2Connector: SSHConnector {
    package init() {}

    package func connect(_ target: ConnectTarget, context: AppContext) throws -> any RemoteHost {
        var previous: SSHSession?
        for (index, hop) in target.hops.enumerated() {
            let isJump = index < target.hops.count - 1
            do {
                previous = try connect(
                    to: hop, timeout: target.timeout, through: previous,
                    jumpHost: index > 0 ? target.hops[index - 1] : nil, context: context)
            } catch let error as SSHError where isJump {
                if case .onJumpHost = error { throw error }  // named already: the channel to this hop
                throw SSHError.onJumpHost(hop.name, error)
            }
        }
        return previous!  // hops always ends with the target
    }

    /// One hop: TCP, or a `direct-tcpip` channel on the jump host before it; then the host
    /// key and authentication.
    private func connect(
        to hop: Hop, timeout: Double, through jump: SSHSession?, jumpHost: Hop?, context: AppContext
    ) throws -> SSHSession {
        let prompter = TerminalPrompter(environment: context.environment, console: context.console)
        var tunnel: Tunnel?
        if let jump, let jumpHost {
            do throws(SSHError) {
                tunnel = try Tunnel.open(through: jump, to: hop.host, port: hop.port)
            } catch {
                throw SSHError.onJumpHost(jumpHost.name, error)
            }
        }
        let proxy = try hop.proxyCommand.map { command throws(SSHError) in try ProxyCommand(command) }
        let session = try SSHSession(host: hop.host, port: hop.port, timeout: timeout, over: tunnel, proxy: proxy)
        try HostKeyCheck(knownHosts: KnownHosts(userFile: hop.knownHostsFile), policy: hop.policy, prompter: prompter)
            .verify(session)
        var plan = AuthPlan(
            user: hop.user, identities: hop.identities,
            defaultKeyFiles: ConnectTarget.defaultKeyFiles.map(context.expandingTilde),
            agentSocket: context.environment["SSH_AUTH_SOCK"])
        plan.identitiesOnly = hop.identitiesOnly
        try Authenticator(session: session, plan: plan, prompter: prompter).authenticate()
        return session
    }
}
