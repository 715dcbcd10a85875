import Foundation

/// `posix_spawn` failed: its error number, in words as `strerror` gives them.
public struct SpawnError: Error, CustomStringConvertible {
    public let code: Int32
    public var description: String { String(cString: strerror(code)) }
}
