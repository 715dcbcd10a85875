import SSHClient

/// The remote's shell as the session runs it: the loop's channel, and its exit status at
/// the end. `SSHChannel` is the real one; a test hands in one of its own.
package protocol RemoteShell: ShellChannel {
    /// The channel closed: the remote's exit status, or the signal that ended it.
    func close() throws(SSHError) -> (status: Int32, signal: String?)
}

extension SSHChannel: RemoteShell {}
