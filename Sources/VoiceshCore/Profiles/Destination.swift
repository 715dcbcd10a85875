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

    /// Why `host` cannot be a machine to connect to, or nil: the one rule for `profile add`,
    /// `set`, `import` and `connect`. A DNS name (ASCII letters, digits, `-`, `_`, `.`, at most
    /// 253 characters), an IPv4 address or an IPv6 address (with an optional `%zone`).
    public static func hostProblem(_ host: String) -> String? {
        let shown = UntrustedText.excerpt(host)
        if host.isEmpty { return "is required" }
        if host.contains("@") {
            return "\"\(shown)\" holds a user; put it in user = \"…\" and keep host to the machine's name"
        }
        if host.hasPrefix("-") { return "\"\(shown)\" must not start with '-'" }
        if host.unicodeScalars.count > 253 {
            return "is \(host.unicodeScalars.count) characters long; a host name has at most 253"
        }
        if host.contains(":") {
            let (address, zone) = host.split(separator: "%", maxSplits: 1).map(String.init).pair
            let valid =
                address.filter { $0 == ":" }.count >= 2
                && address.allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." }
                && zone.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) }
            return valid ? nil : "\"\(shown)\" is not a host name or address; a port goes in port = …"
        }
        let name = host.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0))
        }
        return name ? nil : "\"\(shown)\" is not a host name or address (letters, digits, '-', '_', '.')"
    }
}

extension Array where Element == String {
    /// The first element and the second (or "").
    fileprivate var pair: (String, String) { (first ?? "", count > 1 ? self[1] : "") }
}
