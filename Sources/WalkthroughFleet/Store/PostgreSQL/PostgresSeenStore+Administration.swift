package import WalkthroughKit

// MARK: - db info, import, row security

extension PostgresSeenStore: AdministeredSeenStore {
    /// Itself: the server keeps experiments.
    package var experiments: (any ExperimentStore)? { self }

    /// Itself: the server keeps donations.
    package var donations: (any DonationStore)? { self }

    /// `nil`: a server's lock is its own.
    package var lockWaitLimited: (any LockWaitLimitedStore)? { nil }

    /// `server`: every answer is the server's.
    package var answerSource: String? { "server" }

    /// Where the store is (the URL without its password) and what it holds, as far as this
    /// role may see.
    package func info() throws(SeenStoreError) -> SeenStoreInfo {
        let counts = try withConnection {
            connection throws(PostgresFailure) -> (Int, Int, String?) in
            let result = try connection.execute(SQL.counts)
            return (
                Int(result.int64(0, 0) ?? 0), Int(result.int64(0, 1) ?? 0),
                connection.serverVersion
            )
        }
        return SeenStoreInfo(
            backend: "postgresql", location: location, schemaVersion: storedSchemaVersion,
            records: counts.0, users: counts.1, serverVersion: counts.2,
            rowSecurity: rowSecurity)
    }

    /// Merges `records` in by ``SeenRecord/replaces(_:)``, in one transaction; with `dryRun`
    /// rolled back at the end.
    ///
    /// Each record is one conditional upsert (``SQL/merge``), so two imports running at once
    /// still keep the winner of every record. Lost connections and serialization failures
    /// repeat the whole transaction, which the rollback has undone.
    package func merge(
        _ records: [SeenRecord], dryRun: Bool
    ) throws(SeenStoreError) -> SeenMergeSummary {
        try withConnection { connection throws(PostgresFailure) -> SeenMergeSummary in
            try connection.transaction(commit: !dryRun) { () throws(PostgresFailure) in
                var summary = SeenMergeSummary()
                for record in records {
                    let result = try connection.execute(
                        SQL.merge,
                        [
                            record.user, record.walkthrough, String(record.version),
                            record.outcome.rawValue, String(record.lastPage),
                            String(record.updatedAt.millisecondsSince1970),
                            record.snoozedUntil.map { String($0.millisecondsSince1970) },
                        ])
                    if result.rowCount == 0 {
                        summary.kept += 1
                    } else if result.text(0, 0) == "t" {
                        summary.added += 1
                    } else {
                        summary.updated += 1
                    }
                }
                return summary
            }
        }
    }

    /// Turns row security on for the records (idempotent): a role without `BYPASSRLS` that
    /// does not own the table then reads and changes only the rows whose user is its own
    /// name (`current_user`). Needs the table's owner (or a superuser).
    package func enableRowSecurity() throws(SeenStoreError) {
        try withConnection { connection throws(PostgresFailure) in
            try connection.transaction { () throws(PostgresFailure) in
                try connection.execute(PostgresSchema.lockSQL)
                for statement in PostgresSchema.rowSecurityStatements {
                    try connection.execute(statement)
                }
            }
        }
    }
}

// MARK: - db grant

extension PostgresSeenStore {
    /// The statements that give `role` what the current schema needs of an everyday role
    /// (`admin`: an administering one), as `walkthrough db grant` prints them.
    package static func grantStatements(role: String, admin: Bool) -> [String] {
        PostgresGrants.statements(role: role, admin: admin)
    }

    /// Runs ``grantStatements(role:admin:)`` in one transaction: all or nothing.
    package func grant(role: String, admin: Bool) throws(SeenStoreError) {
        try withConnection { connection throws(PostgresFailure) in
            try connection.transaction { () throws(PostgresFailure) in
                for statement in Self.grantStatements(role: role, admin: admin) {
                    try connection.execute(statement)
                }
            }
        }
    }
}

extension PostgresSeenStore: RowSecurityAdministration {}
