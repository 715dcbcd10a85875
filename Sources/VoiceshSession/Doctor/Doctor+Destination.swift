import Foundation
import SSHClient
import Store
import VoiceshCore

extension Doctor {
    /// The target as `connect` resolves it (the profile read from the database without a
    /// write, then ssh_config), its key files, its known_hosts entry, the agent, and with
    /// `connect` its host key. The target is nil when it cannot be resolved.
    func destination(_ name: String) -> (ConnectTarget?, [DoctorReport.Check]) {
        var saved: Profile?
        if Profile.nameProblem(name) == nil {
            do {
                let database = try AppDatabase.reading(at: context.location.database)
                saved = try database?.profile(named: name)
                // As `connect` would: a key goes only where this machine allowed it to.
                if let saved, let database {
                    let allowed = try database.allowedKeys()
                    if let pairing = saved.keyPairings(intent: try context.config().intent).first(where: {
                        !allowed.contains($0)
                    }) {
                        throw KeyPairingProblem.notAllowed(profile: name, pairing: pairing)
                    }
                }
            } catch StoreError.profileNotFound {
                saved = nil
            } catch let error as StoreError {
                return (nil, [.problem(.destination, .store(error))])
            } catch {
                return (nil, [.problem(.destination, .unresolved(words: Failure.words(for: error) ?? ["\(error)"]))])
            }
        }
        let target: ConnectTarget
        do {
            target = try ConnectTarget.resolve(DoctorRequest(target: name), saved: saved, context: context)
        } catch {
            return (nil, [.problem(.destination, .unresolved(words: Failure.words(for: error) ?? ["\(error)"]))])
        }
        let hop = target.target
        var checks: [DoctorReport.Check] = [
            .found(.destination, describe(target, profile: saved != nil ? name : nil)),
            identityFiles(hop), knownHosts(hop), agent(hop),
        ]
        if connect { checks.append(connection(target)) }
        return (target, checks)
    }

    /// "profile "prod": deploy@10.0.0.5 port 22, through bastion, timeout 15 s".
    private func describe(_ target: ConnectTarget, profile: String?) -> String {
        let hop = target.target
        // A name that could be a profile's but is not one is taken as a host, as `connect` does.
        var words =
            profile.map { "profile \"\($0)\": " }
            ?? (Profile.nameProblem(hop.name) == nil
                ? "no profile \"\(hop.name)\""
                    + (context.storeURL == nil ? "" : " in this machine's copy of the team store")
                    + ", so the host: " : "")
        words += "\(hop.user)@\(hop.host) port \(hop.port)"
        if target.hops.count > 1 {
            words += ", through " + target.hops.dropLast().map(\.name).joined(separator: ", ")
        }
        if let proxy = hop.proxyCommand { words += ", by ProxyCommand `\(proxy)`" }
        let timeout = target.timeout == target.timeout.rounded() ? String(Int(target.timeout)) : String(target.timeout)
        return words + ", connect timeout \(timeout) s"
    }

    /// The key files the login would offer: the named ones must be there; any there must be
    /// private, or ssh refuses it ("UNPROTECTED PRIVATE KEY FILE!").
    func identityFiles(_ hop: Hop) -> DoctorReport.Check {
        let defaults = hop.identitiesOnly ? [] : ConnectTarget.defaultKeyFiles.map(context.expandingTilde)
        let offered = hop.identities + defaults.filter { !hop.identities.contains($0) }
        var found: [String] = []
        for path in offered {
            var info = stat()
            guard stat(path, &info) == 0 else {
                if hop.identities.contains(path) { return .problem(.identityFiles, .keyMissing(path: path)) }
                continue
            }
            // OpenSSH's own rule (sshkey_perm_ok): a key the user owns that others may read.
            if info.st_uid == geteuid(), info.st_mode & 0o077 != 0 {
                return .problem(.identityFiles, .keyUnprotected(path: path, mode: Int(info.st_mode & 0o7777)))
            }
            guard access(path, R_OK) == 0, let text = try? String(contentsOfFile: path, encoding: .utf8) else {
                return .problem(.identityFiles, .keyUnreadable(path: path))
            }
            guard let key = PrivateKeyFile(text: text) else {
                return .problem(.identityFiles, .notAPrivateKey(path: path))
            }
            found.append(path + (key.isEncrypted ? " (passphrase-protected)" : ""))
        }
        guard !found.isEmpty else {
            return .found(
                .identityFiles, "none" + (hop.identitiesOnly ? " (IdentitiesOnly)" : "") + ": the agent or a password")
        }
        return .found(.identityFiles, found.joined(separator: ", ") + ", private to you")
    }

    /// The host's line in known_hosts, found without connecting.
    func knownHosts(_ hop: Hop) -> DoctorReport.Check {
        let name = KnownHosts.name(host: hop.host, port: hop.port)
        if let entry = KnownHosts(userFile: hop.knownHostsFile).entry(host: hop.host, port: hop.port) {
            return .found(.knownHosts, "\(name) is known (\(entry.file):\(entry.line))")
        }
        switch hop.policy {
        case .yes: return .problem(.knownHosts, .hostUnknown(name: name, file: hop.knownHostsFile))
        case .acceptNew:
            return .found(
                .knownHosts, "\(name) is not known yet; the first connection adds its key to \(hop.knownHostsFile)")
        case .ask:
            return .found(
                .knownHosts,
                "\(name) is not known yet; the first connection shows its key's fingerprint and asks before adding it to \(hop.knownHostsFile)"
            )
        }
    }

    /// ssh-agent, when `SSH_AUTH_SOCK` names one and the login would ask it.
    func agent(_ hop: Hop) -> DoctorReport.Check {
        guard !hop.identitiesOnly else { return .found(.agent, "not asked (IdentitiesOnly)") }
        guard let socket = context.environment["SSH_AUTH_SOCK"], !socket.isEmpty else {
            return .found(.agent, "none (SSH_AUTH_SOCK is not set): keys from files only")
        }
        switch SSHAgent.keyCount(socket: socket) {
        case .success(let count): return .found(.agent, "ssh-agent at \(socket) holds \(Self.count(count, "key"))")
        case .failure(let unanswered):
            return .problem(.agent, .agentUnreachable(socket: socket, reason: unanswered.reason))
        }
    }

    /// The target reached (jump hosts logged in to without asking), its host key checked
    /// against known_hosts, and the connection dropped before a login.
    func connection(_ target: ConnectTarget) -> DoctorReport.Check {
        let probe: HostKeyProbe
        do {
            probe = try context.connector.probe(target, context: context)
        } catch let error as SSHError {
            return .problem(.connection, .connection(error))
        } catch {
            return .problem(.connection, .unresolved(words: Failure.words(for: error) ?? ["\(error)"]))
        }
        let key = "its \(probe.keyType) key \(probe.fingerprint)"
        let answered = "\(probe.name) answered in \(String(format: "%.1f", probe.seconds)) s"
        switch probe.status {
        case .known:
            return .found(.connection, "\(answered); \(key) matches known_hosts (not logged in)")
        case .changed(let file, let line):
            return .problem(
                .connection,
                .hostKeyChanged(
                    name: probe.name, keyType: probe.keyType, fingerprint: probe.fingerprint, file: file, line: line))
        case .revoked(let file, let line):
            return .problem(
                .connection,
                .hostKeyRevoked(
                    name: probe.name, keyType: probe.keyType, fingerprint: probe.fingerprint, file: file, line: line))
        case .unknown:
            if target.target.policy == .yes {
                return .problem(.connection, .hostUnknown(name: probe.name, file: probe.knownHostsFile))
            }
            return .found(
                .connection,
                "\(answered); \(key) is not in known_hosts yet (compare it with what the server's owner gives; not logged in)"
            )
        }
    }
}
