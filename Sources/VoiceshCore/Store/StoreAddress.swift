import Foundation

/// Where a shared PostgreSQL store is and how to reach it, read the way libpq reads it: a
/// `postgresql://[user[:password]@][host][:port][/database][?sslmode=…&…]` URL, then the
/// `PG…` environment variables for what the URL leaves out, then libpq's defaults.
/// A password is taken from the URL, `PGPASSWORD` or the password file (`~/.pgpass`,
/// `PGPASSFILE`), in that order, and is never part of `description`.
public struct StoreAddress: Equatable, Sendable {
    public enum SSLMode: String, CaseIterable, Sendable {
        case disable, allow, prefer, require
        case verifyCA = "verify-ca"
        case verifyFull = "verify-full"
    }

    /// A host name or address; a path starting with `/` is a unix socket directory.
    public var host: String
    public var port: Int
    public var user: String
    public var database: String
    public var password: String?
    /// Whether the URL itself held the password (voicesh then suggests a password file).
    public var passwordInURL: Bool
    public var sslMode: SSLMode
    /// The CA certificates for verify-ca / verify-full (`sslrootcert`).
    public var sslRootCert: String?
    public var connectTimeout: Double

    /// `host:port/database`: for messages, with no password.
    public var description: String {
        host.hasPrefix("/") ? "\(host)/.s.PGSQL.\(port) database \(database)" : "\(host):\(port)/\(database)"
    }

    /// The unix socket's path when `host` is a directory.
    public var socketPath: String? { host.hasPrefix("/") ? "\(host)/.s.PGSQL.\(port)" : nil }

    /// Parses `url` with `environment` for the rest. `passwordFile` is the text of the password
    /// file, when the caller found one it may use (libpq ignores one others can read).
    public init(
        url: String, environment: [String: String], passwordFile: (String) -> String? = { _ in nil }
    ) throws(StoreError) {
        guard url.hasPrefix("postgresql://") || url.hasPrefix("postgres://") else {
            throw .badStoreURL(reason: "it must start with postgresql:// (as libpq's connection URIs do)")
        }
        guard let parts = URLComponents(string: url) else {
            throw .badStoreURL(reason: "it is not a valid URL; percent-encode special characters")
        }
        var query: [String: String] = [:]
        for item in parts.queryItems ?? [] { query[item.name] = item.value ?? "" }
        let env = { (name: String) in environment[name].flatMap { $0.isEmpty ? nil : $0 } }

        host =
            parts.percentEncodedHost.flatMap { $0.isEmpty ? nil : $0.removingPercentEncoding } ?? query["host"]
            ?? env("PGHOST") ?? "localhost"
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        let portText = parts.port.map(String.init) ?? query["port"] ?? env("PGPORT") ?? "5432"
        guard let port = Int(portText), (1...65535).contains(port) else {
            throw .badStoreURL(reason: "port \(portText) is not a number from 1 to 65535")
        }
        self.port = port
        user =
            parts.percentEncodedUser.flatMap { $0.isEmpty ? nil : $0.removingPercentEncoding } ?? query["user"]
            ?? env("PGUSER") ?? env("USER") ?? env("LOGNAME") ?? "postgres"
        let path = parts.percentEncodedPath.dropFirst()
        database =
            (path.isEmpty ? nil : String(path).removingPercentEncoding) ?? query["dbname"] ?? env("PGDATABASE")
            ?? user
        let modeText = query["sslmode"] ?? env("PGSSLMODE") ?? "prefer"
        guard let mode = SSLMode(rawValue: modeText) else {
            let modes = SSLMode.allCases.map(\.rawValue).joined(separator: ", ")
            throw .badStoreURL(reason: "sslmode \(modeText) is not one of \(modes)")
        }
        sslMode = mode
        sslRootCert = query["sslrootcert"] ?? env("PGSSLROOTCERT")
        let timeoutText = query["connect_timeout"] ?? env("PGCONNECT_TIMEOUT")
        // libpq waits forever by default; voicesh works offline instead, so it waits briefly.
        connectTimeout = timeoutText.flatMap(Double.init).map { max($0, 2) } ?? 3
        if let given = parts.percentEncodedPassword?.removingPercentEncoding {
            password = given
            passwordInURL = true
        } else {
            passwordInURL = false
            password = query["password"] ?? env("PGPASSWORD")
        }
        if password == nil {
            let file = query["passfile"] ?? env("PGPASSFILE") ?? ((env("HOME") ?? "~") + "/.pgpass")
            password = passwordFile(file).flatMap(matchingPassword)
        }
    }

    /// The password of the first matching `hostname:port:database:username:password` line
    /// (`*` matches anything; `\:` and `\\` are escapes), as libpq's password file.
    public func matchingPassword(in file: String) -> String? {
        let socketHost = host.hasPrefix("/") || host == "localhost"
        for line in file.split(whereSeparator: \.isNewline) where !line.hasPrefix("#") {
            let fields = Self.fields(of: Substring(line))
            guard fields.count == 5 else { continue }
            func matches(_ field: String, _ value: String) -> Bool { field == "*" || field == value }
            let hostMatches = matches(fields[0], host) || (socketHost && fields[0] == "localhost")
            if hostMatches, matches(fields[1], String(port)), matches(fields[2], database), matches(fields[3], user) {
                return fields[4]
            }
        }
        return nil
    }

    private static func fields(of line: Substring) -> [String] {
        var fields: [String] = []
        var current = ""
        var escaped = false
        for character in line {
            if escaped {
                current.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == ":" && fields.count < 4 {
                fields.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        fields.append(current)
        return fields
    }
}
