import Foundation

/// A real OpenSSH server with throwaway keys (scripts/sshd-sandbox), on a loopback address of
/// its own, stopped when the test lets go of it.
package final class SSHSandbox {
    package let directory: URL
    package let port: Int
    /// The loopback address it listens on.
    package let address: String

    /// Starts sshd on `address`, by default one of its own (`uniqueAddress`); `config` lines
    /// are appended to its sshd_config.
    package init(config: [String] = [], address: String? = nil) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("voicesh-sshd-\(UUID().uuidString)")
        let address = address ?? Self.uniqueAddress()
        self.address = address
        let script = PackagePaths.root.appendingPathComponent("scripts/sshd-sandbox").path
        var environment = ProcessInfo.processInfo.environment
        environment["SSHD_SANDBOX_ADDRESS"] = address
        let result = try Shell.run(script, [directory.path] + config, environment: environment)
        guard result.status == 0, let port = Int(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw Shell.Failure("sshd-sandbox failed: \(result.stderr)")
        }
        self.port = port
    }

    /// A random address in 127.64.0.0/10 (all of 127/8 is loopback on Linux), one a server.
    /// Ports alone are not enough: the script picks one by binding 0 and letting go, and a
    /// server's port is free again once it is killed, so every suite's servers on 127.0.0.1
    /// (the test runs of other checkouts on this machine too) come and go on the same ports, and
    /// a client that reached a port another suite's server had just taken met a "changed" host
    /// key (issue 44). On an address of its own nothing but this server ever listens: another
    /// suite cannot answer here, whatever the interleaving, and a dead server is a refused
    /// connection, never someone else's.
    package static func uniqueAddress() -> String {
        "127.\(Int.random(in: 64...127)).\(Int.random(in: 0...255)).\(Int.random(in: 1...254))"
    }

    deinit {
        stopSessions()
        // SIGKILL: children of the test runner inherit a signal mask that blocks SIGTERM.
        if let pid = pid { kill(pid, SIGKILL) }
    }

    package var pid: pid_t? {
        (try? String(contentsOf: directory.appendingPathComponent("sshd.pid"), encoding: .utf8))
            .flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    /// Kills the server's per-connection processes: the server "dies" under its clients.
    package func stopSessions() {
        if let pid { _ = try? Shell.run("/usr/bin/pkill", ["-KILL", "-P", String(pid)]) }
    }

    package var clientKey: String { directory.appendingPathComponent("id_ed25519").path }
    package var knownHosts: String { directory.appendingPathComponent("known_hosts").path }
    package var hostPublicKey: String {
        ((try? String(contentsOf: directory.appendingPathComponent("host_ed25519.pub"), encoding: .utf8)) ?? "")
            .split(separator: " ").prefix(2).joined(separator: " ")
    }
    package var destination: String { "\(address):\(port)" }

    /// The TOML of a profile `name` that logs in here with the sandbox's key and known_hosts,
    /// then `rest`: more keys, then tables such as `[engine]`.
    package func profile(_ name: String, _ rest: String = "") -> String {
        """
        name = "\(name)"
        host = "\(address)"
        port = \(port)
        identity = "\(clientKey)"
        known_hosts = "\(knownHosts)"
        \(rest)
        """
    }
    package var log: String {
        (try? String(contentsOf: directory.appendingPathComponent("sshd.log"), encoding: .utf8)) ?? ""
    }

    /// Authorizes another public key for logins.
    package func authorize(publicKeyFile: String) throws {
        let key = try String(contentsOfFile: publicKeyFile, encoding: .utf8)
        let handle = try FileHandle(forWritingTo: directory.appendingPathComponent("authorized_keys"))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(key.utf8))
        try handle.close()
    }
}
