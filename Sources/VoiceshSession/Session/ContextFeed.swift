import Foundation
import VoiceshCore

/// The remote shell's context as the session loop last gathered it, for the engine tasks of
/// dictations (which run off the loop's thread). Memory only.
package final class ContextFeed: @unchecked Sendable {
    private let lock = NSLock()
    private var context = SpeechContext.empty
    /// The names as gathered, for the intent model's prompt.
    private var names: RemoteContext?
    private var refreshing = false
    /// A recording asked for a refresh the session loop has not started yet.
    private var refreshAsked = false

    package var current: SpeechContext { lock.withLock { context } }

    /// The remote's names as last gathered (nil: none yet), for an intent's prompt.
    package var remote: RemoteContext? { lock.withLock { names } }

    /// How long a dictation waits for the refresh its recording started. A refresh takes tens
    /// of milliseconds on an idle machine and link, several hundred on a busy one; the engine
    /// decodes faster than speech, so it catches up while the user is still speaking.
    package static let refreshWait = 1.0

    /// A recording began: the session loop starts a refresh on its next turn, and a dictation
    /// starting now waits briefly for it.
    package func refreshStarted() {
        lock.withLock {
            refreshing = true
            refreshAsked = true
        }
    }

    /// Whether a refresh was asked for since the last call (the session loop starts it).
    package func takeRefreshRequest() -> Bool {
        lock.withLock {
            defer { refreshAsked = false }
            return refreshAsked
        }
    }

    /// A gathering finished that was not the awaited refresh (the one at connect): its
    /// context is the best there is, but a dictation still waits for its refresh.
    package func update(_ fresh: SpeechContext, names: RemoteContext? = nil) {
        lock.withLock {
            context = fresh
            if let names { self.names = names }
        }
    }

    /// A refresh finished, with its context or without (nil: it failed or was dropped).
    package func refreshEnded(_ fresh: SpeechContext?, names: RemoteContext? = nil) {
        lock.withLock {
            if let fresh { context = fresh }
            if let names { self.names = names }
            refreshing = false
        }
    }

    /// The context for a dictation that starts now: the refresh under way, if it comes
    /// within `wait` seconds (its audio waits in its stream meanwhile, and the decoder
    /// catches up while the user is still speaking), else the last one gathered.
    package func forDictation(wait: Double) async -> SpeechContext {
        let end = DispatchTime.now().uptimeNanoseconds + UInt64(wait * 1e9)
        while lock.withLock({ refreshing }), DispatchTime.now().uptimeNanoseconds < end, !Task.isCancelled {
            try? await Task.sleep(for: .milliseconds(5))
        }
        return current
    }
}
