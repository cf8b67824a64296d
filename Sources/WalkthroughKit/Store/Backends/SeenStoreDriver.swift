/// How any store is opened, whatever its backend: what the command line and the gate ask for.
package struct StoreOpenOptions: Sendable, Hashable {
    /// Whether a store that is not there yet is created (a file and its folder, or a server's
    /// tables). Without it, a missing store gives ``SeenStoreError/databaseMissing(path:)``.
    package var createIfMissing = true
    /// Whether the store only reads: it creates, migrates and writes nothing.
    package var readOnly = false
    /// How long a local file's lock is waited for (`WALKTHROUGH_BUSY_TIMEOUT`).
    package var busyTimeout = SQLiteSeenStore.Options.defaultBusyTimeout
    /// How hard a local file's commits push to the disk.
    package var synchronous = SQLiteSeenStore.Synchronous.extra
    /// Whether the command is one of the fleet's administrative views (`sync`, `db`,
    /// `import`, `export`, `events`, `stats`, `status`, `reset --all-users`): through a
    /// replica, they push its outbox first and then use the server, waiting as libpq says
    /// rather than within the network budget.
    package var administrative = false
    /// Whether the store answers from what this machine already holds: it creates nothing
    /// (no file, no replica, no server's tables) and waits on no network. A launch that can
    /// show nothing (not a terminal) asks this way.
    package var localOnly = false

    /// The defaults: create when missing, read and write, a 60 s busy timeout, `EXTRA`.
    package init() {}

    /// The defaults, with the busy timeout `WALKTHROUGH_BUSY_TIMEOUT` sets: how every
    /// command and the gate open a store.
    ///
    /// - Throws: ``SeenStoreError/invalidBusyTimeout(_:)``.
    package init(environment: [String: String]) throws(SeenStoreError) {
        if let timeout = try SQLiteSeenStore.Options.busyTimeout(environment: environment) {
            busyTimeout = timeout
        }
    }

    /// The options an ``SQLiteSeenStore/Options`` value says.
    package init(_ options: SQLiteSeenStore.Options) {
        createIfMissing = options.createIfMissing
        readOnly = options.readOnly
        busyTimeout = options.busyTimeout
        synchronous = options.synchronous
    }

    /// The same, as an SQLite store's options.
    package var sqlite: SQLiteSeenStore.Options {
        SQLiteSeenStore.Options(
            busyTimeout: busyTimeout, synchronous: synchronous, createIfMissing: createIfMissing,
            readOnly: readOnly)
    }
}

/// One kind of store that `--db` and `WALKTHROUGH_DB` can name: a backend is a type that
/// conforms and one line of ``SeenStoreDrivers/registered``.
package protocol SeenStoreDriver: Sendable {
    /// The backend's name, as `db info` prints it.
    static var backend: SeenStoreBackend { get }
    /// Whether `location` names a store of this backend (a URL scheme, say).
    static func claims(_ location: String) -> Bool
    /// `location` as it may be shown: without a password.
    static func displayed(_ location: String) -> String
    /// Opens the store at `location`.
    ///
    /// - Throws: ``SeenStoreError`` naming the location; ``SeenStoreError/databaseMissing(path:)``
    ///   when nothing is there yet and the options do not create it.
    static func open(
        _ location: String, options: StoreOpenOptions, environment: [String: String]
    ) throws(SeenStoreError) -> any AdministeredSeenStore
}

/// The backends, in the order they are asked to claim a location: the first that claims it
/// opens it, and the last, the SQLite file, claims everything.
///
/// `WalkthroughKit` knows the SQLite file alone; the PostgreSQL store and its replica are the
/// `WalkthroughFleet` product's, which adds its driver here when a host enables it
/// (`Fleet.enable()`). Until then a `postgresql://` or `postgres://` URL opens nothing and says
/// which product it needs.
package enum SeenStoreDrivers {
    /// The drivers products have added, asked before the SQLite file.
    private static let added = Locked<[any SeenStoreDriver.Type]>([])

    /// Every backend this process can open, in the order they are asked.
    package static var registered: [any SeenStoreDriver.Type] {
        added.withLock { $0 } + [SQLiteSeenStore.Driver.self]
    }

    /// Adds `driver` (once, however often it is called), asked before the SQLite file.
    package static func register(_ driver: any SeenStoreDriver.Type) {
        added.withLock { drivers in
            guard !drivers.contains(where: { $0 == driver }) else { return }
            drivers.append(driver)
        }
    }

    /// The backend that opens `location`.
    package static func driver(for location: String) -> any SeenStoreDriver.Type {
        let drivers = added.withLock { $0 }
        if let driver = drivers.first(where: { $0.claims(location) }) { return driver }
        if FleetURL.isURL(location) { return FleetURL.Missing.self }
        return SQLiteSeenStore.Driver.self
    }
}

// MARK: - The SQLite file

extension SQLiteSeenStore {
    /// The SQLite file: any location no other backend claims.
    package enum Driver: SeenStoreDriver {
        package static let backend = SeenStoreBackend.sqlite
        package static func claims(_ location: String) -> Bool { true }
        package static func displayed(_ location: String) -> String { location }
        package static func open(
            _ location: String, options: StoreOpenOptions, environment: [String: String]
        ) throws(SeenStoreError) -> any AdministeredSeenStore {
            try SQLiteSeenStore(path: location, options: options.sqlite)
        }
    }
}
