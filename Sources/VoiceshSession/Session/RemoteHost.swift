import SSHClient
import VoiceshCore

/// A connected, authenticated remote, ready for channels: the link the session loop waits on,
/// the shell it carries, and the exec channels the context is gathered on. `SSHSession` is
/// the real one; a test hands in one of its own.
package protocol RemoteHost: SessionLink {
    /// The login shell (or `command`) on a PTY of `columns` × `rows`, with `environment` set.
    func openShell(
        term: String, columns: Int, rows: Int, environment: [(String, String)], command: String?
    ) throws(SSHError) -> any RemoteShell
    /// Runs the context script on exec channels beside the shell; nil when this remote cannot.
    func contextGatherer(script: String, knownOptions: [String: ToolOptions]) -> ContextGatherer?
    /// The jump hosts' tunnels, taken over by the session loop; nil when there are none.
    func tunnelRelay() -> TunnelRelay?
}

extension SSHSession: RemoteHost {
    package func openShell(
        term: String, columns: Int, rows: Int, environment: [(String, String)], command: String?
    ) throws(SSHError) -> any RemoteShell {
        let channel = try SSHChannel(session: self)
        try channel.requestPTY(term: term, columns: columns, rows: rows)
        for (name, value) in environment { channel.setEnvironment(name, value) }
        try channel.start(command: command)
        return channel
    }

    package func contextGatherer(script: String, knownOptions: [String: ToolOptions]) -> ContextGatherer? {
        ContextGatherer(session: self, script: script, knownOptions: knownOptions)
    }

    package func tunnelRelay() -> TunnelRelay? {
        TunnelRelay(tunnels)
    }
}
