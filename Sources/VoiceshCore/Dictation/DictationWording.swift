/// The words for a `DictationProblem`, handed to `DictationSession` by whoever drives it, so
/// a problem is worded in one place (the session library's `Failure`) however it arrives.
public protocol DictationWording: Sendable {
    /// The whole sentence: the history's error and a notice with room for it.
    func full(_ problem: DictationProblem) -> String
    /// A few words for the one status line (a narrow terminal cuts a line's end).
    func brief(_ problem: DictationProblem) -> String
}
