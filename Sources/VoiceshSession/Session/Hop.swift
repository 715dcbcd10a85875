/// One machine on the way to the target (a jump host) or the target itself: where it is,
/// who logs in, with which keys, and how its host key is checked. Every hop is checked and
/// authenticated the same way.
package struct Hop {
    /// The name as written (`bastion`, an alias): what an error names.
    package var name: String
    package var host: String
    package var port: Int
    package var user: String
    /// Key files in the order they are offered (`-i`, then IdentityFile lines).
    package var identities: [String]
    /// IdentitiesOnly: only `identities`, not the agent's keys nor the default files.
    package var identitiesOnly: Bool
    package var knownHostsFile: String
    package var policy: StrictHostKeyChecking
    /// ProxyCommand, tokens filled in: the way to this hop instead of TCP (first hop only).
    package var proxyCommand: String?
}
