import SSHClient

extension LibSSH2Connector {
    /// Each hop as `connect` reaches it, with the profile's timeout; the target's host key is
    /// taken and checked against known_hosts (never added), and the connection dropped before
    /// any login to it. A jump host on the way is logged in to, without asking anything (the
    /// agent, keys without a passphrase), and only when its own key is known.
    package func probe(_ target: ConnectTarget, context: AppContext) throws -> HostKeyProbe {
        let started = context.clock()
        var previous: SSHSession?
        for (index, hop) in target.hops.enumerated() {
            let isJump = index < target.hops.count - 1
            do {
                let session = try reach(
                    hop, timeout: target.timeout, through: previous, named: index > 0 ? target.hops[index - 1].name : ""
                )
                let name = KnownHosts.name(host: hop.host, port: hop.port)
                guard let key = session.hostKey else { throw SSHError.hostKeyRefused(host: name) }
                let status = KnownHosts(userFile: hop.knownHostsFile).check(
                    key, host: hop.host, port: hop.port, session: session)
                guard isJump else {
                    return HostKeyProbe(
                        name: name, keyType: key.displayType, fingerprint: key.fingerprint, status: status,
                        knownHostsFile: hop.knownHostsFile, seconds: context.clock() - started)
                }
                switch status {
                case .known: break
                case .changed(let file, let line): throw SSHError.hostKeyChanged(host: name, file: file, line: line)
                case .revoked(let file, let line):
                    throw SSHError.hostKeyRevoked(host: name, keyType: key.displayType, file: file, line: line)
                case .unknown: throw SSHError.hostKeyRefused(host: name)
                }
                var plan = AuthPlan(
                    user: hop.user, identities: hop.identities,
                    defaultKeyFiles: ConnectTarget.defaultKeyFiles.map(context.expandingTilde),
                    agentSocket: context.environment["SSH_AUTH_SOCK"])
                plan.identitiesOnly = hop.identitiesOnly
                try Authenticator(session: session, plan: plan, prompter: Unasked()).authenticate()
                previous = session
            } catch let error as SSHError where isJump {
                if case .onJumpHost = error { throw error }
                throw SSHError.onJumpHost(hop.name, error)
            }
        }
        preconditionFailure("a target always ends with its own hop")
    }

    /// TCP, a ProxyCommand, or a channel on the jump host before it (a failure there is that
    /// host's, as `connect` says it); then the handshake.
    private func reach(_ hop: Hop, timeout: Double, through jump: SSHSession?, named jumpName: String)
        throws(SSHError) -> SSHSession
    {
        var tunnel: Tunnel?
        if let jump {
            do throws(SSHError) {
                tunnel = try Tunnel.open(through: jump, to: hop.host, port: hop.port)
            } catch {
                throw .onJumpHost(jumpName, error)
            }
        }
        let proxy = try hop.proxyCommand.map { command throws(SSHError) in try ProxyCommand(command) }
        return try SSHSession(host: hop.host, port: hop.port, timeout: timeout, over: tunnel, proxy: proxy)
    }

    /// A prompter with no one to ask: a passphrase or password is never typed during a probe.
    private struct Unasked: AuthPrompter {
        func secret(_ prompt: String) -> String? { nil }
        func answer(_ prompt: String, echo: Bool) -> String? { nil }
        func notice(_ text: String) {}
    }
}
