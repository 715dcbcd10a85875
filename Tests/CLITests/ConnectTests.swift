import Foundation
import TestFixtures
import Testing

/// `voicesh connect` against a real sshd on a loopback address of its own: output, exit status, host keys and
/// authentication, each as ssh would behave.
@Suite(.serialized)
struct ConnectTests: SessionSuite {
    let fixture: SessionFixture

    init() throws {
        fixture = try SessionFixture()
    }

    /// `connect` with the sandbox's key and known_hosts, unless a test says otherwise.
    func connect(_ extra: [String], command: String, stdin: String? = "", environment: [String: String] = [:])
        throws -> CLI.Result
    {
        try cli.run(
            ["connect"] + extra + [sshd.destination, "--", command], executable: CLI.binary.path, stdin: stdin,
            environment: environment)
    }

    var keyAndHosts: [String] { ["-i", sshd.clientKey, "--known-hosts", sshd.knownHosts] }

    /// An SSH_ASKPASS program that answers every prompt with `answer`.
    func askpass(_ answer: String) throws -> [String: String] {
        let path = try cli.script("askpass-\(UUID().uuidString.prefix(6))", "#!/bin/sh\nprintf '%s\\n' '\(answer)'\n")
        return ["SSH_ASKPASS": path, "SSH_ASKPASS_REQUIRE": "force"]
    }

    @Test func runsACommandAndReturnsItsStatus() throws {
        let result = try connect(keyAndHosts, command: "echo out-$((6*7)); tty; exit 3")
        #expect(result.status == 3, "\(result.stderr)")
        #expect(result.stdout.contains("out-42"))
        #expect(result.stdout.contains("/dev/pts/"))  // a real PTY on the remote side
    }

    @Test func connectsOverIPv6() throws {
        let v6 = try SSHSandbox(config: ["ListenAddress ::1"])
        let knownHosts = try cli.file("kh-v6", "[::1]:\(v6.port) \(v6.hostPublicKey)\n")
        let result = try cli.run(
            [
                "connect", "-i", v6.clientKey, "--known-hosts", knownHosts, "--strict-host-key-checking", "yes",
                "[::1]:\(v6.port)", "--", "echo", "$SSH_CONNECTION",
            ],
            executable: CLI.binary.path, stdin: "")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("::1 "))
    }

    @Test func connectsToASavedProfile() throws {
        try cli.ok(
            "profile", "add", "sandbox", "--host", "root@\(sshd.destination)", "--identity", sshd.clientKey,
            "--known-hosts", sshd.knownHosts)
        let result = try cli.run(["connect", "sandbox", "whoami"], executable: CLI.binary.path, stdin: "")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("root"))
    }

    @Test func adHocAndSavedTargetsUseConfigDefaults() throws {
        // Without the defaults there is no key and no known host: refused.
        let bare = try connect(["--strict-host-key-checking", "yes"], command: "whoami")
        #expect(bare.status == 255)
        try cli.ok("config", "set", "identity", sshd.clientKey, "known_hosts", sshd.knownHosts)
        let adHoc = try connect(["--strict-host-key-checking", "yes"], command: "whoami")
        #expect(adHoc.status == 0, "\(adHoc.stderr)")
        #expect(adHoc.stdout.contains("root"))
        try cli.ok("profile", "add", "plain", "--host", "root@\(sshd.destination)")
        let saved = try cli.run(["connect", "plain", "whoami"], executable: CLI.binary.path, stdin: "")
        #expect(saved.status == 0, "\(saved.stderr)")
        // The profile's own key wins over the default: a missing file is its own error.
        try cli.ok("profile", "set", "plain", "identity=/nonexistent/key")
        let own = try cli.run(["connect", "plain", "whoami"], executable: CLI.binary.path, stdin: "")
        #expect(own.status == 255 && own.stderr.contains("/nonexistent/key"), "\(own.stderr)")
    }

    @Test func optionsAfterTheDestinationAreReadAsOpenSSHReadsThem() throws {
        // The saved port is wrong: `-p` after the name must be read, as in `ssh prod -p 2222`.
        try cli.ok(
            "profile", "add", "elsewhere", "--host", "root@\(sshd.address):1", "--identity", sshd.clientKey,
            "--known-hosts", sshd.knownHosts)
        let port = String(sshd.port)
        // Options up to the first word that is not one; from there on, the remote command's.
        let after = try cli.run(
            ["connect", "elsewhere", "-p", port, "--connect-timeout", "20", "echo", "-p", "x"],
            executable: CLI.binary.path, stdin: "")
        #expect(after.status == 0, "\(after.stderr)")
        #expect(after.stdout.contains("-p x"))
        // `--` ends the options too, and is not sent.
        let dashed = try cli.run(
            ["connect", "elsewhere", "-p", port, "--", "echo", "-l", "nobody"], executable: CLI.binary.path, stdin: "")
        #expect(dashed.status == 0, "\(dashed.stderr)")
        #expect(dashed.stdout.contains("-l nobody"))
        // Options before and after the name mix.
        let mixed = try cli.run(
            [
                "connect", "-l", "root", "elsewhere", "-p", port, "--strict-host-key-checking", "yes",
                "echo mixed-$((6*7))",
            ],
            executable: CLI.binary.path, stdin: "")
        #expect(mixed.status == 0, "\(mixed.stderr)")
        #expect(mixed.stdout.contains("mixed-42"))
        // An option voicesh does not know, after the name, is refused by name (not sent as a command).
        let unknown = try cli.run(["connect", "elsewhere", "-Z", "true"], executable: CLI.binary.path, stdin: "")
        #expect(unknown.status != 0)
        #expect(unknown.stderr.contains("-Z"), "\(unknown.stderr)")
    }

    @Test func outputIsBinarySafe() throws {
        let bytes = Data((0...255).map(UInt8.init))
        let file = try cli.file("bytes.bin", "")
        try bytes.write(to: URL(fileURLWithPath: file))
        let raw = try cli.runRaw(["connect"] + keyAndHosts + [sshd.destination, "--", "stty raw -echo; cat \(file)"])
        #expect(raw == bytes)
    }

    @Test func largeInputArrivesWhole() throws {
        // Lines stay short: until `stty raw` runs, the remote PTY is in canonical mode, where a
        // line longer than 4095 bytes is cut (as with ssh -tt).
        var payload = Data()
        for i in 0..<4000 {
            payload.append(contentsOf: Array("line \(i) of a large paste, some UTF-8 too: é ü ✓\n".utf8))
        }
        let out = cli.home.appendingPathComponent("received").path
        let result = try connect(
            keyAndHosts, command: "stty raw -echo; head -c \(payload.count) > \(out)",
            stdin: String(decoding: payload, as: UTF8.self))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: out)) == payload)
    }

    @Test func unknownHostAcceptedIsAddedTheOpenSSHWay() throws {
        let knownHosts = cli.home.appendingPathComponent("new/known_hosts").path
        let result = try connect(
            ["-i", sshd.clientKey, "--known-hosts", knownHosts], command: "true", environment: try askpass("yes"))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("Permanently added '[\(sshd.address)]:\(sshd.port)' (ED25519)"))
        #expect(
            try String(contentsOfFile: knownHosts, encoding: .utf8)
                == "[\(sshd.address)]:\(sshd.port) \(sshd.hostPublicKey)\n")
        // ssh itself accepts the line voicesh wrote.
        let ssh = try Shell.run(
            "/usr/bin/ssh",
            [
                "-o", "BatchMode=yes", "-o", "StrictHostKeyChecking=yes", "-o", "UserKnownHostsFile=\(knownHosts)",
                "-i", sshd.clientKey,
                "-p", String(sshd.port), "root@\(sshd.address)", "true",
            ])
        #expect(ssh.status == 0, "\(ssh.stderr)")
    }

    @Test func unknownHostRejectedLeavesNoTrace() throws {
        let knownHosts = cli.home.appendingPathComponent("kh-reject").path
        let result = try connect(
            ["-i", sshd.clientKey, "--known-hosts", knownHosts], command: "true", environment: try askpass("no"))
        #expect(result.status == 255)
        #expect(result.stderr.hasSuffix("voicesh: Host key verification failed.\n"))
        #expect(!FileManager.default.fileExists(atPath: knownHosts))
        // No terminal and no askpass: nobody to ask, so no.
        let unattended = try connect(["-i", sshd.clientKey, "--known-hosts", knownHosts], command: "true")
        #expect(unattended.status == 255)
        #expect(!FileManager.default.fileExists(atPath: knownHosts))
    }

    @Test func strictAndAcceptNewPolicies() throws {
        let knownHosts = cli.home.appendingPathComponent("kh-policy").path
        let strict = try connect(
            ["-i", sshd.clientKey, "--known-hosts", knownHosts, "--strict-host-key-checking", "yes"], command: "true")
        #expect(strict.status == 255)
        #expect(strict.stderr.contains("No ED25519 host key is known for [\(sshd.address)]:\(sshd.port)"))
        let acceptNew = try connect(
            ["-i", sshd.clientKey, "--known-hosts", knownHosts, "--strict-host-key-checking", "accept-new"],
            command: "true")
        #expect(acceptNew.status == 0, "\(acceptNew.stderr)")
        #expect(FileManager.default.fileExists(atPath: knownHosts))
    }

    @Test func changedKeyIsRefusedNamingFileAndLine() throws {
        let other = cli.home.appendingPathComponent("other_host").path
        try Shell.keygen(other)
        let otherKey = try String(contentsOfFile: other + ".pub", encoding: .utf8).split(separator: " ").prefix(2)
            .joined(separator: " ")
        let text = "# my hosts\nexample.com \(otherKey)\n[\(sshd.address)]:\(sshd.port) \(otherKey)\n"
        let knownHosts = try cli.file("kh-changed", text)
        let result = try connect(
            ["-i", sshd.clientKey, "--known-hosts", knownHosts, "--strict-host-key-checking", "accept-new"],
            command: "echo SHOULD-NOT-RUN")
        #expect(result.status == 255)
        #expect(result.stderr.contains("WARNING: REMOTE HOST IDENTIFICATION HAS CHANGED!"))
        #expect(result.stderr.contains("Offending ED25519 key in \(knownHosts):3"))
        #expect(result.stderr.contains("ssh-keygen -f \"\(knownHosts)\" -R \"[\(sshd.address)]:\(sshd.port)\""))
        #expect(!result.stdout.contains("SHOULD-NOT-RUN"))
        #expect(try String(contentsOfFile: knownHosts, encoding: .utf8) == text)
    }

    /// A key marked `@revoked` is refused whatever the policy and whatever else trusts it, with
    /// OpenSSH's warning; a line that is not UTF-8 spoils only itself (the changed key in the
    /// file is still found).
    @Test func revokedKeysAndBadBytes() throws {
        let entry =
            try String(contentsOfFile: sshd.knownHosts, encoding: .utf8)
            .split(separator: "\n").first { !$0.isEmpty }.map(String.init) ?? ""
        let key = entry.split(separator: " ").dropFirst().joined(separator: " ")
        let revoked = try cli.file("kh-revoked", "@revoked * \(key)\n\(entry)\n")
        var result = try connect(
            ["-i", sshd.clientKey, "--known-hosts", revoked, "--strict-host-key-checking", "accept-new"],
            command: "echo SHOULD-NOT-RUN")
        #expect(result.status == 255 && !result.stdout.contains("SHOULD-NOT-RUN"), "\(result.stderr) \(entry)")
        #expect(result.stderr.contains("REVOKED HOST KEY DETECTED") && result.stderr.contains("\(revoked):1"))

        let other = cli.home.appendingPathComponent("other_host").path
        try Shell.keygen(other)
        let otherKey = try String(contentsOfFile: other + ".pub", encoding: .utf8).split(separator: " ").prefix(2)
            .joined(separator: " ")
        let spoilt = cli.home.appendingPathComponent("kh-spoilt").path
        var bytes = Data("example.com caf\u{E9}\n".utf8)
        bytes[bytes.count - 3] = 0xE9  // a Latin-1 byte: not UTF-8
        bytes += Data("[\(sshd.address)]:\(sshd.port) \(otherKey)\n".utf8)
        #expect(FileManager.default.createFile(atPath: spoilt, contents: bytes))
        result = try connect(
            ["-i", sshd.clientKey, "--known-hosts", spoilt, "--strict-host-key-checking", "accept-new"],
            command: "echo SHOULD-NOT-RUN")
        #expect(
            result.status == 255 && result.stderr.contains("REMOTE HOST IDENTIFICATION HAS CHANGED"), "\(result.stderr)"
        )
    }

    /// A private key others may read is ignored, as OpenSSH ignores it, and the note says why.
    @Test func aKeyOthersCanReadIsIgnored() throws {
        let open = cli.home.appendingPathComponent("open_key").path
        try FileManager.default.copyItem(atPath: sshd.clientKey, toPath: open)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: open)
        let result = try connect(["-i", open, "--known-hosts", sshd.knownHosts], command: "echo SHOULD-NOT-RUN")
        #expect(result.status == 255 && !result.stdout.contains("SHOULD-NOT-RUN"))
        #expect(
            result.stderr.contains("UNPROTECTED PRIVATE KEY FILE: permissions 0644 for '\(open)' are too open"),
            "\(result.stderr)")
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: open)
        #expect(try connect(["-i", open, "--known-hosts", sshd.knownHosts], command: "true").status == 0)
    }

    @Test func hashedEntriesAndBadLines() throws {
        let hashed = try cli.file("kh-hashed", try String(contentsOfFile: sshd.knownHosts, encoding: .utf8))
        try Shell.run("/usr/bin/ssh-keygen", ["-H", "-f", hashed])
        let entry = try String(contentsOfFile: hashed, encoding: .utf8)
        #expect(entry.hasPrefix("|1|"))
        // A line libssh2 cannot parse comes first; the entry after it must still count.
        let knownHosts = try cli.file("kh-hashed-bad", "this line is not a known_hosts entry\n" + entry)
        let result = try connect(
            ["-i", sshd.clientKey, "--known-hosts", knownHosts, "--strict-host-key-checking", "yes"], command: "true")
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test func aPortlessEntryMeansPort22Only() throws {
        let knownHosts = try cli.file("kh-portless", "\(sshd.address) \(sshd.hostPublicKey)\n")
        let result = try connect(
            ["-i", sshd.clientKey, "--known-hosts", knownHosts, "--strict-host-key-checking", "yes"], command: "true")
        #expect(result.status == 255)
        #expect(result.stderr.contains("No ED25519 host key is known"))
    }

    @Test func agentAuthentication() throws {
        let socket = cli.home.appendingPathComponent("agent.sock").path
        let agent = Process()
        agent.executableURL = URL(fileURLWithPath: "/usr/bin/ssh-agent")
        agent.arguments = ["-D", "-a", socket]  // in the foreground, so the test owns it
        agent.standardOutput = FileHandle.nullDevice
        try agent.run()
        // SIGKILL: children of the test runner inherit a signal mask that blocks SIGTERM.
        defer { kill(agent.processIdentifier, SIGKILL) }
        for _ in 0..<100 where !FileManager.default.fileExists(atPath: socket) { usleep(20_000) }
        let added = try Shell.run("/usr/bin/ssh-add", [sshd.clientKey], environment: ["SSH_AUTH_SOCK": socket])
        #expect(added.status == 0, "\(added.stderr)")
        // No -i and no key files under HOME: only the agent holds the key.
        let result = try connect(
            ["--known-hosts", sshd.knownHosts], command: "echo via-agent", environment: ["SSH_AUTH_SOCK": socket])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("via-agent"))
    }

    @Test func defaultKeyFileAndNoKeyAtAll() throws {
        let denied = try connect(["--known-hosts", sshd.knownHosts], command: "true")
        #expect(denied.status == 255)
        #expect(denied.stderr.hasSuffix("@\(sshd.address): Permission denied (publickey,password).\n"))
        try FileManager.default.createDirectory(
            at: cli.home.appendingPathComponent(".ssh"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: sshd.clientKey, toPath: cli.home.appendingPathComponent(".ssh/id_ed25519").path)
        let result = try connect(["--known-hosts", sshd.knownHosts], command: "echo default-key")
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test func encryptedKeyAsksForItsPassphrase() throws {
        let key = cli.home.appendingPathComponent("locked_ed25519").path
        try Shell.keygen(key, passphrase: "open sesame")
        try sshd.authorize(publicKeyFile: key + ".pub")
        let good = try connect(
            ["-i", key, "--known-hosts", sshd.knownHosts], command: "echo unlocked",
            environment: try askpass("open sesame"))
        #expect(good.status == 0, "\(good.stderr)")
        #expect(good.stdout.contains("unlocked"))
        let bad = try connect(
            ["-i", key, "--known-hosts", sshd.knownHosts], command: "true", environment: try askpass("wrong"))
        #expect(bad.status == 255)
        #expect(bad.stderr.contains("wrong passphrase for \(key)"))
    }

    @Test func rsaKeysGetAPlainExplanation() throws {
        let key = cli.home.appendingPathComponent("id_rsa_test").path
        try Shell.keygen(key, type: "rsa")
        try sshd.authorize(publicKeyFile: key + ".pub")
        let result = try connect(["-i", key, "--known-hosts", sshd.knownHosts], command: "true")
        #expect(result.status == 255)
        #expect(result.stderr.contains("signs RSA keys only with SHA-1"))
        #expect(result.stderr.contains("ssh-keygen -t ed25519"))
    }

    @Test(.enabled(if: getuid() == 0, "creating a user with a password needs root"))
    func passwordAuthentication() throws {
        let user = "voicesh-pw"
        if (try Shell.run("/usr/bin/id", [user])).status != 0 {
            #expect(try Shell.run("/usr/sbin/useradd", ["-m", "-s", "/bin/bash", user]).status == 0)
        }
        let chpasswd = Process()
        chpasswd.executableURL = URL(fileURLWithPath: "/usr/sbin/chpasswd")
        let input = Pipe()
        chpasswd.standardInput = input
        try chpasswd.run()
        input.fileHandleForWriting.write(Data("\(user):correct horse\n".utf8))
        try input.fileHandleForWriting.close()
        chpasswd.waitUntilExit()
        #expect(chpasswd.terminationStatus == 0)

        let good = try connect(
            ["-l", user, "--known-hosts", sshd.knownHosts], command: "whoami", environment: try askpass("correct horse")
        )
        #expect(good.status == 0, "\(good.stderr)")
        #expect(good.stdout.contains(user))
        let bad = try connect(
            ["-l", user, "--known-hosts", sshd.knownHosts], command: "whoami",
            environment: try askpass("battery staple"))
        #expect(bad.status == 255)
        #expect(bad.stderr.hasSuffix("voicesh: \(user)@\(sshd.address): Permission denied (publickey,password).\n"))
    }
}
