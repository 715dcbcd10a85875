import AsyncHTTPClient
import Foundation
import NIOCore
import TLSTrust

/// A failed connection in words: `connection refused`, not
/// `connection reset (error set): Connection refused) (errno: 111)`; a refused certificate
/// names the host and why (`CertificateRefusal`).
enum ConnectionFailure {
    static func describe(_ error: any Error, url: String) async -> String {
        if let refusal = await CertificateRefusal.diagnose(error, url: url) { return refusal.description }
        if let client = error as? HTTPClientError {
            switch client {
            case .connectTimeout: return "the connection timed out"
            case .remoteConnectionClosed: return "the server closed the connection before answering"
            case .readTimeout: return "the server stopped answering"
            case .deadlineExceeded: return "no answer in time"
            default: break
            }
        }
        return ConnectionWords.describe(error)
    }
}
