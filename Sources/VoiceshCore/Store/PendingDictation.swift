/// A local history row the shared store has not taken yet (or not in its latest revision).
public struct PendingDictation: Equatable, Sendable {
    /// Has its `uid`: the shared store keeps one row per uid however often it is sent.
    public var dictation: Dictation
    /// Counts the row's local changes; the shared store keeps the highest it was sent.
    public var revision: Int

    public init(dictation: Dictation, revision: Int) {
        self.dictation = dictation
        self.revision = revision
    }
}
