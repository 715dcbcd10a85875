/// A URL voicesh sends to, parsed once where it enters (config, profile, import, the team
/// store, the command line) so that a bad one is refused there, in words, and never reaches a
/// library that traps on it (an HTTP client converts the port to 16 bits).
///
/// `scheme://host[:port][/path][?query][#fragment]`: the scheme one of those asked for, a host
/// name, an IPv4 address or a bracketed IPv6 one, a port of 1–65535, no `user:password@`, and
/// no key in the query.
public struct CheckedURL: Equatable, Sendable, CustomStringConvertible {
    /// The URL as written.
    public let text: String
    /// Lowercased: `https`.
    public let scheme: String
    /// Lowercased, an IPv6 address without its brackets.
    public let host: String
    /// The port written, or nil for the scheme's own.
    public let port: Int?
    /// What follows the authority, as written: `/v1/chat`, `?a=b`, or empty.
    public let rest: String

    /// `carriesToken`: the URL is voicesh's own, made to carry a short-lived token in its
    /// query (AssemblyAI's streaming URL): the rest is checked, the query is not refused for it.
    public init(_ text: String, schemes: [String], carriesToken: Bool = false) throws(URLProblem) {
        self.text = text
        let schemeEnd = text.firstIndex(of: ":") ?? text.endIndex
        scheme = text[..<schemeEnd].lowercased()
        let afterScheme = text[schemeEnd...]
        guard schemes.contains(scheme), afterScheme.hasPrefix("://") else {
            throw .notURL(text, schemes: schemes)
        }
        let authorityAndRest = afterScheme.dropFirst(3)
        let authorityEnd = authorityAndRest.firstIndex { "/?#".contains($0) } ?? authorityAndRest.endIndex
        let authority = authorityAndRest[..<authorityEnd]
        rest = String(authorityAndRest[authorityEnd...])
        if authority.contains("@") { throw .credentials }
        let hostPart: Substring
        var portPart: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { throw .badHost(String(authority)) }
            hostPart = authority[authority.index(after: authority.startIndex)..<close]
            let after = authority[authority.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { throw .badHost(String(authority)) }
                portPart = after.dropFirst()
            }
            guard !hostPart.isEmpty, hostPart.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else {
                throw .badHost(String(hostPart))
            }
        } else {
            let parts = authority.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            hostPart = parts[0]
            portPart = parts.count > 1 ? parts[1] : nil
            guard !hostPart.isEmpty else { throw .noHost(text) }
            guard
                hostPart.allSatisfy({
                    $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "." || $0 == "_")
                })
            else {
                throw .badHost(String(hostPart))
            }
        }
        host = hostPart.lowercased()
        if let portPart {
            guard !portPart.isEmpty, portPart.count <= 5, portPart.allSatisfy({ $0.isASCII && $0.isNumber }),
                let number = Int(portPart), (1...65535).contains(number)
            else {
                throw .badPort(String(portPart.prefix(12)))
            }
            port = number
        } else {
            port = nil
        }
        let lowered = rest.lowercased()
        let secrets = ["token=", "key=", "api_key=", "apikey=", "access_token=", "password="]
        if !carriesToken, secrets.contains(where: { lowered.contains("?\($0)") || lowered.contains("&\($0)") }) {
            throw .credentials
        }
    }

    public var description: String { text }

    /// The port a connection goes to: the one written, or the scheme's.
    public var effectivePort: Int {
        port ?? (scheme == "https" || scheme == "wss" ? 443 : 80)
    }

    /// Whether the transport is encrypted (`https`, `wss`).
    public var isSecure: Bool { scheme == "https" || scheme == "wss" }

    /// Whether the host is written as an address (IPv4 or IPv6), not a name.
    public var hostIsAddress: Bool {
        host.contains(":") || Self.ipv4(host) != nil
    }

    /// Whether the host, *as written*, is this machine: `localhost`, an address in 127.0.0.0/8,
    /// or `::1`. A name that merely starts with `127.` is not. Where a key goes over plain http
    /// this is checked again on the resolved addresses when the request is made.
    public var hostIsLoopback: Bool {
        if host == "localhost" { return true }
        if let octets = Self.ipv4(host) { return octets[0] == 127 }
        return host == "::1" || host == "0:0:0:0:0:0:0:1"
    }

    /// This URL with `path` appended to its path (`/v1` + `/chat/completions`).
    public func appending(path: String) -> String {
        (text.hasSuffix("/") ? String(text.dropLast()) : text) + path
    }

    /// The four numbers of a dotted IPv4 address, or nil.
    public static func ipv4(_ host: String) -> [Int]? {
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        let numbers = parts.compactMap { part -> Int? in
            guard !part.isEmpty, part.count <= 3, part.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            return Int(part).flatMap { $0 <= 255 ? $0 : nil }
        }
        return numbers.count == 4 ? numbers : nil
    }
}

/// Why a URL cannot be used; its words beside it.
public enum URLProblem: Error, Equatable, Sendable, CustomStringConvertible {
    case notURL(String, schemes: [String])
    case noHost(String)
    case badHost(String)
    case badPort(String)
    /// `user:password@` in the authority, or a key in the query: it would be written to the file.
    case credentials

    public var description: String {
        switch self {
        case .notURL(let text, let schemes):
            let list = schemes.map { "\($0)://" }.joined(separator: " or ")
            return "\"\(UntrustedText.excerpt(text))\" is not a URL starting with \(list)"
        case .noHost(let text): return "\"\(UntrustedText.excerpt(text))\" names no host"
        case .badHost(let host): return "\"\(UntrustedText.excerpt(host))\" is not a host name or address"
        case .badPort(let port): return "port \(UntrustedText.excerpt(port)) is out of range; use 1–65535"
        case .credentials: return "must not carry a key, token or password; use api_key_env or token_url"
        }
    }
}
