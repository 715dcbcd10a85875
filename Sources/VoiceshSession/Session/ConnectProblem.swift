/// Why `connect` cannot tell where to go: its target, its `-J` and `-o` words, or a jump host
/// reached through ssh_config. `Failure` words them.
package enum ConnectProblem: Error, Equatable {
    /// The target, as typed, is neither a saved profile nor `[user@]host[:port]`.
    case notATarget(String)
    /// A `-J` spec that is not `[user@]host[:port][,…]`.
    case badJumpSpec(String)
    /// A `-o` word without both a keyword and a value.
    case badOption(String)
    /// A `-o` word whose keyword voicesh does not act on.
    case unusedOption(String)
    /// ProxyJump goes deeper than `limit` hops (a loop, most likely), found on the way to `host`.
    case jumpsTooDeep(host: String, limit: Int)
    /// A jump host (`name` as ProxyJump or `-J` says it) whose HostName is no host name.
    case badJumpHost(name: String, host: String)
}
