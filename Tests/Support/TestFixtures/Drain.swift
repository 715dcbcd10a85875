import Foundation

/// A pipe read to its end on a thread of its own, so that it cannot fill and stall its writer.
package final class Drain: @unchecked Sendable {
    /// Written once by the reader before `done` is signalled, read only after.
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    package init(_ handle: FileHandle) {
        Thread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }.start()
    }

    /// Everything the pipe carried, once its writer has closed it.
    package func wait() -> Data {
        done.wait()
        return data
    }
}
