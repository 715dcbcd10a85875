import Foundation

/// A real PostgreSQL server on a loopback address of its own (as `SSHSandbox`, and for the same
/// reason: nothing else ever listens there, so a client of a stopped server is refused, never
/// let into another suite's, whose user and password are the same) with throwaway state
/// (scripts/postgres-sandbox): a
/// superuser `voicesh` (password `sandbox-secret`) and a database `voicesh`. Killed when the
/// test lets go of it, and by the script's watchdog if the test runner itself is killed. Shared by
/// the store's tests and the command-line tests (a target of its own: test targets cannot share a file).
public final class PostgresSandbox: @unchecked Sendable {
    public static let password = "sandbox-secret"
    public let directory: URL
    public let port: Int
    /// The address it listens on, in 127.64.0.0/10.
    public let address: String

    /// `options`: `--tls`, `--tls-only` (see the script).
    public init(_ options: [String] = []) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("voicesh-pg-\(UUID().uuidString)")
        address = "127.\(Int.random(in: 64...127)).\(Int.random(in: 0...255)).\(Int.random(in: 1...254))"
        port = try Int(Self.script(["init", directory.path, "--address", address, "--fast"] + options + Self.watch))
            .orThrow("no port")
    }

    deinit {
        _ = try? Self.script(["kill", directory.path])
        try? FileManager.default.removeItem(at: directory)
    }

    /// Stops the server at once, as a crash or a pulled cable looks to its clients.
    public func stop() throws { _ = try Self.script(["stop", directory.path]) }

    /// Starts it again on the same port, with the same data.
    public func start() throws { _ = try Self.script(["start", directory.path] + Self.watch) }

    /// A store URL without a password (the password comes from PGPASSWORD or ~/.pgpass).
    public func url(user: String = "voicesh", database: String = "voicesh", sslmode: String = "disable") -> String {
        "postgresql://\(user)@\(address):\(port)/\(database)?sslmode=\(sslmode)"
    }

    /// The server's self-signed certificate (with `--tls`).
    public var rootCert: String { directory.appendingPathComponent("root.crt").path }

    /// Runs SQL as the superuser through the unix socket, with psql.
    @discardableResult
    public func psql(_ sql: String, database: String = "voicesh") throws -> String {
        let bin = try Self.postgresBin()
        return try Self.run(
            bin + "/psql",
            ["-h", directory.path, "-p", String(port), "-U", "voicesh", "-d", database, "-qAt", "-c", sql])
    }

    private static var watch: [String] { ["--watch", String(getpid())] }

    static func postgresBin() throws -> String {
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
        let newest = versions.compactMap(Int.init).max()
        return try newest.map { "/usr/lib/postgresql/\($0)/bin" }.orThrow("PostgreSQL is not installed")
    }

    private static func script(_ arguments: [String]) throws -> String {
        var url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
            url.deleteLastPathComponent()
        }
        return try run(url.appendingPathComponent("scripts/postgres-sandbox").path, arguments)
    }

    /// Runs a program to its end; output through files, as the watchdog outlives the script.
    public static func run(_ program: String, _ arguments: [String]) throws -> String {
        let result = try Spawn.capture(program, arguments)
        guard result.status == 0 else {
            throw SandboxFailure(description: "\(program) \(arguments.first ?? ""): \(result.stderr)")
        }
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

struct SandboxFailure: Error, CustomStringConvertible {
    let description: String
}

extension Optional {
    func orThrow(_ message: String) throws -> Wrapped {
        guard let self else { throw SandboxFailure(description: message) }
        return self
    }
}
