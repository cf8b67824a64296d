@preconcurrency import Glibc
package import WalkthroughKit

/// The store's connections the requests read from: a thread takes one on its first call and
/// keeps it, so that the daemon's threads, as many as the connections, read in parallel and
/// never wait for each other (each connection serves one call at a time, behind its own
/// lock, which more threads than connections would then share). The steps' commits have a
/// connection of their own (``GroupCommit``).
package final class StorePool: @unchecked Sendable {
    private let stores: [any EventRecordingStore]
    /// The connection a thread took (its index + 1, as the key's pointer value).
    private var key = pthread_key_t()
    /// The next connection a thread takes, in turn.
    private let turn = Locked(0)

    /// A pool of `stores`, opened on the same database.
    ///
    /// - Precondition: `stores` is not empty.
    package init(_ stores: [any EventRecordingStore]) {
        precondition(!stores.isEmpty, "a pool needs a store")
        self.stores = stores
        pthread_key_create(&key, nil)
    }

    deinit {
        pthread_key_delete(key)
    }

    /// How many connections it holds.
    package var count: Int { stores.count }

    /// The calling thread's connection.
    package func next() -> any EventRecordingStore {
        if let taken = pthread_getspecific(key) {
            return stores[Int(bitPattern: taken) - 1]
        }
        let index = turn.withLock { turn in
            defer { turn = (turn + 1) % stores.count }
            return turn
        }
        pthread_setspecific(key, UnsafeRawPointer(bitPattern: index + 1))
        return stores[index]
    }
}
