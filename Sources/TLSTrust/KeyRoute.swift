import Foundation
import VoiceshCore

/// Where a request that carries a key may go: over TLS anywhere, in clear only to this machine.
///
/// A host *name* says nothing about where it leads (`127.attacker.example` can resolve to any
/// machine), so a key bound for plain `http://` or `ws://` is sent only when every address the
/// name resolves to, now, at this request, is a loopback address; and the request then goes
/// to the address checked, not to the name again (a second look-up could answer otherwise).
public struct KeyRoute: Equatable, Sendable {
    /// The URL to connect to: the one given, or with its host replaced by the address checked.
    public let url: String
    /// The `Host` header to send when the URL was pinned to an address (the name and port).
    public let hostHeader: String?

    public init(url: String, hostHeader: String?) {
        (self.url, self.hostHeader) = (url, hostHeader)
    }

    /// The route for a request to `url` (the full request URL) that carries a key or not.
    /// `resolve` gives a name's addresses (nil: it does not resolve).
    public static func plan(
        _ url: CheckedURL, carriesKey: Bool, resolve: (String) -> [String]? = KeyRoute.addresses
    ) throws(KeyRouteRefusal) -> KeyRoute {
        guard carriesKey, !url.isSecure else { return KeyRoute(url: url.text, hostHeader: nil) }
        let addresses = url.hostIsAddress ? [url.host] : (resolve(url.host) ?? [])
        guard let first = addresses.first else { throw .unresolved(host: url.host) }
        if let away = addresses.first(where: { !isLoopback($0) }) {
            throw .offMachine(host: url.host, address: away)
        }
        if url.hostIsAddress { return KeyRoute(url: url.text, hostHeader: nil) }
        let literal = first.contains(":") ? "[\(first)]" : first
        let port = url.port.map { ":\($0)" } ?? ""
        return KeyRoute(url: "\(url.scheme)://\(literal)\(port)\(url.rest)", hostHeader: "\(url.host)\(port)")
    }

    /// 127.0.0.0/8 and ::1 (also as an IPv4-mapped address).
    static func isLoopback(_ address: String) -> Bool {
        if let octets = CheckedURL.ipv4(address) { return octets[0] == 127 }
        var bytes = in6_addr()
        guard inet_pton(AF_INET6, address, &bytes) == 1 else { return false }
        let b = withUnsafeBytes(of: bytes) { Array($0) }
        if b[0..<15].allSatisfy({ $0 == 0 }) && b[15] == 1 { return true }
        let mapped = b[0..<10].allSatisfy({ $0 == 0 }) && b[10] == 0xff && b[11] == 0xff
        return mapped && b[12] == 127
    }

    /// The addresses `host` resolves to through the system's resolver (/etc/hosts, DNS), as text.
    public static func addresses(_ host: String) -> [String]? {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, nil, &hints, &list) == 0, let list else { return nil }
        defer { freeaddrinfo(list) }
        var found: [String] = []
        var cursor: UnsafeMutablePointer<addrinfo>? = list
        while let entry = cursor {
            var text = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            if let address = entry.pointee.ai_addr,
                getnameinfo(address, entry.pointee.ai_addrlen, &text, socklen_t(text.count), nil, 0, NI_NUMERICHOST)
                    == 0
            {
                let address = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                if !found.contains(address) { found.append(address) }
            }
            cursor = entry.pointee.ai_next
        }
        return found
    }
}
