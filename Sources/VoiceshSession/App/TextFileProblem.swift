/// A text file a command reads (config.toml, a profile file) that cannot be read as text; the
/// path as the user gave it. `Failure` words it.
package enum TextFileProblem: Error, Equatable {
    case missing(path: String)
    /// Permission denied, or not a regular file.
    case unreadable(path: String)
    case notUTF8(path: String)
}
