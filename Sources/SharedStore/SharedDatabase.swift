import Foundation
import Logging
import NIOCore
import NIOSSL
import PostgresNIO
import VoiceshCore

/// A shared store: profiles and the dictation history in a PostgreSQL database that several
/// machines use at once. One connection per process, opened with a short connect budget;
/// opening it migrates the schema (`SharedDatabase+Migrations`). Every call is one statement
/// or one transaction, so concurrent writers never read-modify-write.
public final class SharedDatabase: Sendable {
    let connection: PostgresConnection
    let address: StoreAddress
    let logger: Logger

    private init(connection: PostgresConnection, address: StoreAddress, logger: Logger) {
        self.connection = connection
        self.address = address
        self.logger = logger
    }

    /// Closed before it goes: PostgresNIO requires it (and the server sees a clean goodbye).
    deinit {
        if !connection.isClosed, !connection.eventLoop.inEventLoop { try? connection.close().wait() }
    }

    /// Connects (within `address.connectTimeout`) and brings the schema up to date.
    public static func open(_ address: StoreAddress) throws(StoreError) -> SharedDatabase {
        let logger = quietLogger
        let configuration = try configuration(for: address)
        let connection = try blocking(address) {
            try await PostgresConnection.connect(configuration: configuration, id: 1, logger: logger)
        }
        let database = SharedDatabase(connection: connection, address: address, logger: logger)
        try database.migrate()
        return database
    }

    /// `host:port/database`, for messages (never the password).
    public var server: String { address.description }

    /// Closes the connection now (it also closes when the value goes).
    public func close() {
        if !connection.isClosed, !connection.eventLoop.inEventLoop { try? connection.close().wait() }
    }

    static func configuration(for address: StoreAddress) throws(StoreError)
        -> PostgresConnection.Configuration
    {
        var configuration: PostgresConnection.Configuration
        if let socket = address.socketPath {
            configuration = .init(
                unixSocketPath: socket, username: address.user, password: address.password,
                database: address.database)
        } else {
            configuration = .init(
                host: address.host, port: address.port, username: address.user, password: address.password,
                database: address.database, tls: try tls(for: address))
        }
        configuration.options.connectTimeout = .milliseconds(Int64(address.connectTimeout * 1000))
        return configuration
    }

    /// libpq's sslmode: prefer and require encrypt without checking who answers (require
    /// checks the chain when a root certificate is given); verify-ca checks the chain;
    /// verify-full checks the chain and the host name.
    private static func tls(for address: StoreAddress) throws(StoreError) -> PostgresConnection.Configuration.TLS {
        var tls = TLSConfiguration.makeClientConfiguration()
        let home = ProcessInfo.processInfo.environment["HOME"] ?? NSHomeDirectory()
        let defaultRoot = home + "/.postgresql/root.crt"
        let root =
            address.sslRootCert
            ?? (FileManager.default.fileExists(atPath: defaultRoot) ? defaultRoot : nil)
        switch address.sslMode {
        case .disable: return .disable
        case .allow, .prefer: tls.certificateVerification = .none
        case .require: tls.certificateVerification = root == nil ? .none : .noHostnameVerification
        case .verifyCA: tls.certificateVerification = .noHostnameVerification
        case .verifyFull: tls.certificateVerification = .fullVerification
        }
        if let root, address.sslMode != .allow, address.sslMode != .prefer {
            guard FileManager.default.isReadableFile(atPath: root) else {
                throw .tlsFailed(server: address.description, reason: "cannot read the root certificate \(root)")
            }
            tls.trustRoots = .file(root)
        }
        let context: NIOSSLContext
        do {
            context = try NIOSSLContext(configuration: tls)
        } catch {
            throw .tlsFailed(server: address.description, reason: "\(error)")
        }
        return [.allow, .prefer].contains(address.sslMode) ? .prefer(context) : .require(context)
    }

    /// Runs `body` on the connection and waits for it: the commands are synchronous.
    func run<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> T) throws(StoreError) -> T {
        try Self.blocking(address) { [connection] in try await body(connection) }
    }

    /// Runs `body` in one transaction.
    func transaction<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> T)
        throws(StoreError) -> T
    {
        try run { [logger] connection in
            try await connection.withTransaction(logger: logger) { connection in try await body(connection) }
        }
    }

    static func blocking<T: Sendable>(
        _ address: StoreAddress, _ body: @escaping @Sendable () async throws -> T
    ) throws(StoreError) -> T {
        let result = Blocking.run(on: StoreExecutor.shared) { () async -> Result<T, any Error> in
            do { return .success(try await body()) } catch { return .failure(error) }
        }
        switch result {
        case .success(let value): return value
        case .failure(let error): throw StoreError(error, address: address)
        }
    }
}

/// PostgresNIO's debug lines carry statements and their values: never logged.
let quietLogger: Logger = {
    var logger = Logger(label: "voicesh.store")
    logger.logLevel = .warning
    return logger
}()

/// Where the store's async work runs: a queue of voicesh's own, not Swift's shared pool, whose
/// few threads may all be callers waiting for this very work (tests run many at once).
private final class StoreExecutor: TaskExecutor, @unchecked Sendable {
    static let shared = StoreExecutor()
    private let queue = DispatchQueue(label: "voicesh.store")

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}
