extension SeenStoreBackend {
    /// The store used when none is named (`--db`, a location given in code): `$WALKTHROUGH_DB`;
    /// else the administrator's policy's `db` (`/etc/walkthrough/policy.json`), which points
    /// every user of a machine at one store; else the default SQLite file
    /// (``SQLiteSeenStore/defaultPath(environment:)``).
    ///
    /// - Throws: What ``SQLiteSeenStore/defaultPath(environment:)`` throws.
    package static func defaultLocation(
        environment: some EnvironmentVariables, policy: AdministratorPolicy
    ) throws(SeenStoreError) -> String {
        if let path = environment["WALKTHROUGH_DB"], !path.isEmpty { return path }
        if let store = policy.db { return store.value }
        return try SQLiteSeenStore.defaultPath(environment: environment)
    }
}
