/// Which ``SeenStore`` a ``FirstRunGate`` asks, and how it is opened.
///
/// The gate opens an SQLite store itself so that it can open it the least intrusive way: a
/// check that will show nothing opens it without creating it (a missing database means "not
/// seen", and no file appears), and only a walkthrough about to be shown creates the database
/// and its folder.
///
/// ```swift
/// FirstRunGate(store: .defaultPath)                      // $WALKTHROUGH_DB, else ~/.local/state/…
/// FirstRunGate(store: .path("/var/lib/mytool/seen.sqlite3"))
/// FirstRunGate(store: .store(InMemorySeenStore()))       // any SeenStore, including your own
/// ```
public enum SeenStoreLocation: Sendable {
    /// The SQLite store at the default path, worked out from the gate's environment
    /// (`$WALKTHROUGH_DB`, else the `db` of the administrator's policy, else
    /// `$XDG_STATE_HOME/walkthrough/seen.sqlite3`, else
    /// `~/.local/state/walkthrough/seen.sqlite3`): the store the `walkthrough` command uses too.
    case defaultPath
    /// The SQLite store at this path, opened with these options. With `createIfMissing: false`
    /// the gate never creates the database, even to record a walkthrough it shows. A
    /// `postgresql://` or `postgres://` URL in place of the path opens a `PostgresSeenStore`
    /// (`WalkthroughFleet`); the same holds for `WALKTHROUGH_DB` with ``defaultPath``.
    case path(String, options: SQLiteSeenStore.Options = SQLiteSeenStore.Options())
    /// A store the caller opened: a ``SQLiteSeenStore``, an ``InMemorySeenStore``, or the tool's
    /// own conformance to ``SeenStore``.
    case store(any SeenStore)
}

// MARK: - Opening

extension SeenStoreLocation {
    /// How the gate opens its store.
    package enum OpenMode: Sendable, Hashable {
        /// Read-only, creating nothing: a missing database gives `nil`.
        case read
        /// As ``read``, from what this machine already holds: a fleet store answers from its
        /// replica without asking the server, and a missing replica gives `nil`.
        case localRead
        /// For writing, creating no file: a missing SQLite database gives `nil`; a PostgreSQL
        /// store's tables are created, so that one connection decides and records.
        case write
        /// For writing, creating the database and its folder when missing.
        case create
    }

    /// The SQLite file this location opens, or `nil` for a store given as a value, a server
    /// (`postgresql://…`, with or without a replica), or a default path that cannot be used.
    ///
    /// - Parameter policy: The administrator's policy, whose `db` ``defaultPath`` may name.
    package func sqliteFile(
        environment: some EnvironmentVariables, policy: AdministratorPolicy
    ) -> String? {
        let path: String
        switch self {
        case .store: return nil
        case .defaultPath:
            guard
                let found = try? SeenStoreBackend.defaultLocation(
                    environment: environment, policy: policy)
            else {
                return nil
            }
            path = found
        case .path(let given, _):
            path = given
        }
        // Every other backend is named by a URL (`postgresql://…`), and the SQLite store opens
        // no URL: a location without a scheme is a SQLite file.
        return SQLiteSeenStore.urlScheme(of: path) == nil ? path : nil
    }

    /// Opens the store.
    ///
    /// - Parameters:
    ///   - environment: Where ``defaultPath`` and `WALKTHROUGH_BUSY_TIMEOUT` are read from.
    ///   - mode: Whether the store only reads, and whether a missing database is created.
    ///   - policy: The administrator's policy, whose `db` ``defaultPath`` may name.
    /// - Returns: The store, or `nil` when nothing is there yet and `mode` does not create.
    /// - Throws: ``SeenStoreError`` when the database cannot be opened.
    package func open(
        environment: some EnvironmentVariables, mode: OpenMode, policy: AdministratorPolicy
    ) throws(SeenStoreError) -> (any SeenStore)? {
        // Opening reads several variables (the fleet's too): the dictionary, built once.
        let environment = environment.dictionary
        let path: String
        var options: StoreOpenOptions
        switch self {
        case .store(let store):
            return store
        case .defaultPath:
            path = try SeenStoreBackend.defaultLocation(environment: environment, policy: policy)
            options = try StoreOpenOptions(environment: environment)
        case .path(let given, let givenOptions):
            path = given
            options = StoreOpenOptions(givenOptions)
        }
        // Writing on a server may create its tables: the one connection then serves the
        // decision and the session. A file is created only to record something.
        let creates =
            mode == .create
            || (mode == .write && SeenStoreBackend(location: path) == .postgresql)
        options.createIfMissing = creates && options.createIfMissing
        // A check that only reads is opened read-only: it writes nothing (no journal switch,
        // no migration) and reads a store it may not write.
        if mode == .read || mode == .localRead { options.readOnly = true }
        options.localOnly = mode == .localRead
        do {
            // A postgresql:// URL (in WALKTHROUGH_DB or given) opens the fleet store.
            return try SeenStoreBackend.openAdministered(
                path, options: options, environment: environment)
        } catch .databaseMissing where mode != .create {
            return nil
        }
    }
}
