import VoiceshCore

/// The words for `connect`'s target and route, ssh_config and local commands.
extension Failure {
    package static func describe(_ problem: ConnectProblem) -> String {
        switch problem {
        case .notATarget(let target):
            "\"\(target.count > 64 ? String(target.prefix(64)) + "…" : target)\" is neither a profile nor [user@]host[:port]"
        case .badJumpSpec(let spec): "-J \(spec): expected [user@]host[:port][,…]"
        case .badOption(let word): "-o \(word): expected Key=Value, as in ssh_config (for example -o Port=2222)"
        case .unusedOption(let word):
            "-o \(word): voicesh does not use that option; it reads \(SSHConfigResolver.keywords.joined(separator: ", "))"
        case .jumpsTooDeep(let host, let limit):
            "ProxyJump through \(host) goes more than \(limit) hops deep; check ssh_config for a loop"
        case .badJumpHost(let name, let host):
            "jump host \(name): host \(Destination.hostProblem(host) ?? "is not valid")"
        }
    }

    package static func describe(_ problem: SSHConfigProblem) -> String {
        switch problem {
        case .noUserConfigFile(let file): "Can't open user config file \(file): No such file or directory"
        case .unusable(let problem): problem.description
        case .proxyCommandTooOpen(let source, let open):
            "\(source): ProxyCommand not run: others than you can change \(open) (chmod go-w it, and own it)"
        case .matchExec(let source, let command):
            "\(source): Match exec \(command) would run a command while voicesh reads the file; import the hosts from a copy without it"
        case .noProfiles(let source): "\(source): no Host alias could become a profile"
        case .cannotRunSSH(let reason): "cannot run ssh -G to read the config: \(reason); install openssh-client"
        case .sshNotInstalled: "ssh is not installed; install openssh-client"
        case .sshRefused(let alias, let config, let reason): "ssh -G \(alias) refused \(config): \(reason)"
        }
    }

    package static func describe(_ problem: KeyPairingProblem) -> String {
        switch problem {
        case .notAllowed(let profile, let pairing):
            "profile \"\(profile)\" would send the key in \(pairing.variable) to \(pairing.origin), which this machine has not allowed (nothing was sent); if you trust it: voicesh profile export \(profile) | voicesh profile import --replace --allow-key -"
        case .inImport(let profile, let pairing):
            "profile \"\(profile)\" sends the key in \(pairing.variable) to \(pairing.origin); import it with --allow-key if you trust it (nothing was imported)"
        }
    }

    package static func describe(_ problem: LocalCommandProblem) -> String {
        switch problem {
        case .fromSharedStore(let profile, let command):
            "profile \"\(profile)\" from the shared store runs the local command \"\(UntrustedText.clean(command))\" on every dictation; allow it on this machine with: voicesh profile export \(profile) | voicesh profile import --replace --allow-command -"
        case .inImport(let profile, let command):
            "profile \"\(profile)\" runs the local command \"\(UntrustedText.clean(command))\" on every dictation; import it with --allow-command if you trust it (nothing was imported)"
        }
    }
}
