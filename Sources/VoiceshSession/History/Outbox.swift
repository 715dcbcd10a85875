import Foundation
import SharedStore
import Store
import VoiceshCore

/// Sends the local history rows a shared store has not taken yet, oldest first. A row keeps
/// its uid through every retry and the shared store keeps one row per uid, so a row whose
/// answer was lost is sent again and still stored once.
package enum Outbox {
    /// Sends every pending row; returns how many the shared store took.
    @discardableResult
    package static func send(from local: AppDatabase, to shared: SharedDatabase) throws(StoreError) -> Int {
        var sent = 0
        while true {
            let rows = try local.pendingDictations(limit: 500)
            guard !rows.isEmpty else { return sent }
            try shared.takeDictations(rows)
            try local.markShared(rows)
            sent += rows.count
        }
    }

    /// Tries once, quietly: an unreachable shared store leaves the rows waiting for the next
    /// try (the next dictation, the session's end, any history command).
    package static func trySend(from local: AppDatabase, to address: StoreAddress) {
        do {
            let shared = try SharedDatabase.open(address)
            defer { shared.close() }
            try send(from: local, to: shared)
        } catch {
            Log.app.debug("history rows wait for the shared store: \(Failure.describe(error))")
        }
    }

    /// Sends in the background, one send at a time: the session loop never waits for the network.
    package static func sendInBackground(from local: AppDatabase, to address: StoreAddress) {
        guard running.claim() else { return }
        Thread.detachNewThread {
            trySend(from: local, to: address)
            running.release()
        }
    }

    private static let running = Flag()

    private final class Flag: @unchecked Sendable {
        private let lock = NSLock()
        private var set = false
        func claim() -> Bool {
            lock.withLock {
                set
                    ? false
                    : {
                        set = true; return true
                    }()
            }
        }
        func release() { lock.withLock { set = false } }
    }
}
