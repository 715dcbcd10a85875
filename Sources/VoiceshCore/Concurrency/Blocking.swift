import Foundation

/// Runs async work from synchronous code and waits for it: the one bridge from a command, a
/// store call or a recording to async engines and drivers. The work runs on the concurrency
/// pool (or on `executor`), never on the waiting thread, so the wait cannot starve it.
public enum Blocking {
    public static func run<T: Sendable>(
        on executor: (any TaskExecutor)? = nil, _ body: @escaping @Sendable () async -> T
    ) -> T {
        start(on: executor, body).wait()
    }

    /// Starts the work now, to be waited for later (`listen` records meanwhile).
    public static func start<T: Sendable>(
        on executor: (any TaskExecutor)? = nil, _ body: @escaping @Sendable () async -> T
    ) -> Job<T> {
        let job = Job<T>()
        job.started(Task(executorPreference: executor) { job.finish(await body()) })
        return job
    }

    /// Work under way: its result, once it has one.
    public final class Job<T: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private let done = DispatchSemaphore(value: 0)
        private var result: T?
        private var task: Task<Void, Never>?

        fileprivate func started(_ task: Task<Void, Never>) { lock.withLock { self.task = task } }

        fileprivate func finish(_ value: T) {
            lock.withLock { result = value }
            done.signal()
        }

        /// Waits for the result (again and again: the first wait leaves it for the next).
        public func wait() -> T {
            done.wait()
            done.signal()
            return lock.withLock { result! }
        }

        /// Asks the work to stop; it still ends with a result.
        public func cancel() { lock.withLock { task }?.cancel() }
    }
}
