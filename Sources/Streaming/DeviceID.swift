import Foundation

/// The stable per-install device id the generic protocol sends (specs A2 §2–3): a UUID kept
/// in `device-id` under the data directory, made on first use.
public enum DeviceID {
    public static func load(directory: String) -> String {
        let path = directory + "/device-id"
        if let text = try? String(contentsOfFile: path, encoding: .utf8),
            let id = UUID(uuidString: text.trimmingCharacters(in: .whitespacesAndNewlines))
        {
            return id.uuidString.lowercased()
        }
        let id = UUID().uuidString.lowercased()
        let files = FileManager.default
        try? files.createDirectory(
            atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        // Unwritable: this recording still streams, with an id that lasts only for it.
        _ = files.createFile(atPath: path, contents: Data((id + "\n").utf8), attributes: [.posixPermissions: 0o600])
        return id
    }
}
