// MARK: - Merging records in (import)

extension SeenRecord {
    /// How strongly an outcome counts when two records of one version are merged:
    /// `completed` > `skipped` > `inProgress` = `snoozed` (the later of those two wins).
    package var mergeRank: Int {
        switch outcome {
        case .completed: return 3
        case .skipped: return 2
        case .inProgress, .snoozed: return 1
        }
    }

    /// Whether this record (imported) replaces `stored` under the import rule: the higher
    /// version wins; at one version `completed` beats `skipped`, which beats `inProgress`; then
    /// the later `updatedAt`. A record equal to the stored one by all three does not replace it.
    ///
    /// The SQL stores express the same rule with ``MergeRule/rank(of:)``.
    package func replaces(_ stored: SeenRecord) -> Bool {
        (version, mergeRank, updatedAt.millisecondsSince1970)
            > (stored.version, stored.mergeRank, stored.updatedAt.millisecondsSince1970)
    }
}

/// The import rule of ``SeenRecord/replaces(_:)`` as SQL, for the stores that apply it in the
/// database.
package enum MergeRule {
    /// The outcome's rank, from the text column `column`: 3, 2 or 1.
    package static func rank(of column: String) -> String {
        "CASE \(column) WHEN 'completed' THEN 3 WHEN 'skipped' THEN 2 ELSE 1 END"
    }

    /// The condition under which the row `new` replaces the row `old`, each with the columns
    /// `version`, `outcome` and `updated_at`.
    package static func replaces(new: String, old: String) -> String {
        "(\(new).version, \(rank(of: "\(new).outcome")), \(new).updated_at) > "
            + "(\(old).version, \(rank(of: "\(old).outcome")), \(old).updated_at)"
    }
}

/// What an import changed: records added, stored records replaced, and stored records kept
/// because they won over the imported one.
package struct SeenMergeSummary: Sendable, Hashable {
    /// Records that were not in the store.
    package var added = 0
    /// Stored records the imported one replaced.
    package var updated = 0
    /// Imported records that lost to the stored one (or equalled it).
    package var kept = 0

    /// No records yet.
    package init(added: Int = 0, updated: Int = 0, kept: Int = 0) {
        self.added = added
        self.updated = updated
        self.kept = kept
    }
}

/// What `walkthrough db info` shows about a store.
package struct SeenStoreInfo: Sendable, Hashable {
    /// `sqlite` or `postgresql`.
    package var backend: String
    /// The file's path, or the URL without its password.
    package var location: String
    /// The schema version the store is at.
    package var schemaVersion: Int
    /// How many records the store holds (that this role may see).
    package var records: Int
    /// How many users those records belong to.
    package var users: Int
    /// The SQLite library's version, or the PostgreSQL server's.
    package var serverVersion: String?
    /// Whether PostgreSQL row security is on for the records (`nil` for SQLite).
    package var rowSecurity: Bool?
    /// The local replica in front of the server, when there is one.
    package var replica: ReplicaInfo?

    /// A description of a store.
    package init(
        backend: String, location: String, schemaVersion: Int, records: Int, users: Int,
        serverVersion: String?, rowSecurity: Bool? = nil
    ) {
        self.backend = backend
        self.location = location
        self.schemaVersion = schemaVersion
        self.records = records
        self.users = users
        self.serverVersion = serverVersion
        self.rowSecurity = rowSecurity
    }
}

/// The administrative side of the stores the `walkthrough` command opens: `db info`, `import`,
/// and the user a row-security store acts for.
package protocol AdministeredSeenStore: EventRecordingStore {
    /// Where the store is and what it holds.
    func info() throws(SeenStoreError) -> SeenStoreInfo

    /// Merges `records` in by ``SeenRecord/replaces(_:)``, in one transaction: all of them or
    /// none. With `dryRun` the transaction is rolled back: the counts say what would change.
    func merge(_ records: [SeenRecord], dryRun: Bool) throws(SeenStoreError) -> SeenMergeSummary

    /// The user every record must belong to, when the store enforces that (PostgreSQL row
    /// security for a role without `BYPASSRLS`): the default for `--user`. `nil` otherwise.
    var enforcedUser: String? { get }

    /// The store as one that keeps experiments' exposures and goals, or `nil`.
    var experiments: (any ExperimentStore)? { get }

    /// The store as one that keeps donations (`when.events`), or `nil`.
    var donations: (any DonationStore)? { get }

    /// The store as one that can make a write with less patience for another process's lock
    /// (a file's), or `nil`.
    var lockWaitLimited: (any LockWaitLimitedStore)? { get }

    /// Where the last answer read came from, as `due --json` prints it (`source`): `server`
    /// or `replica` for the fleet's store, `nil` for a store on this machine.
    var answerSource: String? { get }
}

/// A store that can turn PostgreSQL row security on (`walkthrough db migrate --row-security`):
/// the fleet store, directly or through its replica.
package protocol RowSecurityAdministration {
    /// Turns row security on for the records (idempotent); see
    /// `PostgresSeenStore.enableRowSecurity()` (`WalkthroughFleet`).
    func enableRowSecurity() throws(SeenStoreError)

    /// Makes the events' monthly partitions of this month and the next two, where missing
    /// (`db migrate` runs it on every call, so that a monthly `db migrate` keeps ahead).
    func makeEventPartitionsAhead() throws(SeenStoreError)

    /// Runs `PostgresSeenStore.grantStatements(role:admin:)` (`WalkthroughFleet`) in one transaction (`db grant
    /// --apply`).
    func grant(role: String, admin: Bool) throws(SeenStoreError)
}

/// What `db info` adds for a store with a replica.
package struct ReplicaInfo: Sendable, Hashable {
    /// The replica's file.
    package var path: String
    /// Outbox entries not yet pushed.
    package var pending: Int
    /// Writes the server refused, kept until `sync --retry-refused`.
    package var refused: Int
    /// When the outbox was last pushed empty, if ever.
    package var lastPush: Timestamp?
    /// When records were last refreshed from the server, if ever.
    package var lastPull: Timestamp?

    /// What `db info` says of the replica at `path`.
    package init(
        path: String, pending: Int, refused: Int, lastPush: Timestamp?, lastPull: Timestamp?
    ) {
        self.path = path
        self.pending = pending
        self.refused = refused
        self.lastPush = lastPush
        self.lastPull = lastPull
    }
}
