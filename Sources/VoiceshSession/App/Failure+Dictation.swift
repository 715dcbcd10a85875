import VoiceshCore

/// The words for what stops dictation or a take in a session (and `listen`), handed to the
/// session as its `DictationWording`.
extension Failure {
    package static func describe(_ problem: DictationProblem) -> String {
        switch problem {
        case .dictationOff(let error): "dictation is off: \(describe(error))"
        case .engineFailed(let error): describe(error)
        case .notRefined(let error): "not refined: \(describe(error))"
        case .noMicrophone(let error), .audioFailed(let error): "\(describe(error)); the session goes on"
        case .historyOff(let error): "no history is kept this session: \(describe(error))"
        case .rowNotWritten(let error, nil): describe(HistoryWriter.Unwritable(error))
        case .rowNotWritten(let error, let kept?):
            "\(describe(HistoryWriter.Unwritable(error))); the recording is kept in \(kept) (voicesh transcribe \(kept))"
        case .intentFailed(let error): describe(error)
        }
    }

    /// A few words for the one status line: the engine's brief reason, else the whole sentence.
    package static func brief(_ problem: DictationProblem) -> String {
        if case .engineFailed(let error) = problem { return brief(error) }
        return describe(problem)
    }

    /// `Failure`'s words as a session's `DictationWording`.
    package struct Wording: DictationWording {
        package init() {}

        package func full(_ problem: DictationProblem) -> String { Failure.describe(problem) }
        package func brief(_ problem: DictationProblem) -> String { Failure.brief(problem) }
    }
}
