import SSHClient
import Testing
import VoiceshSession

/// `connect` in this process, against a remote of the test's own (`FakeRemote`): what the
/// command asks of the shell, and how the remote's end becomes its exit status and words.
/// A real sshd proves the same end to end in `CLITests`. Serialized: a session catches the
/// process's signals while it runs.
@Suite(.serialized)
struct ConnectCommandTests {
    @Test func theShellGetsTheTerminalTheLocaleAndTheCommand() async throws {
        let remote = FakeRemote(output: "hello from the remote\r\n")
        let result = try await CLI(connector: remote.connector()).run(
            ["connect", "alice@127.0.0.1", "--", "ls", "-la"], environment: ["TERM": "screen", "LANG": "C.UTF-8"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "hello from the remote\r\n")
        let shell = try #require(remote.shell)
        #expect(shell.term == "screen" && shell.command == "ls -la")
        #expect(shell.columns == 80 && shell.rows == 24)  // a pipe has no size: ssh's default
        #expect(shell.environment["LANG"] == "C.UTF-8")
        // Not a terminal: no "Connection to … closed.", as with `ssh host cmd | …`.
        #expect(result.stderr.isEmpty, "\(result.stderr)")
    }

    @Test func theRemoteStatusIsConnects() async throws {
        let remote = FakeRemote(output: "", status: 3)
        let result = try await CLI(connector: remote.connector()).run("connect", "127.0.0.1", "--", "false")
        #expect(result.status == 3, "\(result.stderr)")
    }

    @Test func aRemoteCommandKilledByASignalIs255AndSaysSo() async throws {
        let remote = FakeRemote(output: "", signal: "KILL")
        let result = try await CLI(connector: remote.connector()).run("connect", "127.0.0.1", "--", "sleep", "9")
        #expect(result.status == 255)
        #expect(result.stderr == "voicesh: the remote command was killed by SIGKILL\n")
    }

    /// Whatever the connector fails with is one line in ssh's words, and ssh's 255.
    @Test(arguments: [
        (
            SSHError.hostKeyChanged(host: "[127.0.0.1]:2222", file: "/h/.ssh/known_hosts", line: 3),
            "Host key for [127.0.0.1]:2222 has changed (/h/.ssh/known_hosts:3); refusing to connect. Host key verification failed."
        ),
        (
            SSHError.onJumpHost("bastion", .connect(host: "10.0.0.9", port: 22, reason: "No route to host")),
            "jump host bastion: connect to host 10.0.0.9 port 22: No route to host"
        ),
    ])
    func aConnectorFailureIsOneLineAnd255(error: SSHError, line: String) async throws {
        let result = try await CLI(connector: FakeRemote(output: "").connector(failing: error)).run(
            "connect", "127.0.0.1")
        #expect(result.status == 255)
        #expect(result.stderr == "voicesh: \(line)\n", "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }
}
