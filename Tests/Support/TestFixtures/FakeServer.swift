import Foundation

/// A TCP listener on 127.0.0.1 that hands each connection to `handle` on its own thread.
package final class FakeServer: @unchecked Sendable {
    package let port: Int
    private let fd: Int32

    package init(handle: @escaping @Sendable (Int32) -> Void) throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var bound = address
        var size = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ok = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, size) == 0 && listen(listener, 8) == 0
            }
        }
        guard ok else { throw Shell.Failure("cannot listen") }
        _ = withUnsafeMutablePointer(to: &bound) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &size) }
        }
        port = Int(UInt16(bigEndian: bound.sin_port))
        fd = listener
        // The accepting thread closes the listener itself, once `accept` fails after the
        // shutdown in deinit. Closed in deinit instead, a thread not yet in `accept` would take
        // the number after it was reused, by another test's listener, and steal its connections.
        Thread {
            while true {
                let client = accept(listener, nil, nil)
                if client < 0 {
                    if errno == EINTR || errno == ECONNABORTED { continue }
                    break  // shut down
                }
                Thread { handle(client) }.start()
            }
            close(listener)
        }.start()
    }

    deinit {
        shutdown(fd, Int32(SHUT_RDWR))
    }

    /// A port nothing listens on, for as long as the tests run: a socket stays bound to it and
    /// never listens, so a connection is refused and no other test's server is given the port.
    /// (Released at once, it went to a server of a test running beside, which then took the
    /// connection meant to be refused.)
    package static func unusedPort() throws -> Int {
        let held = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var size = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(held, $0, size) == 0 && getsockname(held, $0, &size) == 0
            }
        }
        guard held >= 0, bound else { throw Shell.Failure("cannot bind a port") }
        return Int(UInt16(bigEndian: address.sin_port))  // `held` stays open until the process ends
    }
}
