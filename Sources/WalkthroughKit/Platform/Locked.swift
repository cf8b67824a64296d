@preconcurrency import Glibc

/// A value only one thread at a time reaches, behind a `pthread_mutex_t`: the stores' state
/// shared between threads.
///
/// The library's own, rather than Synchronization's `Locked`, so that a tool linking the library
/// does not load `libswiftSynchronization` at every launch for it.
package final class Locked<Value>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    /// A lock around `value`.
    package init(_ value: sending Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with the value, holding the lock; what `body` returns or throws, this does.
    package func withLock<Result, Failure: Error>(
        _ body: (inout sending Value) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }

    /// Runs `body` with the value if no other thread holds the lock; `nil`, at once, if one
    /// does.
    package func withLockIfAvailable<Result>(
        _ body: (inout sending Value) -> sending Result
    ) -> sending Result? {
        guard pthread_mutex_trylock(mutex) == 0 else { return nil }
        defer { pthread_mutex_unlock(mutex) }
        return body(&value)
    }
}
