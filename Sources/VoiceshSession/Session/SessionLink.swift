import SSHClient

/// What the session loop needs of the connection: the descriptor it waits on, and keepalives.
/// `SSHSession` is the real one; a test hands in one of its own.
package protocol SessionLink: AnyObject {
    var socket: Int32 { get }
    /// What to wait for on `socket` (libssh2 may want to write).
    var pollEvents: Int16 { get }
    func configureKeepalive(interval: Int)
    /// Sends a keepalive when one is due; returns the seconds until the next.
    func sendKeepalive() throws(SSHError) -> Int
}

extension SSHSession: SessionLink {}
