import VoiceshCore

/// What `connect` was asked on its command line: the target and the flags that override the
/// profile's settings and ssh_config (the `Connect` command in the executable).
package protocol ConnectRequest {
    /// A profile name, or `[user@]host[:port]`.
    var target: String { get }
    var port: Int? { get }
    var login: String? { get }
    var identity: String? { get }
    var knownHosts: String? { get }
    var keepalive: Int? { get }
    /// Nil: ssh_config's StrictHostKeyChecking, else ask.
    var strictHostKeyChecking: StrictHostKeyChecking? { get }
    /// Nil: ssh_config's ConnectTimeout, else 15 seconds.
    var connectTimeout: Double? { get }
    /// `-F`: the ssh_config file read instead of the usual two (`none`: no file).
    var configFile: String? { get }
    /// `-o` words as typed.
    var options: [String] { get }
    /// `-J`: jump hosts, over the profile's `jump` and ProxyJump.
    var jump: String? { get }
    /// `-A`.
    var forwardAgent: Bool { get }
}

extension ConnectRequest {
    /// The `-o` words as `(keyword, value)` pairs: `Key=Value`, `Key Value` or `Key = Value`.
    package func sshOptions() throws(ConnectProblem) -> [(String, String)] {
        try options.map { word throws(ConnectProblem) in
            let (keyword, value) = SSHConfig.split(word)
            guard !keyword.isEmpty, !value.isEmpty else {
                throw .badOption(word)
            }
            // A word voicesh would not act on is refused, not dropped: a typo must not pass silently.
            guard let known = SSHConfigResolver.keywords.first(where: { $0.lowercased() == keyword }) else {
                throw .unusedOption(word)
            }
            return (known, value)
        }
    }
}
