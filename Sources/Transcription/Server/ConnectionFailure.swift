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
        // NIO wraps the system's error (NIOConnectionError holds one per address it tried).
        if let code = systemError(in: error, depth: 0) {
            let words = String(cString: strerror(code)).lowercased()
            switch code {
            case ECONNREFUSED: return "\(words) (is the server running, and on that port?)"
            case EHOSTUNREACH, ENETUNREACH: return "\(words) (check the address and the network)"
            default: return words
            }
        }
        return String(describing: error)
    }

    /// The errno of the first `IOError` inside `error`, looking through the values it holds.
    private static func systemError(in value: Any, depth: Int) -> Int32? {
        if let io = value as? IOError { return io.errnoCode }
        guard depth < 4 else { return nil }
        for child in Mirror(reflecting: value).children {
            if let code = systemError(in: child.value, depth: depth + 1) { return code }
        }
        return nil
    }
}
