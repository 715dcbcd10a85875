import Foundation

/// The thread a source delivers a recording on: one per recording, asked to stop by a flag
/// it reads under a lock, and waited for, so no event comes once `stop` has returned.
final class SourceThread: @unchecked Sendable {
    private let lock = NSLock()
    private var stopping = false
    private var running: DispatchGroup?

    /// Whether the running body should return.
    var isStopping: Bool { lock.withLock { stopping } }

    /// Stops any earlier run, then runs `body` on a new thread named `name`.
    func start(name: String, _ body: @escaping @Sendable () -> Void) {
        stop()
        let group = DispatchGroup()
        lock.withLock {
            stopping = false
            running = group
        }
        group.enter()
        let thread = Thread {
            defer { group.leave() }
            body()
        }
        thread.name = name
        thread.start()
    }

    func stop() {
        let group = lock.withLock {
            stopping = true
            defer { running = nil }
            return running
        }
        group?.wait()
    }
}
