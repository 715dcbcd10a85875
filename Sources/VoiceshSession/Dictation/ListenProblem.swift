/// Why `voicesh listen` printed no text, and where its recording went. `Failure` words it.
package enum ListenProblem: Error, Equatable {
    /// The take failed; `error` is the row's own words (nil: nothing was heard).
    case notTranscribed(error: String?, Kept)

    /// Where the recording of a take that printed nothing went.
    package enum Kept: Equatable, Sendable {
        /// In the history, as dictation `id`.
        case inHistory(id: Int64)
        /// The history took the row without its recording.
        case nothing
        /// In the temporary directory, at `path`, for `voicesh transcribe --profile`; `unwritten`
        /// says why the history did not take it (nil: it was not asked).
        case inFile(path: String, profile: String, unwritten: HistoryWriter.Unwritable?)
        /// Nowhere: neither the history nor the temporary directory took it.
        case lost(unwritten: HistoryWriter.Unwritable?)
    }
}
