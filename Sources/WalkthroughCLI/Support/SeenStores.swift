import WalkthroughKit

/// Opening the seen store, for commands that only read and for commands that write.
enum SeenStores {
    /// The store at `path`, or `nil` when the database does not exist yet: nothing has been
    /// recorded, and nothing is created (no file, no folder).
    ///
    /// With `readOnly` (`seen`, `status`, `list`, a dry-run `reset`) the file is opened
    /// read-only: nothing is written to it (no switch to WAL, no migration), and a database the
    /// user may read but not write still answers. `reset` itself passes `false`: it removes
    /// records, but has nothing to remove from a database that does not exist.
    ///
    /// - Throws: ``SeenStoreError`` for a file that exists and cannot be used.
    ///
    /// Every command that opens its store here but `list` and `reset` for one user is one of
    /// the fleet's administrative views (`administrative`): through a replica it pushes the
    /// outbox first and then reads the server, waiting as libpq says.
    static func openIfPresent(
        _ path: String, readOnly: Bool = true, administrative: Bool = true,
        environment: [String: String]
    ) throws(SeenStoreError) -> (any AdministeredSeenStore)? {
        var options = try options(environment: environment)
        options.createIfMissing = false
        options.readOnly = readOnly
        options.administrative = administrative
        do {
            // A postgresql:// URL opens the fleet store, with the same options.
            return try SeenStoreBackend.openAdministered(
                path, options: options, environment: environment)
        } catch .databaseMissing {
            return nil
        }
    }

    /// The store at `path` for a command that writes (`play`, `mark`), created with its folder
    /// (0700) when missing.
    ///
    /// - Throws: ``SeenStoreError`` naming the path.
    static func open(
        _ path: String, environment: [String: String]
    ) throws(SeenStoreError) -> any AdministeredSeenStore {
        var options = try options(environment: environment)
        options.administrative = true
        return try SeenStoreBackend.openAdministered(
            path, options: options, environment: environment)
    }

    /// The store's options: the defaults, with `WALKTHROUGH_BUSY_TIMEOUT` when it is set.
    private static func options(
        environment: [String: String]
    ) throws(SeenStoreError) -> StoreOpenOptions {
        try StoreOpenOptions(environment: environment)
    }
}
