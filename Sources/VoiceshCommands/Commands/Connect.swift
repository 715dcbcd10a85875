import ArgumentParser
import Foundation
import SSHClient
import Store
import VoiceshCore
import VoiceshSession

struct Connect: VoiceshCommand, ConnectRequest {
    static let configuration = CommandConfiguration(
        abstract: "Open an interactive SSH session to a profile or to [user@]host[:port].",
        usage: "voicesh connect [<options>] <target> [<command> ...]",
        discussion: """
            Like ssh: ~/.ssh/config then /etc/ssh/ssh_config (or -F FILE) give HostName, User, Port, IdentityFile, ProxyJump…, under a profile's own keys and the command line; host keys are checked against ~/.ssh/known_hosts; authentication tries ssh-agent, the identities, ~/.ssh/id_ed25519, id_ecdsa and id_rsa, then keyboard-interactive and password. `~.` after Enter disconnects, `~?` lists the escapes. The exit status is the remote command's, or 255 if the connection failed.
            """)

    @Argument(help: "A profile name, or [user@]host[:port].", completion: Completions.profileNames)
    var target: String

    /// Options after the target are moved before it by `openSSHOrder`, so this starts at the
    /// first word that is not an option (or at `--`).
    @Argument(parsing: .captureForPassthrough, help: "A command to run instead of the login shell.")
    var command: [String] = []

    @Option(name: .customShort("p"), help: "The port (overrides the profile's).")
    var port: Int?

    @Option(name: .customShort("l"), help: "The remote user (overrides the profile's).")
    var login: String?

    @Option(name: .customShort("i"), help: "A private key file (overrides the profile's).", completion: .file())
    var identity: String?

    @Option(help: "The known_hosts file to check and add to.", completion: .file())
    var knownHosts: String?

    @Option(help: "Unknown host keys: ask, accept-new (add without asking), or yes (never add).")
    var strictHostKeyChecking: StrictHostKeyChecking?

    @Option(help: "Seconds to wait for the connection and each set-up step (default: ConnectTimeout, else 15).")
    var connectTimeout: Double?

    @Option(
        name: .customShort("F"),
        help: "The ssh_config file to read instead of ~/.ssh/config and /etc/ssh/ssh_config (none: no file).",
        completion: .file())
    var configFile: String?

    @Option(
        name: .customShort("o", allowingJoined: true),
        help: ArgumentHelp(
            "An ssh_config option, Key=Value, before the files' (the first value wins).", valueName: "option"))
    var options: [String] = []

    @Option(
        name: .customShort("J"),
        help: ArgumentHelp("Jump hosts to connect through, in order.", valueName: "[user@]host[:port][,…]"))
    var jump: String?

    @Flag(name: .customShort("A"), help: "Forward the ssh-agent (see the README: libssh2 1.10 cannot).")
    var forwardAgent = false

    @Option(help: "Seconds between keepalive messages; 0 turns them off (default: the profile's).")
    var keepalive: Int?

    @OptionGroup(title: "Dictation")
    var audio: AudioOptions

    func run(_ context: AppContext) throws {
        let target = try ConnectTarget.resolve(self, context: context)
        let words = command.first == "--" ? Array(command.dropFirst()) : command
        let status = try SessionRunner(target: target, context: context, audio: audio).run(
            command: words.isEmpty ? nil : words.joined(separator: " "),
        )
        if status != 0 { throw ExitCode(status) }
    }

}
