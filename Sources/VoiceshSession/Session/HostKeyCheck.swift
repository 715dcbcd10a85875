import Foundation
import SSHClient

/// OpenSSH's StrictHostKeyChecking: what to do with a host whose key is not yet known.
/// A changed key is refused under every setting.
package enum StrictHostKeyChecking: String, CaseIterable, Sendable {
    /// Show the fingerprint and ask (the default).
    case ask
    /// Add a new host's key without asking; still refuse a changed one.
    case acceptNew = "accept-new"
    /// Never add a key: only hosts already in known_hosts.
    case yes
}

/// Verifies the server's key against known_hosts before anything secret is sent.
package struct HostKeyCheck {
    package var knownHosts: KnownHosts
    package var policy: StrictHostKeyChecking
    package var prompter: TerminalPrompter

    package func verify(_ session: SSHSession) throws(SSHError) {
        let name = KnownHosts.name(host: session.host, port: session.port)
        guard let key = session.hostKey else { throw .hostKeyRefused(host: name) }
        switch knownHosts.check(key, host: session.host, port: session.port, session: session) {
        case .known:
            return
        case .changed(let file, let line):
            prompter.console.error(Self.changedWarning(key: key, name: name, file: file, line: line))
            throw .hostKeyChanged(host: name, file: file, line: line)
        case .revoked(let file, let line):
            throw .hostKeyRevoked(host: name, keyType: key.displayType, file: file, line: line)
        case .unknown(let otherTypes):
            try decide(key: key, name: name, otherTypes: otherTypes)
            try knownHosts.add(key, host: session.host, port: session.port)
            prompter.console.error(
                "Warning: Permanently added '\(name)' (\(key.displayType)) to the list of known hosts.")
        }
    }

    private func decide(key: HostKey, name: String, otherTypes: Bool) throws(SSHError) {
        switch policy {
        case .acceptNew: return
        case .yes:
            prompter.console.error(
                "No \(key.displayType) host key is known for \(name) and you have requested strict checking.")
            throw .hostKeyRefused(host: name)
        case .ask:
            var prompt = """
                The authenticity of host '\(name)' can't be established.
                \(key.displayType) key fingerprint is \(key.fingerprint).

                """
            if otherTypes { prompt += "The host is known by a key of another type; this one is new.\n" }
            prompt += "Are you sure you want to continue connecting (yes/no/[fingerprint])? "
            while true {
                guard let answer = prompter.question(prompt)?.trimmingCharacters(in: .whitespaces) else {
                    throw .hostKeyRefused(host: name)
                }
                switch answer.lowercased() {
                case "yes", key.fingerprint.lowercased(): return
                case "no": throw .hostKeyRefused(host: name)
                default: prompt = "Please type 'yes', 'no' or the fingerprint: "
                }
            }
        }
    }

    package static func changedWarning(key: HostKey, name: String, file: String, line: Int) -> String {
        """
        @@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@
        @    WARNING: REMOTE HOST IDENTIFICATION HAS CHANGED!     @
        @@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@
        IT IS POSSIBLE THAT SOMEONE IS DOING SOMETHING NASTY!
        Someone could be eavesdropping on you right now (man-in-the-middle attack)!
        It is also possible that a host key has just been changed.
        The fingerprint for the \(key.displayType) key sent by the remote host is
        \(key.fingerprint).
        Please contact your system administrator.
        Offending \(key.displayType) key in \(file):\(line)
          remove with:
          ssh-keygen -f "\(file)" -R "\(name)"
        """
    }
}
