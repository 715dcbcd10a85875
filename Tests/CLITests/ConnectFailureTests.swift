import Foundation
import Testing

/// Connections that fail before a session exists: one line each, in ssh's words, exit 255.
struct ConnectFailureTests {
    @Test func unknownHostName() throws {
        let result = try CLI().run("connect", "no-such-host.invalid")
        #expect(result.status == 255)
        #expect(result.stderr.hasPrefix("voicesh: Could not resolve hostname no-such-host.invalid: "))
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test func refusedConnection() throws {
        let port = try FakeServer.unusedPort()
        let result = try CLI().run("connect", "127.0.0.1:\(port)")
        #expect(result.status == 255)
        #expect(result.stderr == "voicesh: connect to host 127.0.0.1 port \(port): Connection refused\n")
    }

    @Test func serverThatHangsUp() throws {
        let server = try FakeServer { fd in close(fd) }
        let result = try CLI().run("connect", "127.0.0.1:\(server.port)")
        #expect(result.status == 255)
        #expect(
            result.stderr.hasPrefix("voicesh: Connection closed by 127.0.0.1 port \(server.port): "), "\(result.stderr)"
        )
    }

    @Test func serverThatNeverSpeaks() throws {
        let server = try FakeServer { fd in
            sleep(5)
            close(fd)
        }
        let result = try CLI().run("connect", "--connect-timeout", "1", "127.0.0.1:\(server.port)")
        #expect(result.status == 255)
        #expect(
            result.stderr
                == "voicesh: Connection closed by 127.0.0.1 port \(server.port): no answer from the server for 1 s\n")
    }

    @Test func badTargetAndFlags() throws {
        let cli = try CLI()
        #expect(try cli.run("connect", "user@").stderr.contains("is neither a profile nor [user@]host[:port]"))
        let badPort = try cli.run("connect", "-p", "0", "example.com")
        #expect(badPort.status == 1)
        #expect(badPort.stderr.contains("port: 0 is out of range"))
    }
}

/// A TCP listener on 127.0.0.1 that hands each connection to `handle` on its own thread.
final class FakeServer: @unchecked Sendable {
    let port: Int
    private let fd: Int32

    init(handle: @escaping @Sendable (Int32) -> Void) throws {
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
        Thread {
            while true {
                let client = accept(listener, nil, nil)
                if client < 0 { break }  // the listener was closed
                Thread { handle(client) }.start()
            }
        }.start()
    }

    deinit {
        shutdown(fd, Int32(SHUT_RDWR))
        close(fd)
    }

    /// A port nothing listens on (bound, then released).
    static func unusedPort() throws -> Int {
        let server = try FakeServer { close($0) }
        return server.port
    }
}
