import Foundation
import NIOCore
import NIOPosix
import NIOSSL
import PostgresNIO
import VoiceshCore

extension StoreError {
    /// PostgresNIO's errors as the cases a person can act on; the server's SQLSTATE decides
    /// (https://www.postgresql.org/docs/15/errcodes-appendix.html).
    init(_ error: any Error, address: StoreAddress) {
        let server = address.description
        if let error = error as? StoreError {
            self = error
            return
        }
        // The closure's own error first: a duplicate name thrown inside a transaction stays one.
        if let error = error as? PostgresTransactionError,
            let cause = error.closureError ?? error.commitError ?? error.beginError ?? error.rollbackError
        {
            self = StoreError(cause, address: address)
            return
        }
        guard let error = error as? PSQLError else {
            self = .postgres(server: server, message: "\(error)")
            return
        }
        let message = error.serverInfo?[.message] ?? ""
        switch error.code {
        case .server:
            switch error.serverInfo?[.sqlState] {
            case "28P01": self = .authenticationFailed(server: server, user: address.user, passwordGiven: true)
            case "28000" where address.sslMode == .disable && message.contains("no encryption"):
                self = .tlsRequired(server: server)
            case "3D000": self = .unknownDatabase(server: server, database: address.database)
            case "57P01", "57P02", "57P03": self = .unreachable(server: server, reason: message)
            default: self = .postgres(server: server, message: message)
            }
        case .authMechanismRequiresPassword:
            self = .authenticationFailed(server: server, user: address.user, passwordGiven: false)
        case .sslUnsupported:
            self = .tlsFailed(server: server, reason: "the server does not offer TLS")
        case .failedToAddSSLHandler:
            self = .tlsFailed(server: server, reason: error.underlying.map { "\($0)" } ?? "no TLS handler")
        case .connectionError, .serverClosedConnection, .uncleanShutdown, .clientClosedConnection:
            if let tls = error.underlying as? NIOSSLError {
                self = .tlsFailed(server: server, reason: "\(tls)")
            } else if let tls = error.underlying as? BoringSSLError {
                self = .tlsFailed(server: server, reason: "\(tls)")
            } else {
                self = .unreachable(server: server, reason: Self.reason(error.underlying))
            }
        default:
            self = .postgres(server: server, message: message.isEmpty ? "\(error.code)" : message)
        }
    }

    private static func reason(_ error: (any Error)?) -> String {
        switch error {
        case let error as NIOConnectionError:
            // One try per address the name resolved to: the first one's failure says it.
            reason(error.connectionErrors.first?.error ?? error.dnsAError ?? error.dnsAAAAError)
        case let error as IOError where error.errnoCode == ECONNREFUSED: "Connection refused"
        case let error as IOError: String(cString: strerror(error.errnoCode))
        case ChannelError.connectTimeout?: "no answer in time"
        case is ChannelError: "the connection closed"
        case let error?:
            "\(error)".contains("connectTimeout") || "\(error)".contains("timeout")
                ? "no answer in time" : "\(error)"
        case nil: "the connection closed"
        }
    }
}
