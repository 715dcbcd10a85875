import Foundation

/// A value shared between threads under a lock.
public final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    public init(_ value: Value) { stored = value }

    public var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }

    /// Reads and changes the value in one step.
    public func update<R>(_ body: (inout Value) -> R) -> R { lock.withLock { body(&stored) } }
}
