import VoiceshCore

/// Why ssh_config cannot be used: reading it for `connect` and `profile show`, or importing
/// its Host aliases with `ssh -G`. `Failure` words them, in ssh's phrasing where ssh has one.
package enum SSHConfigProblem: Error, Equatable {
    /// `-F FILE` names a file that cannot be read (as typed).
    case noUserConfigFile(String)
    /// A line ssh would refuse, or one voicesh will not act on.
    case unusable(SSHConfigResolver.Problem)
    /// A ProxyCommand from `source` (file and line) not run: others than the user can change `open`.
    case proxyCommandTooOpen(source: String, open: String)
    /// The file to import has a `Match exec` line, which `ssh -G` would run.
    case matchExec(source: String, command: String)
    /// No Host alias of the file could become a profile.
    case noProfiles(source: String)
    /// `ssh -G` could not be started.
    case cannotRunSSH(reason: String)
    /// `env` found no `ssh` (status 127).
    case sshNotInstalled
    /// `ssh -G` refused the file for `alias`, with its first line of complaint (or its status).
    case sshRefused(alias: String, config: String, reason: String)
}
