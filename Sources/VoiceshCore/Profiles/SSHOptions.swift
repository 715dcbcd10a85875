/// The ssh_config(5) options voicesh honours, as `ssh -G` resolves them for one host: each is
/// nil until some line sets it (the first obtained value wins), and `sources` says which
/// line did (`~/.ssh/config line 12`, `-o`).
public struct SSHOptions: Equatable, Sendable {
    public var hostName: String?
    public var user: String?
    public var port: Int?
    /// As written: ssh expands `~` and tokens when it loads the keys (see `expand`).
    public var identityFiles: [String] = []
    public var identitiesOnly: Bool?
    /// Expanded as ssh -G prints them, once the host, port and user are known.
    public var userKnownHostsFiles: [String]?
    public var strictHostKeyChecking: StrictHostKeys?
    public var serverAliveInterval: Int?
    public var connectTimeout: Int?
    /// `none`, or `[user@]host[:port][,…]`.
    public var proxyJump: String?
    public var proxyCommand: String?
    public var forwardAgent: Bool?
    /// keyword (lowercase) → where its value came from.
    public var sources: [String: String] = [:]

    public init() {}

    /// ssh's StrictHostKeyChecking words. `no`/`off` are kept as such; the caller says what
    /// it does with them (voicesh refuses a changed key under every setting).
    public enum StrictHostKeys: String, Sendable {
        case yes, no, ask
        case acceptNew = "accept-new"
    }

    /// The jump hosts of `proxyJump`, nil for none.
    public var jumps: [Destination]? {
        guard let proxyJump, proxyJump != "none" else { return nil }
        return Self.jumps(proxyJump)
    }

    /// `[user@]host[:port][,…]` (an `ssh://` form too); nil when one hop is not a destination.
    public static func jumps(_ text: String) -> [Destination]? {
        var hops: [Destination] = []
        for word in text.split(separator: ",", omittingEmptySubsequences: false) {
            var hop = String(word)
            if hop.hasPrefix("ssh://") { hop = String(hop.dropFirst(6)) }
            guard let destination = Destination(parsing: hop), Destination.hostProblem(destination.host) == nil else {
                return nil
            }
            hops.append(destination)
        }
        return hops.isEmpty ? nil : hops
    }
}
