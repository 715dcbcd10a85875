import Foundation

/// A recording the history could not take, kept in the temporary directory (usually on
/// another disk) so it can still be transcribed again: never lost with its row.
enum KeptRecording {
    /// The file it went to (mode 0600), or nil when it could not be written either.
    static func write(_ wav: Data, environment: [String: String]) -> String? {
        let directory = environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        let path =
            "\(directory)/voicesh-\(Int(Date().timeIntervalSince1970))-\(getpid())-\(UUID().uuidString.prefix(8)).wav"
        let made = FileManager.default.createFile(atPath: path, contents: wav, attributes: [.posixPermissions: 0o600])
        return made ? path : nil
    }
}
