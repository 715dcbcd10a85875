import Foundation

/// Runs async work from a synchronous command and waits for it. The work runs on the
/// concurrency pool, never on the waiting thread, so the wait cannot starve it.
package enum Blocking {
    package static func run<T: Sendable>(_ body: @escaping @Sendable () async -> T) -> T {
        let result = Locked<T?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            result.value = await body()
            done.signal()
        }
        done.wait()
        return result.value!
    }
}
