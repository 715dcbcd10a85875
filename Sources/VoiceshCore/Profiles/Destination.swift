/// An SSH destination as OpenSSH writes it: `[user@]host[:port]`, with `[v6addr]:port` brackets.
public struct Destination: Equatable, Sendable, CustomStringConvertible {
    public var user: String?
    public var host: String
    public var port: Int?

    public init(user: String?, host: String, port: Int?) {
        self.user = user
        self.host = host
        self.port = port
    }

    /// Parses `deploy@prod`, `prod:2222`, `[::1]:2222`, `::1`; nil when it is none of these.
    public init?(parsing text: String) {
        var rest = Substring(text)
        if let at = rest.lastIndex(of: "@") {
            let user = rest[..<at]
            guard !user.isEmpty else { return nil }
            self.user = String(user)
            rest = rest[rest.index(after: at)...]
        } else {
            self.user = nil
        }
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]") else { return nil }
            host = String(rest[rest.index(after: rest.startIndex)..<close])
            let tail = rest[rest.index(after: close)...]
            if tail.isEmpty {
                port = nil
            } else {
                guard tail.hasPrefix(":"), let p = Int(tail.dropFirst()) else { return nil }
                port = p
            }
        } else if rest.filter({ $0 == ":" }).count == 1, let colon = rest.firstIndex(of: ":") {
            host = String(rest[..<colon])
            guard let p = Int(rest[rest.index(after: colon)...]) else { return nil }
            port = p
        } else {
            host = String(rest)  // a name, an IPv4 address, or a bare IPv6 address
            port = nil
        }
        guard !host.isEmpty else { return nil }
    }

    public var description: String {
        let who = user.map { "\($0)@" } ?? ""
        let shown = host.contains(":") ? "[\(host)]" : host  // brackets only where a v6 address needs them
        guard let port, port != 22 else { return who + host }
        return "\(who)\(shown):\(port)"
    }
}
