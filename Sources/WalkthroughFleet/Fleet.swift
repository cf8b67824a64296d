import WalkthroughKit

/// The fleet's store, for a host that opts in: a `postgresql://` or `postgres://` URL in
/// `WALKTHROUGH_DB` (or given to the gate) then opens the PostgreSQL store through a local
/// replica, as the `walkthrough` command does.
///
/// Without ``enable()``, such a URL is never opened: the gate answers "not shown" with a
/// reason that names this product, and links no libpq.
///
/// ```swift
/// import WalkthroughFleet
///
/// Fleet.enable()
/// ```
public enum Fleet {
    /// Lets every store opened in this process from now on be a PostgreSQL URL. Calling it
    /// again does nothing more.
    public static func enable() {
        SeenStoreDrivers.register(PostgresSeenStore.Driver.self)
    }
}
