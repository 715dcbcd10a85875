import Foundation
import VoiceshCore

/// Which store keeps profiles and history: the local SQLite file, or a shared PostgreSQL
/// database named by a `postgresql://` URL. The one place the choice is made; the URL comes
/// from `VOICESH_STORE`, else config.toml's `store` key (`AppContext.storeURL`).
package enum StoreChoice: Equatable {
    case local
    case shared(StoreAddress)

    /// `url` nil or empty: the local file. The password file is read as libpq reads it: only
    /// when no one else may read it.
    package static func choose(url: String?, environment: [String: String], console: Console) throws(StoreError)
        -> StoreChoice
    {
        guard let url, !url.isEmpty else { return .local }
        return .shared(
            try StoreAddress(url: url, environment: environment) { readPasswordFile($0, console: console) })
    }

    private static func readPasswordFile(_ path: String, console: Console) -> String? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        guard info.st_mode & 0o077 == 0 else {
            console.error(
                "voicesh: warning: password file \(path) has group or world access; permissions should be u=rw (0600) or less"
            )
            return nil
        }
        return try? String(contentsOfFile: path, encoding: .utf8)
    }
}
