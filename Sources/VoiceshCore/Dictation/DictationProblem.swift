/// What stops dictation or a take, as a value until it is shown: the session's inputs carry
/// the adapters' typed errors, and `DictationWording` (the session library's `Failure`, the
/// one place words are made) turns each into the line the user reads and the history keeps.
public enum DictationProblem: Equatable, Sendable {
    /// No engine could be built: dictation is off for the session.
    case dictationOff(EngineError)
    /// The engine failed on a take.
    case engineFailed(EngineError)
    /// The engine failed while refining a take's first text, which stands.
    case notRefined(EngineError)
    /// The microphone would not start for a take; the session goes on.
    case noMicrophone(AudioError)
    /// The microphone broke off during a take; the session goes on.
    case audioFailed(AudioError)
    /// The history cannot be opened or written at all: no rows are kept this session.
    case historyOff(StoreError)
    /// One row could not be written; its recording, if it kept one, is in the file `keptAt`.
    case rowNotWritten(StoreError, keptAt: String? = nil)
    /// The intent model wrote no command for a take.
    case intentFailed(IntentError)
}
