/// Why `voicesh edge-model` (run by a session, never by hand) built no model. `Failure` words it.
package enum EdgeModelProblem: Error, Equatable {
    /// Standard input is a terminal: someone ran it by hand.
    case onTerminal
    /// The session that started it has ended.
    case parentGone
    /// Standard input is not an `EdgeModelJob` in JSON.
    case badJob
    /// The job's cacheDirectory is not an absolute path.
    case relativeCacheDirectory(String)
}
