import AudioCapture
import VoiceshCore

/// Why a history command did nothing with a dictation or its recording. `Failure` words it.
package enum HistoryProblem: Error, Equatable {
    /// The dictation exists, its recording was not kept (its profile keeps text only).
    case noRecording(id: Int64)
    /// `history retry` of a dictation without a kept recording.
    case noRecordingToRetry(id: Int64)
    /// `history retry` failed; the recording is still kept.
    case retryFailed(EngineError)
    /// `history retry` of an intent take: the model wrote no command; the request is still kept.
    case intentRetryFailed(IntentError)
    /// `history export-audio` would overwrite a file without `--force`.
    case outputExists(String)
    /// `history clear` without `--yes` and without a terminal to confirm on.
    case notCleared
    /// `history play` could not play dictation `id`'s recording.
    case cannotPlay(id: Int64, AudioError)
}
