import Foundation
import PostgresSandbox
import TestFixtures
import Testing

/// A real OpenSSH server on 127.0.0.1 with throwaway keys (scripts/sshd-sandbox), stopped
/// when the test lets go of it.
final class SSHSandbox {
    let directory: URL
    let port: Int
    /// The loopback address it listens on.
    let address: String

    /// Starts sshd on `address`; `config` lines are appended to its sshd_config.
    init(config: [String] = [], address: String = "127.0.0.1") throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("voicesh-sshd-\(UUID().uuidString)")
        self.address = address
        let script = CLI.packageDirectory.appendingPathComponent("scripts/sshd-sandbox").path
        var environment = ProcessInfo.processInfo.environment
        environment["SSHD_SANDBOX_ADDRESS"] = address
        let result = try Shell.run(script, [directory.path] + config, environment: environment)
        guard result.status == 0, let port = Int(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw Shell.Failure("sshd-sandbox failed: \(result.stderr)")
        }
        self.port = port
    }

    deinit {
        stopSessions()
        // SIGKILL: children of the test runner inherit a signal mask that blocks SIGTERM.
        if let pid = pid { kill(pid, SIGKILL) }
    }

    var pid: pid_t? {
        (try? String(contentsOf: directory.appendingPathComponent("sshd.pid"), encoding: .utf8))
            .flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    /// Kills the server's per-connection processes: the server "dies" under its clients.
    func stopSessions() {
        if let pid { _ = try? Shell.run("/usr/bin/pkill", ["-KILL", "-P", String(pid)]) }
    }

    var clientKey: String { directory.appendingPathComponent("id_ed25519").path }
    var knownHosts: String { directory.appendingPathComponent("known_hosts").path }
    var hostPublicKey: String {
        ((try? String(contentsOf: directory.appendingPathComponent("host_ed25519.pub"), encoding: .utf8)) ?? "")
            .split(separator: " ").prefix(2).joined(separator: " ")
    }
    var destination: String { "\(address):\(port)" }

    /// The TOML of a profile `name` that logs in here with the sandbox's key and known_hosts,
    /// then `rest`: more keys, then tables such as `[engine]`.
    func profile(_ name: String, _ rest: String = "") -> String {
        """
        name = "\(name)"
        host = "\(address)"
        port = \(port)
        identity = "\(clientKey)"
        known_hosts = "\(knownHosts)"
        \(rest)
        """
    }
    var log: String { (try? String(contentsOf: directory.appendingPathComponent("sshd.log"), encoding: .utf8)) ?? "" }

    /// Authorizes another public key for logins.
    func authorize(publicKeyFile: String) throws {
        let key = try String(contentsOfFile: publicKeyFile, encoding: .utf8)
        let handle = try FileHandle(forWritingTo: directory.appendingPathComponent("authorized_keys"))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(key.utf8))
        try handle.close()
    }
}

extension CLI {
    /// Imports a profile `name` that logs in to `sshd`: `extra` keys, then `engine` lines in its
    /// `[engine]` table; with `allowCommand`, one whose recogniser may be a local command.
    func importProfile(
        _ name: String, for sshd: SSHSandbox, extra: String = "", engine: String = "", allowCommand: Bool = false
    ) throws {
        let file = try file("\(name).toml", sshd.profile(name, "\(extra)\n[engine]\n\(engine)"))
        if allowCommand {
            try ok("profile", "import", "--allow-command", file)
        } else {
            try ok("profile", "import", file)
        }
    }
}
