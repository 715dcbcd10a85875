/// Why `voicesh context` gathered nothing. `Failure` words it.
package enum ContextProblem: Error, Equatable {
    /// The gathering script is in none of the places looked in.
    case noScript(searched: [String])
    /// The remote at `host` did not run the script.
    case notRun(host: String)
}
