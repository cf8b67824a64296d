import CSQLite

// MARK: - db info and import

extension SQLiteSeenStore: AdministeredSeenStore {
    /// The statements of ``info()`` and ``merge(_:dryRun:)``, fixed SQL with bound values.
    private enum AdministrationSQL {
        static let counts = SeenSQL.counts(.sqlite)

        static let exists = "SELECT 1 FROM seen WHERE user = ?1 AND walkthrough = ?2"

        /// Writes one imported record when it wins by the import rule.
        static let merge = SeenSQL.merge(.sqlite)
    }

    /// The file, the schema version and how many records and users it holds.
    package func info() throws(SeenStoreError) -> SeenStoreInfo {
        let counts = try withConnection { connection throws(SQLiteError) -> [Int] in
            try connection.withStatement(AdministrationSQL.counts) {
                statement throws(SQLiteError) in
                _ = try statement.step()
                return [statement.int(at: 0), statement.int(at: 1)]
            }
        }
        return SeenStoreInfo(
            backend: "sqlite", location: path, schemaVersion: storedSchemaVersion,
            records: counts[0], users: counts[1],
            serverVersion: String(cString: sqlite3_libversion()))
    }

    /// The store never binds records to one user: every user of the file may change them all.
    package var enforcedUser: String? { nil }

    /// Itself: the file keeps experiments.
    package var experiments: (any ExperimentStore)? { self }

    /// Itself: the file keeps donations.
    package var donations: (any DonationStore)? { self }

    /// Itself: a write may wait less for another process's lock.
    package var lockWaitLimited: (any LockWaitLimitedStore)? { self }

    /// `nil`: the answer is this machine's.
    package var answerSource: String? { nil }

    /// Merges `records` in by ``SeenRecord/replaces(_:)`` in one `BEGIN IMMEDIATE`
    /// transaction; with `dryRun` everything is undone (a savepoint rolled back) before it
    /// commits, so the counts say what would change and the file keeps its records.
    package func merge(
        _ records: [SeenRecord], dryRun: Bool
    ) throws(SeenStoreError) -> SeenMergeSummary {
        try withConnection { connection throws(SQLiteError) -> SeenMergeSummary in
            try connection.immediateTransaction { () throws(SQLiteError) -> SeenMergeSummary in
                if dryRun { try connection.run("SAVEPOINT walkthrough_dry_run") }
                var summary = SeenMergeSummary()
                for record in records {
                    let existed = try connection.withStatement(AdministrationSQL.exists) {
                        statement throws(SQLiteError) in
                        try statement.bind(record.user, at: 1)
                        try statement.bind(record.walkthrough, at: 2)
                        return try statement.step()
                    }
                    try connection.withStatement(AdministrationSQL.merge) {
                        statement throws(SQLiteError) in
                        try statement.bind(record)
                        try statement.run()
                    }
                    if connection.changes == 0 {
                        summary.kept += 1
                    } else if existed {
                        summary.updated += 1
                    } else {
                        summary.added += 1
                    }
                }
                if dryRun {
                    try connection.run("ROLLBACK TO walkthrough_dry_run")
                    try connection.run("RELEASE walkthrough_dry_run")
                }
                return summary
            }
        }
    }
}
