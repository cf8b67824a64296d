import Synchronization

/// A value one thread sets (a background player's result) and another reads.
package final class Shared<Value: Sendable>: Sendable {
    private let storage = Mutex<Value?>(nil)

    /// An empty box.
    package init() {}

    /// Sets (or replaces) the value.
    package func set(_ value: Value) {
        storage.withLock { $0 = value }
    }

    /// The value, once set.
    package var value: Value? { storage.withLock { $0 } }

    /// Waits (polling) up to `timeout` seconds for the value; `nil` if it never came.
    package func wait(timeout: Double = 20) -> Value? {
        _ = waitUntil(timeout: timeout) { value != nil }
        return value
    }
}

/// A flag set once, read from any thread.
package final class Flag: Sendable {
    private let value = Atomic<Bool>(false)

    /// A flag not set yet.
    package init() {}

    /// Whether the flag has been set.
    package var isSet: Bool { value.load(ordering: .acquiring) }

    /// Sets the flag.
    package func set() {
        value.store(true, ordering: .releasing)
    }

    /// Sets the flag; `true` only for the call that set it, so that work guarded by it (closing
    /// a descriptor) happens once.
    package func setOnce() -> Bool {
        value.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing)
            .exchanged
    }
}

/// Bytes appended by one thread and read by another.
package final class SharedBytes: Sendable {
    private let storage = Mutex<[UInt8]>([])

    /// No bytes yet.
    package init() {}

    /// Appends `bytes`.
    package func append(_ bytes: ArraySlice<UInt8>) {
        storage.withLock { $0 += bytes }
    }

    /// All the bytes appended so far.
    package var bytes: [UInt8] { storage.withLock { $0 } }
}
