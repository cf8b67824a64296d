/// Which kind of store a location names, and the one way to open it: a `postgresql://` or
/// `postgres://` URL is a `PostgresSeenStore` (`WalkthroughFleet`), anything else the path of a
/// ``SQLiteSeenStore``.
///
/// The `walkthrough` command and ``FirstRunGate`` both open their store through ``open(_:options:environment:)``,
/// so an embedding tool that reads `WALKTHROUGH_DB` gets the fleet store from a URL there with
/// no code change. A URL is opened through a local replica of the fleet store under the state
/// folder, so that no call waits on the network longer than `WALKTHROUGH_NETWORK_BUDGET`
/// milliseconds (300); `WALKTHROUGH_REPLICA=off` in `environment` asks the server directly
/// instead (docs/fleet.md):
///
/// ```swift
/// let store = try SeenStoreBackend.open(try SQLiteSeenStore.defaultPath())
/// ```
package struct SeenStoreBackend: RawRepresentable, Sendable, Hashable, CaseIterable {
    /// The backend's name: `sqlite`, `postgresql`.
    public let rawValue: String

    /// The backend of this name, if there is one.
    public init?(rawValue: String) {
        guard let known = Self.allCases.first(where: { $0.rawValue == rawValue }) else {
            return nil
        }
        self = known
    }

    private init(name: String) { rawValue = name }

    /// An SQLite database file.
    public static let sqlite = SeenStoreBackend(name: "sqlite")
    /// A PostgreSQL server, named by a libpq URI.
    public static let postgresql = SeenStoreBackend(name: "postgresql")

    /// Every backend a location may name.
    public static var allCases: [SeenStoreBackend] { [.sqlite, .postgresql] }

    /// The backend `location` names: ``postgresql`` for a `postgresql://` or `postgres://`
    /// URL, else ``sqlite``. (``SQLiteSeenStore`` refuses any other URL with a clear error.)
    public init(location: String) {
        self = SeenStoreDrivers.driver(for: location).backend
    }

    /// `location` as it may be shown: a path as it is, a URL without its password.
    public static func displayed(_ location: String) -> String {
        SeenStoreDrivers.driver(for: location).displayed(location)
    }

    /// Opens the store at `location`.
    ///
    /// - Parameters:
    ///   - location: A database path, or a PostgreSQL URL.
    ///   - options: How to open it; for PostgreSQL only `createIfMissing` and `readOnly` apply.
    ///   - environment: Where a PostgreSQL store's `PG*` variables come from, and the replica's
    ///     `WALKTHROUGH_REPLICA`, `WALKTHROUGH_NETWORK_BUDGET` and `WALKTHROUGH_SYNC_INTERVAL`.
    /// - Throws: ``SeenStoreError`` naming the file or `host:port/dbname`;
    ///   ``SeenStoreError/databaseMissing(path:)`` when nothing is there yet and the options do
    ///   not allow creating it.
    public static func open(
        _ location: String, options: SQLiteSeenStore.Options = SQLiteSeenStore.Options(),
        environment: [String: String] = ProcessEnvironment.current()
    ) throws(SeenStoreError) -> any SeenStore {
        try openAdministered(location, options: StoreOpenOptions(options), environment: environment)
    }

    /// The one opener: the command line and the gate open every store here, through the
    /// backend that claims the location (``SeenStoreDrivers``).
    package static func openAdministered(
        _ location: String, options: StoreOpenOptions = StoreOpenOptions(),
        environment: [String: String] = ProcessEnvironment.current()
    ) throws(SeenStoreError) -> any AdministeredSeenStore {
        try SeenStoreDrivers.driver(for: location).open(
            location, options: options, environment: environment)
    }
}
