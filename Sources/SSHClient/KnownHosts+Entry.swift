import CLibSSH2
import Foundation

extension KnownHosts {
    /// A line of a known_hosts file that names a host.
    public struct Entry: Equatable, Sendable {
        public var file: String
        public var line: Int
    }

    /// The first line that names the host (any key type, plain or hashed names), in the user's
    /// file then the system-wide ones, found before connecting: nil when it is not known yet.
    /// Nothing is written.
    public func entry(host: String, port: Int) -> Entry? {
        LibSSH2.initialized
        // A collection needs a session to allocate with; this one never connects.
        guard let session = libssh2_session_init_ex(nil, nil, nil, nil) else { return nil }
        defer { libssh2_session_free(session) }
        let name = Self.name(host: host, port: port)
        // Checked against a key no host has, a line naming the host is a mismatch: libssh2
        // compares keys only once a name matches (and hashes the name for `|1|` lines).
        let nobody = HostKey(libssh2Type: -1, blob: [0], sha256: [])
        for file in [userFile] + globalFiles {
            guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { continue }
            if case .mismatch(let line) = Entries(raw: session, text: text).check(name: name, key: nobody, typed: false)
            {
                return Entry(file: file, line: line)
            }
        }
        return nil
    }
}
