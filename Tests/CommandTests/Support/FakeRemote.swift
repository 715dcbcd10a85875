import Foundation
import SSHClient
import Testing
import VoiceshCore
import VoiceshSession

/// A remote in this process, reached through `connector`: its shell prints `output` and ends
/// with `status` (or is killed by `signal`), and it keeps what the session asked of it.
final class FakeRemote: RemoteHost, RemoteShell, @unchecked Sendable {
    /// What `openShell` was given.
    struct Opened: Equatable {
        var term: String
        var columns: Int
        var rows: Int
        var environment: [String: String]
        var command: String?
    }

    private let output: String
    private let status: Int32
    private let signal: String?
    private let lock = NSLock()
    private var pipe: (read: Int32, write: Int32) = (-1, -1)
    private var opened: Opened?
    private(set) var isEOF = false

    init(output: String, status: Int32 = 0, signal: String? = nil) {
        (self.output, self.status, self.signal) = (output, status, signal)
    }

    deinit {
        if pipe.read >= 0 { Glibc.close(pipe.read) }
    }

    /// Connects to this remote, or fails as `failure` says.
    func connector(failing failure: SSHError? = nil) -> some SSHConnector { Connector(remote: self, failure: failure) }

    var shell: Opened? { lock.withLock { opened } }

    // MARK: RemoteHost

    var socket: Int32 { pipe.read }
    var pollEvents: Int16 { Int16(POLLIN) }
    func configureKeepalive(interval: Int) {}
    func sendKeepalive() throws(SSHError) -> Int { 3600 }

    func openShell(
        term: String, columns: Int, rows: Int, environment: [(String, String)], command: String?
    ) throws(SSHError) -> any RemoteShell {
        lock.withLock {
            opened = Opened(
                term: term, columns: columns, rows: rows,
                environment: Dictionary(environment) { _, last in last }, command: command)
        }
        var fds: [Int32] = [0, 0]
        _ = Glibc.pipe(&fds)
        pipe = (fds[0], fds[1])
        _ = output.utf8CString.withUnsafeBufferPointer { Glibc.write(pipe.write, $0.baseAddress, $0.count - 1) }
        Glibc.close(pipe.write)  // the shell has said everything: then it ends
        return self
    }

    func contextGatherer(script: String, knownOptions: [String: ToolOptions]) -> ContextGatherer? { nil }
    func tunnelRelay() -> TunnelRelay? { nil }

    // MARK: RemoteShell

    func hasQueuedData(stream: Int32) -> Bool { false }

    func read(into buffer: UnsafeMutableRawBufferPointer, stream: Int32) throws(SSHError) -> Step<Int> {
        guard stream == 0 else { return .wouldBlock }
        let n = Glibc.read(pipe.read, buffer.baseAddress, buffer.count)
        if n == 0 { isEOF = true }
        return n >= 0 ? .done(n) : .wouldBlock
    }

    func write(_ bytes: UnsafeRawBufferPointer) throws(SSHError) -> Step<Int> { .done(bytes.count) }
    func resize(columns: Int, rows: Int) throws(SSHError) -> Step<Int> { .done(0) }
    func sendEOF() throws(SSHError) -> Step<Int> { .done(0) }
    func close() throws(SSHError) -> (status: Int32, signal: String?) { (status, signal) }

    private struct Connector: SSHConnector {
        let remote: FakeRemote
        let failure: SSHError?

        func connect(_ target: ConnectTarget, context: AppContext) throws -> any RemoteHost {
            if let failure { throw failure }
            return remote
        }

        func probe(_ target: ConnectTarget, context: AppContext) throws -> HostKeyProbe {
            Issue.record("the command probes \(target.target.host), but a fake remote has no host key")
            throw failure ?? .hostKeyRefused(host: target.target.host)
        }
    }
}
