import Foundation
import VoiceshCore

/// What the common tools take on a host (`ToolOptions`, read from their `--help` by the
/// gathering script's `options` part), kept for a week in `$XDG_CACHE_HOME/voicesh/options/`,
/// a file a host, as ssh keeps a host's key: a session, or `voicesh intent` here, asks once
/// rather than at every start. A week, so a tool upgraded since is read again soon enough.
package struct ToolOptionsCache {
    package static let maxAge: TimeInterval = 7 * 24 * 3600
    /// The key for this machine's own tools (`voicesh intent` run here).
    package static let here = "local"

    /// A host's file: when they were read (seconds since 1970), and what.
    private struct Entry: Codable {
        var read: Double
        var options: [String: ToolOptions]
    }

    let directory: String

    package init(location: DataLocation) {
        directory = location.cacheDirectory + "/options"
    }

    /// The key for a remote's tools: `user@host:port`, as the session reached it.
    package static func key(user: String, host: String, port: Int) -> String {
        "\(user)@\(host):\(port)"
    }

    /// The options read for `host` less than `maxAge` ago; none when there are none, they are
    /// older, or the file cannot be read (it is read again then).
    package func load(host: String, now: Date = Date()) -> [String: ToolOptions] {
        guard let data = FileManager.default.contents(atPath: path(host)),
            let entry = try? JSONDecoder().decode(Entry.self, from: data),
            case let age = now.timeIntervalSince1970 - entry.read, age >= 0, age < Self.maxAge
        else { return [:] }
        return entry.options
    }

    /// Keeps `options` for `host`, readable by the user alone; a cache, so a failure to write
    /// costs only the next start's asking again.
    package func save(_ options: [String: ToolOptions], host: String, now: Date = Date()) {
        let entry = Entry(read: now.timeIntervalSince1970, options: options)
        guard !options.isEmpty, let data = try? JSONEncoder().encode(entry) else { return }
        let files = FileManager.default
        try? files.createDirectory(
            atPath: directory, withIntermediateDirectories: true,
            attributes: [
                .posixPermissions: 0o700
            ])
        let final = path(host)
        let temporary = final + ".\(getpid()).tmp"
        guard files.createFile(atPath: temporary, contents: data, attributes: [.posixPermissions: 0o600]) else {
            return
        }
        if rename(temporary, final) != 0 { try? files.removeItem(atPath: temporary) }
    }

    /// The host's file: its key with anything but a name's characters as `_`, so no key
    /// reaches outside the folder.
    private func path(_ host: String) -> String {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.@:-_")
        let name = String(host.map { allowed.contains($0) ? $0 : "_" })
        return directory + "/" + (name.hasPrefix(".") ? "_" + name : name) + ".json"
    }
}
