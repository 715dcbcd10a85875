import Foundation
import Store
import VoiceshCore

/// The one writer of history rows, for a session's dictations, `listen` and `history retry`:
/// it decides, from the profile's `history` setting, whether a row is kept and whether its
/// recording goes with it. Anything that should happen to every saved dictation (keeping a
/// confirmed recording for voice learning, say) belongs in `save`.
package struct HistoryWriter {
    package var database: AppDatabase
    package var policy: HistoryPolicy
    /// The shared store the rows go on to, if any (`Outbox`); they are written here first.
    package var shared: StoreAddress? = nil

    package init(database: AppDatabase, policy: HistoryPolicy, shared: StoreAddress? = nil) {
        (self.database, self.policy, self.shared) = (database, policy, shared)
    }

    /// The history could not be written: the store's own error.
    package struct Unwritable: Error, Equatable {
        package let error: StoreError

        package init(_ error: StoreError) { self.error = error }

        /// Its one line, for a caller that says more after it (a session's status line, `listen`).
        package var message: String { Failure.describe(self) }
    }

    /// Appends `dictation` (or updates it, when it has an id) with its recording (nil: none,
    /// or empty): kept when
    /// `keepAudio` (the speech has no usable text yet) or when the profile keeps audio; let go
    /// otherwise. A profile without history keeps only failures and interruptions, whose
    /// audio is the user's unanswered speech. Returns the row's id, or nil when nothing is kept.
    @discardableResult
    package func save(_ dictation: Dictation, audio: @autoclosure () -> Data?, keepAudio: Bool) throws(Unwritable)
        -> Int64?
    {
        let unanswered = [.failed, .timedOut, .interrupted].contains(dictation.outcome)
        guard dictation.id != nil || policy != .off || unanswered else { return nil }
        let keep = keepAudio || policy == .textAndAudio
        do {
            defer { if let shared { Outbox.sendInBackground(from: database, to: shared) } }
            if let id = dictation.id {
                try database.updateDictation(dictation, dropAudio: !keep)
                return id
            }
            let wav = keep ? audio() : nil
            return try database.appendDictation(dictation, audio: wav)
        } catch {
            throw Unwritable(error)
        }
    }

    /// Sends what waits for the shared store before the program ends (once, within the
    /// connect budget); what it cannot send waits for the next run.
    package func finish() {
        if let shared { Outbox.trySend(from: database, to: shared) }
    }
}
