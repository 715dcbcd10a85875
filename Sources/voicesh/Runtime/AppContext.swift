import Foundation
import ProfileFormat
import Store
import VoiceshCore

/// What a command needs from the outside world, built once per run.
struct AppContext {
    var environment: [String: String]
    var location: DataLocation

    static func live() -> AppContext {
        let environment = ProcessInfo.processInfo.environment
        let location = DataLocation(environment: environment)
        Log.app.debug("state directory: \(location.directory)")
        return AppContext(environment: environment, location: location)
    }

    func openDatabase() throws(StoreError) -> AppDatabase {
        try AppDatabase.open(at: location.database)
    }

    /// config.toml as it is now; no file means no defaults.
    func config() throws -> Config {
        guard FileManager.default.fileExists(atPath: location.configFile) else { return Config() }
        return try ConfigTOML.config(fromText: try readText(location.configFile), source: location.configFile)
    }

    /// A profile as it is used: the keys it does not set come from config.toml's `[defaults]`.
    func effective(_ profile: Profile) throws -> Profile {
        try config().defaults.applied(to: profile)
    }

    /// The local user, the default remote user as with `ssh`.
    var localUser: String {
        environment["USER"] ?? environment["LOGNAME"] ?? NSUserName()
    }

    /// `~` and `~/…` expanded against HOME, as a shell would.
    func expandingTilde(_ path: String) -> String {
        guard path == "~" || path.hasPrefix("~/") else { return path }
        return (environment["HOME"] ?? NSHomeDirectory()) + path.dropFirst()
    }

    func readText(_ path: String) throws(Failure.Command) -> String {
        if path == "-" {
            return String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
        }
        let full = expandingTilde(path)
        let files = FileManager.default
        guard files.fileExists(atPath: full) else { throw .message("cannot read \(path): no such file") }
        guard files.isReadableFile(atPath: full), let data = files.contents(atPath: full) else {
            throw .message("cannot read \(path): permission denied or not a regular file")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw .message("cannot read \(path): not UTF-8 text")
        }
        return text
    }
}
