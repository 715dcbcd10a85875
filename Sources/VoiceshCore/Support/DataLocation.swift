/// Where voicesh keeps its state, from the environment alone (no file system access here).
///
/// `VOICESH_HOME=DIR` puts everything under DIR (tests and demos); otherwise the XDG base
/// directory spec: `$XDG_DATA_HOME/voicesh`, defaulting to `~/.local/share/voicesh`.
public struct DataLocation: Equatable, Sendable {
    public let directory: String

    public init(environment: [String: String]) {
        if let home = environment["VOICESH_HOME"], !home.isEmpty {
            directory = home
        } else if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            // The spec says a relative XDG path is invalid and should be ignored.
            directory = xdg + "/voicesh"
        } else {
            directory = (environment["HOME"] ?? "/") + "/.local/share/voicesh"
        }
    }

    public var database: String { directory + "/voicesh.sqlite" }
}
