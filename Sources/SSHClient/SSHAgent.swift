import CLibSSH2
import Foundation

/// An ssh-agent asked what it holds, without logging in anywhere.
public enum SSHAgent {
    /// How many keys the agent listening at `socket` offers, or why it does not answer.
    public static func keyCount(socket: String) -> Result<Int, Unanswered> {
        LibSSH2.initialized
        // The agent's calls borrow a session to allocate with and to keep their last error.
        guard let session = libssh2_session_init_ex(nil, nil, nil, nil) else {
            return .failure(Unanswered(reason: "out of memory"))
        }
        defer { libssh2_session_free(session) }
        guard let agent = libssh2_agent_init(session) else { return .failure(Unanswered(reason: "out of memory")) }
        defer { libssh2_agent_free(agent) }
        libssh2_agent_set_identity_path(agent, socket)
        guard libssh2_agent_connect(agent) == 0 else {
            return .failure(Unanswered(reason: lastError(session) ?? "cannot connect to it"))
        }
        defer { libssh2_agent_disconnect(agent) }
        guard libssh2_agent_list_identities(agent) == 0 else {
            return .failure(Unanswered(reason: lastError(session) ?? "it did not list its keys"))
        }
        var count = 0
        var identity: UnsafeMutablePointer<libssh2_agent_publickey>?
        while libssh2_agent_get_identity(agent, &identity, identity) == 0 { count += 1 }
        return .success(count)
    }

    /// Why the agent did not answer, in libssh2's words.
    public struct Unanswered: Error, Equatable, Sendable {
        public var reason: String
    }

    private static func lastError(_ session: OpaquePointer) -> String? {
        var message: UnsafeMutablePointer<CChar>?
        var length: Int32 = 0
        _ = libssh2_session_last_error(session, &message, &length, 0)
        guard let message, length > 0 else { return nil }
        return String(cString: message)
    }
}
