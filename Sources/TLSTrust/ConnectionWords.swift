import Foundation
import NIOCore

/// A failed connection in plain words, for the two network adapters: `connection refused`,
/// not `NIOConnectionError(…)`. Never a type name or a library's own description: what is not
/// known here is "the connection failed".
public enum ConnectionWords {
    public static func describe(_ error: any Error) -> String {
        if error is NIOTooManyBytesError { return "the reply was larger than voicesh reads" }
        // NIO wraps the system's error (NIOConnectionError holds one per address it tried).
        if let code = systemError(in: error, depth: 0) {
            let words = String(cString: strerror(code)).lowercased()
            switch code {
            case ECONNREFUSED: return "\(words) (is the server running, and on that port?)"
            case EHOSTUNREACH, ENETUNREACH: return "\(words) (check the address and the network)"
            default: return words
            }
        }
        if let channel = error as? ChannelError {
            switch channel {
            case .connectTimeout: return "the connection timed out"
            case .eof, .ioOnClosedChannel, .alreadyClosed, .outputClosed, .inputClosed:
                return "the server closed the connection"
            default: break
            }
        }
        return "the connection failed"
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
