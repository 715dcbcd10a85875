/// Why `config set` or `config unset` changed nothing in config.toml. `Failure` words it.
package enum ConfigFileProblem: Error, Equatable {
    /// `config unset` of a key the file does not set.
    case notSet(key: String, path: String)
    case cannotWrite(path: String, reason: String)
}
