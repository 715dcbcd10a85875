/// A profile whose engine runs a local command on every dictation, which this machine has not
/// allowed. `Failure` words it.
package enum LocalCommandProblem: Error, Equatable {
    /// A profile from the shared store, about to be used.
    case fromSharedStore(profile: String, command: String)
    /// A profile about to be imported without `--allow-command` (nothing was imported).
    case inImport(profile: String, command: String)
}
