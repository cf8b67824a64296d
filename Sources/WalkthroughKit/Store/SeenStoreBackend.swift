import FoundationEssentials

/// Which kind of store a location names, and the one way to open it: a `postgresql://` or
/// `postgres://` URL is a ``PostgresSeenStore``, anything else the path of a
/// ``SQLiteSeenStore``.
///
/// The `walkthrough` command and ``FirstRunGate`` both open their store through ``open(_:options:environment:)``,
/// so an embedding tool that reads `WALKTHROUGH_DB` gets the fleet store from a URL there with
/// no code change:
///
/// ```swift
/// let store = try SeenStoreBackend.open(try SQLiteSeenStore.defaultPath())
/// ```
public enum SeenStoreBackend: String, Sendable, Hashable, CaseIterable {
    /// An SQLite database file.
    case sqlite
    /// A PostgreSQL server, named by a libpq URI.
    case postgresql

    /// The backend `location` names: ``postgresql`` for a `postgresql://` or `postgres://`
    /// URL, else ``sqlite``. (``SQLiteSeenStore`` refuses any other URL with a clear error.)
    public init(location: String) {
        self = PostgresSeenStore.isURL(location) ? .postgresql : .sqlite
    }

    /// `location` as it may be shown: a path as it is, a URL without its password.
    public static func displayed(_ location: String) -> String {
        PostgresSeenStore.isURL(location) ? PostgresConnectionInfo.redact(location) : location
    }

    /// Opens the store at `location`.
    ///
    /// - Parameters:
    ///   - location: A database path, or a PostgreSQL URL.
    ///   - options: How to open it; for PostgreSQL only `createIfMissing` and `readOnly` apply.
    ///   - environment: Where a PostgreSQL store's `PG*` variables come from.
    /// - Throws: ``SeenStoreError`` naming the file or `host:port/dbname`;
    ///   ``SeenStoreError/databaseMissing(path:)`` when nothing is there yet and the options do
    ///   not allow creating it.
    public static func open(
        _ location: String, options: SQLiteSeenStore.Options = SQLiteSeenStore.Options(),
        environment: [String: String] = ProcessEnvironment.current()
    ) throws(SeenStoreError) -> any SeenStore {
        try openAdministered(location, options: options, environment: environment)
    }

    /// ``open(_:options:environment:)`` for the command line, which also needs `db info`,
    /// `import` and the user a row-security store binds.
    package static func openAdministered(
        _ location: String, options: SQLiteSeenStore.Options = SQLiteSeenStore.Options(),
        environment: [String: String] = ProcessEnvironment.current()
    ) throws(SeenStoreError) -> any AdministeredSeenStore {
        switch SeenStoreBackend(location: location) {
        case .sqlite:
            return try SQLiteSeenStore(path: location, options: options)
        case .postgresql:
            return try PostgresSeenStore(
                url: location,
                options: PostgresSeenStore.Options(
                    createIfMissing: options.createIfMissing, readOnly: options.readOnly),
                environment: environment)
        }
    }
}
