/// What can go wrong on the way to, and inside, an SSH session. The words are chosen at the
/// top (`Failure`), in OpenSSH's phrasing.
public enum SSHError: Error, Equatable, Sendable {
    case resolve(host: String, reason: String)
    case connect(host: String, port: Int, reason: String)
    case connectTimeout(host: String, port: Int, seconds: Double)
    /// The connection closed, or stalled, before the session was set up (banner, key exchange).
    case closedDuringSetup(host: String, port: Int, reason: String)
    case hostKeyRefused(host: String)
    case hostKeyChanged(host: String, file: String, line: Int)
    /// The server's key is marked `@revoked` in known_hosts.
    case hostKeyRevoked(host: String, keyType: String, file: String, line: Int)
    case knownHostsUnwritable(file: String, reason: String)
    case permissionDenied(user: String, host: String, methods: [String], notes: [String])
    /// No socket pair could be made for a tunnel or a ProxyCommand; `reason` is errno's words.
    case noSocketPair(for: SocketPairUse, reason: String)
    /// The ProxyCommand could not be started; `reason` is errno's words.
    case proxyCommandNotRun(reason: String)
    /// The server refused a terminal; `reason` is libssh2's words.
    case terminalRefused(reason: String)
    /// The server refused to start a `request` (`shell` or `exec`); `reason` is libssh2's words.
    case startRefused(request: String, reason: String)
    case closedByRemote(host: String)
    /// A jump host would not open the `direct-tcpip` channel to the next hop; `reason` is
    /// libssh2's words for the server's reason code.
    case forwardingFailed(to: String, port: Int, reason: String)
    /// Something failed on a jump host (named as written) rather than on the target.
    indirect case onJumpHost(String, SSHError)
    /// A libssh2 call failed: the call, libssh2's code and its own message.
    case library(call: String, code: Int32, message: String)

    /// What a socket pair was for.
    public enum SocketPairUse: Equatable, Sendable {
        case tunnel
        case proxyCommand
    }
}
