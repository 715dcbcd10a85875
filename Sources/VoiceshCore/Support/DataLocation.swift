/// Where voicesh keeps its state, from the environment alone (no file system access here).
///
/// `VOICESH_HOME=DIR` puts everything under DIR (tests and demos); otherwise the XDG base
/// directory spec: `$XDG_DATA_HOME/voicesh`, defaulting to `~/.local/share/voicesh`, and the
/// config under `$XDG_CONFIG_HOME`.
public struct DataLocation: Equatable, Sendable {
    public let directory: String
    /// Rebuildable files (the edge engine's models): `$XDG_CACHE_HOME/voicesh`, `~/.cache/voicesh`.
    public let cacheDirectory: String
    /// config.toml (`voicesh config`): `VOICESH_CONFIG`; beside the data under `VOICESH_HOME`;
    /// else `$XDG_CONFIG_HOME/voicesh/config.toml`, defaulting to `~/.config/voicesh/config.toml`.
    public let configFile: String

    public init(environment: [String: String]) {
        let home = environment["HOME"] ?? "/"
        // The spec says a relative XDG path is invalid and should be ignored.
        func xdg(_ name: String, _ fallback: String) -> String {
            environment[name].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + fallback
        }
        if let root = environment["VOICESH_HOME"], !root.isEmpty {
            directory = root
            cacheDirectory = root + "/cache"
        } else {
            directory = xdg("XDG_DATA_HOME", "/.local/share") + "/voicesh"
            cacheDirectory = xdg("XDG_CACHE_HOME", "/.cache") + "/voicesh"
        }
        if let file = environment["VOICESH_CONFIG"], !file.isEmpty {
            configFile = file
        } else if let root = environment["VOICESH_HOME"], !root.isEmpty {
            configFile = root + "/config.toml"
        } else {
            configFile = xdg("XDG_CONFIG_HOME", "/.config") + "/voicesh/config.toml"
        }
    }

    public var database: String { directory + "/voicesh.sqlite" }

    /// The user's learnt voice (`voicesh adapt`): `model/`, the adapted acoustic model the edge
    /// engine uses, and `recordings/`, the recordings it learnt from beside the history's. Data,
    /// not cache: the recordings cannot be made again.
    public var voiceDirectory: String { directory + "/voice" }

}
