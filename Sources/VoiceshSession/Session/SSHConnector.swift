import SSHClient

/// How a command reaches a remote: every hop of the target connected, its host key checked
/// and its user authenticated. `LibSSH2Connector` is the real one (`AppContext.live()`); a test
/// hands in one of its own.
package protocol SSHConnector: Sendable {
    func connect(_ target: ConnectTarget, context: AppContext) throws -> any RemoteHost
    /// Reaches the target as `connect` does, only far enough to see its host key (`voicesh
    /// doctor --connect`): nothing asked, nothing written, no login to the target.
    func probe(_ target: ConnectTarget, context: AppContext) throws -> HostKeyProbe
}

/// The target's host key as it was offered, and what known_hosts says of it.
package struct HostKeyProbe: Equatable, Sendable {
    /// The host as known_hosts names it (`[host]:port` off port 22).
    package var name: String
    /// OpenSSH's name for the key type (ED25519) and its `SHA256:` fingerprint.
    package var keyType: String
    package var fingerprint: String
    package var status: KnownHosts.Status
    /// The user's known_hosts file the key was checked against first.
    package var knownHostsFile: String
    /// Seconds from the first connection to the key.
    package var seconds: Double

    package init(
        name: String, keyType: String, fingerprint: String, status: KnownHosts.Status, knownHostsFile: String,
        seconds: Double
    ) {
        (self.name, self.keyType, self.fingerprint, self.status) = (name, keyType, fingerprint, status)
        (self.knownHostsFile, self.seconds) = (knownHostsFile, seconds)
    }
}
