/// What `connect` was asked on its command line: the target and the flags that override the
/// profile's settings (the `Connect` command in the executable).
package protocol ConnectRequest {
    /// A profile name, or `[user@]host[:port]`.
    var target: String { get }
    var port: Int? { get }
    var login: String? { get }
    var identity: String? { get }
    var knownHosts: String? { get }
    var keepalive: Int? { get }
}
