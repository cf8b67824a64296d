package import WalkthroughKit

/// The store's connections the requests share: each call takes the next one, so that
/// requests on the daemon's threads read in parallel (each connection serves one call at a
/// time, behind its own lock). The steps' commits have a connection of their own
/// (``GroupCommit``).
package final class StorePool: Sendable {
    private let stores: [any EventRecordingStore]
    private let turn = Locked(0)

    /// A pool of `stores`, opened on the same database.
    ///
    /// - Precondition: `stores` is not empty.
    package init(_ stores: [any EventRecordingStore]) {
        precondition(!stores.isEmpty, "a pool needs a store")
        self.stores = stores
    }

    /// How many connections it holds.
    package var count: Int { stores.count }

    /// The next connection, in turn.
    package func next() -> any EventRecordingStore {
        stores[
            turn.withLock { turn in
                defer { turn = (turn + 1) % stores.count }
                return turn
            }]
    }
}
