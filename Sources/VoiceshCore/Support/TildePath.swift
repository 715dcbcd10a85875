/// `~` and `~/…` as a shell expands them, against the home directory the caller knows.
public enum TildePath {
    /// `path` with a leading `~` replaced by `home`; unchanged when it has none, or with no home.
    public static func expanded(_ path: String, home: String?) -> String {
        guard path == "~" || path.hasPrefix("~/"), let home else { return path }
        return home + path.dropFirst()
    }
}
