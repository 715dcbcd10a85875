/// What the remote shell knows, as the gathering script reported it: the names a dictation
/// there is likely to say. Untrusted text from the server; held in memory only, never stored.
public struct RemoteContext: Equatable, Sendable, Codable {
    /// The interactive shell's current directory, and how it was found.
    public var directory: String?
    public var directorySource: DirectorySource?
    /// Executables on the remote PATH (names only).
    public var commands: [String] = []
    /// Recent commands from the shell history, oldest first.
    public var history: [String] = []
    /// The entries of the current directory; a directory's name ends in `/`.
    public var entries: [String] = []
    /// One level down: the first entries of its folders, as `folder/name` ("the changelog in
    /// docs" is `docs/CHANGELOG.md`).
    public var inside: [String] = []
    /// In a git work tree: local and remote-tracking branches, remotes, changed files.
    public var branches: [String] = []
    public var remotes: [String] = []
    public var changed: [String] = []
    /// Whether the directory is in a git work tree; nil: not known (no git, not gathered).
    public var isRepository: Bool?
    /// What common tools there take (`ToolOptions.asked`), by name.
    public var options: [String: ToolOptions] = [:]
    /// Whether a list was cut at the script's caps (a huge directory, a long PATH).
    public var truncated: Bool = false

    /// How the current directory was found (see DESIGN.md, "Context from the remote shell").
    public enum DirectorySource: String, Equatable, Sendable, Codable {
        /// The shell said where it is (OSC 7), and the script listed that directory.
        case osc7
        /// The session shell's `/proc/PID/cwd` (Linux).
        case proc
        /// The exec channel's own directory: the login directory.
        case home
    }

    public init() {}

    /// Caps on what one gathering keeps, whatever the script sent.
    public enum Limit {
        public static let commands = 4000
        public static let history = 1000
        public static let entries = 500
        public static let inside = 300
        public static let gitNames = 200
        /// The longest name kept; longer ones are not things people say.
        public static let name = 255
        /// What the session reads from the script at most.
        public static let bytes = 512 * 1024
    }
}
