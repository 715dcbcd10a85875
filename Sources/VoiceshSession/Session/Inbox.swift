import Foundation

/// Events from other threads (engine results, partial words, audio failures) handed to the
/// session loop: queued under a lock, with a byte on a pipe so the loop's poll wakes up.
package final class Inbox<Event: Sendable>: @unchecked Sendable {
    package let readFD: Int32
    private let writeFD: Int32
    private let lock = NSLock()
    private var queued: [Event] = []

    package init() {
        (readFD, writeFD) = WakePipe.make()
    }

    deinit {
        close(readFD)
        close(writeFD)
    }

    package func post(_ event: Event) {
        lock.withLock { queued.append(event) }
        var byte: UInt8 = 1
        _ = write(writeFD, &byte, 1)  // a full pipe already means "wake up"
    }

    /// Everything posted so far, oldest first.
    package func drain() -> [Event] {
        var buffer = [UInt8](repeating: 0, count: 256)
        while read(readFD, &buffer, buffer.count) > 0 {}
        return lock.withLock {
            defer { queued = [] }
            return queued
        }
    }
}
