/// Why a key was not sent; its words beside it.
public enum KeyRouteRefusal: Error, Equatable, Sendable, CustomStringConvertible {
    /// The host resolves to no address.
    case unresolved(host: String)
    /// The host resolves (also) to `address`, which is not this machine.
    case offMachine(host: String, address: String)

    public var description: String {
        switch self {
        case .unresolved(let host):
            "\(UntrustedText.excerpt(host)) does not resolve; the key was not sent"
        case .offMachine(let host, let address):
            "\(UntrustedText.excerpt(host)) resolves to \(address), not this machine, and the URL is not encrypted; "
                + "the key was not sent: use https://"
        }
    }
}
