import Foundation
import TestFixtures
import Testing
import VoiceshSession

/// Connections that fail before a session exists: one line each, in ssh's words, exit 255.
/// The real connector, over real sockets.
struct ConnectFailureTests {
    @Test func unknownHostName() async throws {
        let result = try await CLI(connector: LibSSH2Connector()).run("connect", "no-such-host.invalid")
        #expect(result.status == 255)
        #expect(result.stderr.hasPrefix("voicesh: Could not resolve hostname no-such-host.invalid: "))
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test func refusedConnection() async throws {
        let port = try FakeServer.unusedPort()
        let result = try await CLI(connector: LibSSH2Connector()).run("connect", "127.0.0.1:\(port)")
        #expect(result.status == 255)
        #expect(result.stderr == "voicesh: connect to host 127.0.0.1 port \(port): Connection refused\n")
    }

    @Test func serverThatHangsUp() async throws {
        let server = try FakeServer { fd in close(fd) }
        let result = try await CLI(connector: LibSSH2Connector()).run("connect", "127.0.0.1:\(server.port)")
        #expect(result.status == 255)
        #expect(
            result.stderr.hasPrefix("voicesh: Connection closed by 127.0.0.1 port \(server.port): "), "\(result.stderr)"
        )
    }

    @Test func serverThatNeverSpeaks() async throws {
        // Silent for two minutes: longer than any wait for the 1 s timeout, however busy the
        // machine running the tests (a full run once kept this connect from its poll for 30 s).
        let server = try FakeServer { fd in
            sleep(120)
            close(fd)
        }
        let result = try await CLI(connector: LibSSH2Connector()).run(
            "connect", "--connect-timeout", "1", "127.0.0.1:\(server.port)")
        #expect(result.status == 255)
        #expect(
            result.stderr
                == "voicesh: Connection closed by 127.0.0.1 port \(server.port): no answer from the server for 1 s\n")
    }

    @Test func badTargetAndFlags() async throws {
        let cli = try CLI(connector: LibSSH2Connector())
        #expect(try await cli.run("connect", "user@").stderr.contains("is neither a profile nor [user@]host[:port]"))
        let badPort = try await cli.run("connect", "-p", "0", "example.com")
        #expect(badPort.status == 1)
        #expect(badPort.stderr.contains("port: 0 is out of range"))
    }
}
