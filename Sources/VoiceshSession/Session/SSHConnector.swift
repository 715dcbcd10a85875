import SSHClient

/// How a command reaches a remote: every hop of the target connected, its host key checked
/// and its user authenticated. `LibSSH2Connector` is the real one (`AppContext.live()`); a test
/// hands in one of its own.
package protocol SSHConnector: Sendable {
    func connect(_ target: ConnectTarget, context: AppContext) throws -> any RemoteHost
}
