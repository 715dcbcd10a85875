import Foundation
import TestFixtures
import Testing

/// `voicesh connect ALIAS` through ~/.ssh/config and jump hosts, against two real sshds, each
/// on a loopback address of its own (`SSHSandbox.uniqueAddress`): a bastion (LogLevel DEBUG,
/// so its log shows each `direct-tcpip` open) and a target. The bastion's log naming the
/// target's address and port is what proves the hop was used. `ssh` itself, with the same
/// config, is the reference.
@Suite(.serialized)
struct ConnectSSHConfigTests {
    let cli: CLI
    let bastion: SSHSandbox
    let target: SSHSandbox
    let knownHosts: String
    let config: String

    init() throws {
        cli = try CLI()
        bastion = try SSHSandbox(config: ["LogLevel DEBUG"])
        target = try SSHSandbox(config: ["LogLevel VERBOSE"])
        try target.authorize(publicKeyFile: bastion.clientKey + ".pub")
        let hosts =
            try String(contentsOfFile: bastion.knownHosts, encoding: .utf8)
            + String(contentsOfFile: target.knownHosts, encoding: .utf8)
        knownHosts = try cli.file("known_hosts", hosts)
        // The test's HOME is cli.home: this is the ~/.ssh/config `connect` reads.
        config = try cli.file(
            ".ssh/config",
            """
            Include conf.d/*.conf
            Host bastion
              HostName \(bastion.address)
              Port \(bastion.port)
            Host bastion-again
              HostName \(bastion.address)
              Port \(bastion.port)
            Host inner
              HostName \(target.address)
              ProxyJump bastion
            Match host \(target.address)
              Port \(target.port)
            Host *
              User root
              UserKnownHostsFile \(knownHosts)
              StrictHostKeyChecking yes
            Host * !badjump
              IdentityFile \(bastion.clientKey)

            """)
        _ = try cli.file(
            ".ssh/conf.d/deep.conf",
            """
            Host deep
              HostName \(target.address)
              ProxyJump bastion,bastion-again

            """)
    }

    func connect(_ words: String...) throws -> CLI.Result {
        try cli.run(["connect"] + words, executable: CLI.binary.path, stdin: "")
    }

    /// The bastion's own record of opening a channel to `address`:`port`.
    func bastionForwarded(to address: String, port: Int) -> Bool {
        bastion.log.contains("target \(address) port \(port)")
    }

    @Test func anAliasBehindAJumpHostIsReachedThroughIt() throws {
        let result = try connect("inner", "--", "echo", "on-$(hostname)-as-$(whoami)")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("-as-root"))
        #expect(bastionForwarded(to: target.address, port: target.port), "\(bastion.log.suffix(2000))")
        // ssh with the same config reaches it too.
        let ssh = try Shell.run("/usr/bin/ssh", ["-F", config, "-o", "BatchMode=yes", "inner", "whoami"])
        #expect(ssh.status == 0 && ssh.stdout.contains("root"), "\(ssh.stderr)")
    }

    @Test func aChainOfTwoJumpsFromAnInclude() throws {
        let result = try connect("deep", "--", "echo", "deep-ok")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("deep-ok"))
        // bastion → bastion-again (the same server, through itself) → the target.
        #expect(bastionForwarded(to: bastion.address, port: bastion.port))
        #expect(bastionForwarded(to: target.address, port: target.port))
    }

    /// An interactive session through two jumps, in a real terminal: once it is set up the
    /// session loop carries both tunnels (`TunnelRelay`), so keys, a flood of output and the
    /// end all cross them with no pump thread.
    @Test func anInteractiveSessionThroughTwoJumps() throws {
        let tmux = try Tmux(
            [CLI.binary.path, "connect", "deep", "--", "env PS1='deep$ ' bash --norc --noprofile"],
            environment: cli.environment)
        try tmux.wait { $0.contains("deep$") }
        try tmux.send("seq 1 30000; echo done-$((6*7))", "Enter")
        let screen = try tmux.wait { $0.contains("\ndone-42") }
        #expect(screen.contains("30000\ndone-42"), "\(screen)")
        try tmux.send("exit 3", "Enter")
        let end = try tmux.wait { $0.contains("EXIT=") }
        #expect(end.contains("EXIT=3"), "\(end)")
        #expect(bastionForwarded(to: bastion.address, port: bastion.port))
    }

    @Test func dashJOnAnAdHocTargetAndAProfileJumpKey() throws {
        let adHoc = try connect("-J", "bastion", "root@\(target.address):\(target.port)", "--", "echo", "adhoc-ok")
        #expect(adHoc.status == 0, "\(adHoc.stderr)")
        #expect(adHoc.stdout.contains("adhoc-ok"))
        try cli.ok("profile", "add", "behind", "--host", target.address)
        try cli.ok("profile", "set", "behind", "jump=bastion", "port=\(target.port)")
        let saved = try connect("behind", "--", "echo", "profile-ok")
        #expect(saved.status == 0, "\(saved.stderr)")
        #expect(saved.stdout.contains("profile-ok"))
    }

    @Test func aChangedHostKeyOnTheSecondHopIsRefused() throws {
        try Shell.keygen(cli.home.appendingPathComponent("other_host").path)
        let other = try String(contentsOfFile: cli.home.appendingPathComponent("other_host.pub").path, encoding: .utf8)
            .split(separator: " ").prefix(2).joined(separator: " ")
        let hosts =
            try String(contentsOfFile: bastion.knownHosts, encoding: .utf8)
            + "[\(target.address)]:\(target.port) \(other)\n"
        try hosts.write(toFile: knownHosts, atomically: true, encoding: .utf8)
        let result = try connect("inner", "--", "echo", "should-not-run")
        #expect(result.status == 255)
        #expect(!result.stdout.contains("should-not-run"))
        #expect(result.stderr.contains("WARNING: REMOTE HOST IDENTIFICATION HAS CHANGED!"))
        #expect(
            result.stderr.contains("Host key for [\(target.address)]:\(target.port) has changed"), "\(result.stderr)")
    }

    @Test func dashOWinsOverTheConfig() throws {
        // Free on 127.0.0.1 just now; on the target's own address only the target's port is taken.
        var unused = try FakeServer.unusedPort()
        while unused == target.port { unused = try FakeServer.unusedPort() }
        let result = try connect("-o", "Port=\(unused)", "inner", "--", "true")
        #expect(result.status == 255)
        #expect(
            result.stderr
                == "voicesh: jump host bastion: channel 0: open failed: connect failed (to \(target.address) port \(unused)); stdio forwarding failed\n"
        )
        // `-o Key Value` as one word too, and after the destination as ssh reads it.
        let user = try connect("inner", "-o", "User nobody-such", "-oPort=\(target.port)", "--", "true")
        #expect(user.status == 255)
        #expect(user.stderr.contains("nobody-such@\(target.address): Permission denied"), "\(user.stderr)")
        // A keyword voicesh would not act on is refused with one line, not dropped.
        let typo = try connect("-o", "Prot=22", "inner", "--", "true")
        #expect(typo.status == 1)
        #expect(
            typo.stderr.hasPrefix(
                "voicesh: -o Prot=22: voicesh does not use that option; it reads HostName, User, Port"))
    }

    @Test func aJumpHostThatRefusesTheKeyIsNamed() throws {
        let stranger = cli.home.appendingPathComponent("stranger").path
        try Shell.keygen(stranger)
        _ = try cli.file(
            ".ssh/conf.d/bad.conf",
            "Host badjump\n  HostName \(bastion.address)\n  Port \(bastion.port)\n  IdentityFile \(stranger)\n  IdentitiesOnly yes\n"
        )
        let result = try connect("-J", "badjump", "inner", "--", "true")
        #expect(result.status == 255)
        #expect(
            result.stderr
                == "voicesh: jump host badjump: root@\(bastion.address): Permission denied (publickey,password).\n")
    }

    @Test func aDirectAliasAndDashF() throws {
        let direct = try cli.file(
            "direct.conf",
            "Host web\n  HostName \(bastion.address)\n  Port \(bastion.port)\n  User root\n  IdentityFile \(bastion.clientKey)\n  UserKnownHostsFile \(knownHosts)\n"
        )
        let result = try connect("-F", direct, "web", "--", "echo", "web-ok")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("web-ok"))
        // -F alone: ~/.ssh/config is not read, so `inner` is just a name.
        let alone = try connect("-F", direct, "inner", "--", "true")
        #expect(alone.status == 255)
        #expect(alone.stderr.hasPrefix("voicesh: Could not resolve hostname inner"), "\(alone.stderr)")
    }

    @Test func profileShowSaysWhatCameFromSSHConfig() throws {
        try cli.ok("profile", "add", "target", "--host", target.address)
        let shown = try cli.ok("profile", "show", "target", "--effective").stdout
        let lines = shown.split(separator: "\n").map(String.init)
        let configPath = cli.home.appendingPathComponent(".ssh/config").path
        #expect(lines.contains("port = \(target.port)  # ssh_config (\(configPath) line 12)"), "\(shown)")
        #expect(lines.contains("user = \"root\"  # ssh_config (\(configPath) line 14)"), "\(shown)")
        #expect(lines.contains("host = \"\(target.address)\"  # profile"), "\(shown)")
        // The profile's own value wins over ssh_config's.
        try cli.ok("profile", "set", "target", "port=2222")
        let own = try cli.ok("profile", "show", "target", "--effective").stdout
        #expect(own.contains("port = 2222  # profile"), "\(own)")
    }

    @Test func agentForwardingSaysItIsNotAvailableAndTheSessionRuns() throws {
        let result = try connect("-A", "inner", "--", "echo", "still-runs")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("still-runs"))
        #expect(
            result.stderr
                == "voicesh: agent forwarding is not available (libssh2 1.10 cannot accept the server's agent channels); continuing without it\n"
        )
    }

    @Test func matchExecAndProxyCommandAreRefusedWithOneLine() throws {
        let exec = try cli.file("exec.conf", "Match exec \"touch /tmp/voicesh-ran\"\n  User x\n")
        let refused = try connect("-F", exec, "anything", "--", "true")
        #expect(refused.status == 1)
        #expect(refused.stderr.split(separator: "\n").count == 1)
        #expect(refused.stderr.contains("\(exec) line 1: Match exec would run a command"), "\(refused.stderr)")
        // ProxyCommand runs only from a file that no one else can change.
        let marker = cli.home.appendingPathComponent("proxy-ran").path
        let proxy = try cli.file("proxy.conf", "Host p\n  ProxyCommand touch \(marker)\n")
        chmod(proxy, 0o664)
        let command = try connect("-F", proxy, "p", "--", "true")
        #expect(command.status == 1)
        #expect(
            command.stderr
                == "voicesh: \(proxy) line 2: ProxyCommand not run: others than you can change \(proxy) (chmod go-w it, and own it)\n"
        )
        #expect(!FileManager.default.fileExists(atPath: marker))
    }

    /// Issue 33: a private file in a directory anyone may write is anyone's file (they can
    /// replace it). The refusal names the directory; ssh's own -F would run it.
    @Test func proxyCommandInAWorldWritableDirectoryIsRefusedNamingIt() throws {
        let marker = cli.home.appendingPathComponent("proxy-ran").path
        let open = cli.home.appendingPathComponent("open").path
        let config = try cli.file("open/c", "Host x\n  ProxyCommand touch \(marker)\n")
        chmod(config, 0o600)
        chmod(open, 0o777)
        let refused = try connect("-F", config, "x", "--", "true")
        #expect(refused.status == 1)
        #expect(
            refused.stderr
                == "voicesh: \(config) line 2: ProxyCommand not run: others than you can change \(open) (chmod go-w it, and own it)\n"
        )
        #expect(!FileManager.default.fileExists(atPath: marker))
        // A sticky directory (as /tmp is) is closed enough: others cannot replace the file there.
        chmod(open, 0o1777)
        let sticky = try connect("-F", config, "x", "--", "true")
        #expect(!sticky.stderr.contains("ProxyCommand not run"), "\(sticky.stderr)")
        #expect(FileManager.default.fileExists(atPath: marker))
    }

    @Test func proxyCommandFromTheUsersOwnConfigIsTheTransport() throws {
        // The classic form: ssh -W through the bastion, the connection on its stdin and stdout.
        let config = try cli.file(
            ".ssh/conf.d/proxy.conf",
            "Host viaproxy\n  HostName \(target.address)\n  ProxyCommand /usr/bin/ssh -F \(self.config) -o BatchMode=yes -W %h:%p bastion\n"
        )
        chmod(config, 0o644)
        let result = try connect("viaproxy", "--", "echo", "proxied-ok")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("proxied-ok"))
        #expect(bastionForwarded(to: target.address, port: target.port), "\(bastion.log.suffix(2000))")
    }
}
