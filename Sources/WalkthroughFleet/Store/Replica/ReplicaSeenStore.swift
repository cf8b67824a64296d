package import WalkthroughKit

/// The fleet store through a local replica: an ``SQLiteSeenStore`` on this machine in front of
/// a ``PostgresSeenStore``, so that no launch waits on the network longer than a budget.
///
/// A `postgresql://` location opens one of these unless `WALKTHROUGH_REPLICA=off`: reads answer
/// from the replica when it holds the user's record, refreshed within
/// `WALKTHROUGH_SYNC_INTERVAL`; else the user's records are refreshed from the server first
/// (the outbox pushed before), and when the server cannot be asked within
/// `WALKTHROUGH_NETWORK_BUDGET` the replica answers from what it holds. Writes commit to the
/// replica with an outbox entry in the same transaction, then are pushed within the budget;
/// what is not pushed waits for the next command that reaches the server.
///
/// The administrative views (`sync`, `db`, `import`, `export`, `events`, `stats`, `status`,
/// `reset --all-users`) open it with ``StoreOpenOptions/administrative``: they push the outbox
/// first, then read and write the server, waiting as libpq says.
package final class ReplicaSeenStore: AdministeredSeenStore, LockWaitLimitedStore {
    /// Where a read's answer came from.
    package enum Source: String, Sendable {
        /// The replica, fresh enough.
        case replica
        /// The server, asked by this call.
        case server
        /// The replica, because the server could not be asked.
        case local
    }

    /// The replica's file.
    package let path: String
    /// The server's URL without its password.
    package let location: String
    /// The replica on this machine.
    let local: SQLiteSeenStore
    let url: String
    let settings: ReplicaSettings
    let environment: [String: String]
    let options: StoreOpenOptions
    let now: @Sendable () -> Timestamp

    /// The server, once asked: connected, or given up on for the rest of this store's life.
    enum Server {
        case untried
        case connected(PostgresSeenStore)
        case unreachable(SeenStoreError)
    }
    let server = Locked(Server.untried)
    /// Where the last read's answer came from.
    let lastSource = Locked<Source?>(nil)
    /// The failed contact the replica remembers, once read (`.some(nil)`: none).
    let contact = Locked<FailedContact??>(nil)

    /// Opens (creating when missing) the replica `settings` names for the server `url`; the
    /// server itself is asked only when a call needs it. With
    /// ``StoreOpenOptions/localOnly`` a replica that is not there is not created
    /// (``SeenStoreError/databaseMissing(path:)``) and one that is is only read.
    ///
    /// - Throws: ``SeenStoreError`` for a replica file that cannot be used, or one that
    ///   belongs to another server, database or role
    ///   (``SeenStoreError/cannotOpen(path:reason:)`` naming both).
    package init(
        url: String, settings: ReplicaSettings, options: StoreOpenOptions,
        environment: [String: String], now: @escaping @Sendable () -> Timestamp = { Timestamp.now }
    ) throws(SeenStoreError) {
        guard let path = settings.path else {
            preconditionFailure("direct mode opens the server itself")
        }
        var localOptions = options.sqlite
        localOptions.createIfMissing = !options.localOnly
        localOptions.readOnly = options.localOnly
        self.local = try SQLiteSeenStore(path: path, options: localOptions, now: now)
        self.path = path
        self.url = url
        self.location = FleetURL.displayed(url)
        self.settings = settings
        self.environment = environment
        self.options = options
        self.now = now
        if !options.localOnly { try createTables() }
        try checkServer(adopting: !options.localOnly)
    }

    /// Refuses a replica made for another server, database or role: none of its outbox may
    /// reach this server, and none of its records may answer for it. A replica that does not
    /// say yet (made before replicas recorded it) is taken as this server's.
    ///
    /// The replica keeps the server's identity (`ROLE@HOSTS:PORTS/DATABASE`, which libpq's
    /// parser works out) and the key of the URL and variables it was last checked with
    /// (``ReplicaName/key(url:environment:)``): a launch with the same key is the same server,
    /// and only a new spelling is parsed.
    private func checkServer(adopting: Bool) throws(SeenStoreError) {
        // A local-only open of a replica without the tables reads nothing of them.
        let key = ReplicaName.key(url: url, environment: environment)
        if let checked = try? readMeta("serverKey"), checked == key { return }
        let identity = try ReplicaName.identity(url: url, environment: environment)
        if let recorded = try? readMeta("server"), recorded != identity {
            throw .cannotOpen(
                path: path,
                reason: "it is the replica of \(recorded), not of \(identity); nothing of one "
                    + "server's is sent to or answers for another: give each its own replica "
                    + "file (WALKTHROUGH_REPLICA), or leave WALKTHROUGH_REPLICA unset for one "
                    + "per server, database and role")
        }
        guard adopting else { return }
        try local.transaction { transaction throws(SeenStoreError) in
            try Self.writeMeta("server", identity, in: transaction)
            try Self.writeMeta("serverKey", key, in: transaction)
        }
    }

    /// The source of the last read (`due --json` says it).
    package var readSource: Source? { lastSource.withLock { $0 } }

    // MARK: - SeenStore

    /// The user's record, from the replica once it is fresh (see the type's summary).
    package func record(user: String, walkthrough: String) throws(SeenStoreError) -> SeenRecord? {
        if options.administrative {
            return try presentServer()?.record(user: user, walkthrough: walkthrough)
        }
        if options.localOnly {
            lastSource.withLock { $0 = .local }
            return try local.record(user: user, walkthrough: walkthrough)
        }
        try prepareRead(user: user, walkthrough: walkthrough)
        return try local.record(user: user, walkthrough: walkthrough)
    }

    /// Whether the user has seen `walkthrough` at `version` or later, read as ``record(user:walkthrough:)``.
    package func hasSeen(
        user: String, walkthrough: String, version: Int
    ) throws(SeenStoreError) -> Bool {
        try record(user: user, walkthrough: walkthrough)?.isSeen(atLeast: version) ?? false
    }

    package func markSeen(
        user: String, walkthrough: String, version: Int, outcome: Navigator.FinishOutcome
    ) throws(SeenStoreError) {
        try write(
            SessionStep(
                user: user, walkthrough: walkthrough, version: version,
                change: .seen(outcome), events: []))
    }

    package func saveProgress(
        user: String, walkthrough: String, version: Int, page: Int
    ) throws(SeenStoreError) {
        try write(
            SessionStep(
                user: user, walkthrough: walkthrough, version: version,
                change: .progress(page: page), events: []))
    }

    /// Resets on this machine with a tombstone in the outbox, then pushes it: the server drops
    /// what was stamped before it, and the other replicas at their next refresh.
    ///
    /// - Returns: The number of records removed here (the user's records refreshed first).
    @discardableResult
    package func reset(user: String, walkthrough: String?) throws(SeenStoreError) -> Int {
        try checkUser(user)
        try prepareRead(user: user, walkthrough: walkthrough ?? "")
        let stamp = now().millisecondsSince1970
        let removed = try local.transaction { transaction throws(SeenStoreError) in
            let removed = try transaction.reset(user: user, walkthrough: walkthrough)
            try Self.enqueue(
                OutboxEntry(resetOf: user, walkthrough: walkthrough, stamp: stamp),
                in: transaction)
            try Self.touch(
                user: user, walkthrough: walkthrough ?? "", at: stamp, in: transaction)
            return removed
        }
        pushWithinBudget()
        return removed
    }

    /// An administrative view: pushes, then resets on the server and here.
    @discardableResult
    package func resetAllUsers(walkthrough: String) throws(SeenStoreError) -> Int {
        let removed = try presentServer()?.resetAllUsers(walkthrough: walkthrough) ?? 0
        _ = try local.resetAllUsers(walkthrough: walkthrough)
        return removed
    }

    package func records(user: String?) throws(SeenStoreError) -> [SeenRecord] {
        if options.administrative { return try presentServer()?.records(user: user) ?? [] }
        if let user, !options.localOnly { try prepareRead(user: user, walkthrough: "") }
        return try local.records(user: user)
    }

    package func forEachRecord(user: String?, _ body: (SeenRecord) throws -> Void) throws {
        if options.administrative {
            try presentServer()?.forEachRecord(user: user, body)
            return
        }
        for record in try records(user: user) { try body(record) }
    }

    // MARK: - EventRecordingStore

    /// Commits the step and its outbox entry in one transaction of the replica (durable here
    /// when it returns), then pushes within the budget.
    package func write(_ step: SessionStep) throws(SeenStoreError) {
        try write(step, waitingAtMost: local.options.busyTimeout)
    }

    /// ``write(_:)``, waiting at most `limit` for another process's lock on the replica's file
    /// (``LockWaitLimitedStore``); the push that follows keeps the network budget.
    package func write(_ step: SessionStep, waitingAtMost limit: Duration) throws(SeenStoreError) {
        precondition(step.version >= 1, "a walkthrough's version is 1 or more")
        try checkUser(step.user)
        let stamp = now().millisecondsSince1970
        try local.transaction(waitingAtMost: limit) { transaction throws(SeenStoreError) in
            let record = try transaction.apply(step, stamp: stamp)
            try Self.enqueue(
                OutboxEntry(step: step, record: record, stamp: stamp), in: transaction)
            try Self.touch(
                user: step.user, walkthrough: step.walkthrough, at: stamp, in: transaction)
        }
        pushWithinBudget()
    }

    package func forEachEvent(
        matching filter: EventFilter, _ body: (WalkthroughEvent) throws -> Void
    ) throws {
        if options.administrative {
            try presentServer()?.forEachEvent(matching: filter, body)
            return
        }
        try local.forEachEvent(matching: filter, body)
    }

    package func pruneEvents(before date: Timestamp, dryRun: Bool) throws(SeenStoreError) -> Int {
        let removed = try presentServer()?.pruneEvents(before: date, dryRun: dryRun) ?? 0
        _ = try local.pruneEvents(before: date, dryRun: dryRun)
        return removed
    }

    /// The rules' history: this machine's events (the records are refreshed by the read of
    /// the record that comes with it).
    package func showSummary(
        user: String, walkthrough: String, version: Int
    ) throws(SeenStoreError) -> ShowSummary {
        if options.administrative, let server = try presentServer() {
            return try server.showSummary(user: user, walkthrough: walkthrough, version: version)
        }
        return try local.showSummary(user: user, walkthrough: walkthrough, version: version)
    }

    /// The budget's count, as the rules' history is read: this machine's events.
    package func automaticShows(user: String, since: Timestamp) throws(SeenStoreError) -> Int {
        if options.administrative, let server = try presentServer() {
            return try server.automaticShows(user: user, since: since)
        }
        return try local.automaticShows(user: user, since: since)
    }

    package func funnelStats(
        walkthrough: String, version: Int, since: Timestamp?, pageCount: Int
    ) throws(SeenStoreError) -> FunnelStats {
        guard let server = try presentServer() else {
            return FunnelStats(
                walkthrough: walkthrough, version: version, pageCount: pageCount, events: [])
        }
        return try server.funnelStats(
            walkthrough: walkthrough, version: version, since: since, pageCount: pageCount)
    }

    // MARK: - Row security

    /// Refuses a write the server would refuse at every push, as the server would: a user name
    /// PostgreSQL text cannot hold (a NUL character), or another user than the one row security
    /// binds this role to. The replica holds and pushes only what its role may change.
    func checkUser(_ user: String) throws(SeenStoreError) {
        if user.utf8.contains(0) {
            throw .server(
                SeenStoreError.ServerError(
                    kind: .unsupportedValue, location: location, sqlState: "22021",
                    message: "a user name with a NUL character"))
        }
        guard let bound = enforcedUser, bound != user else { return }
        throw .server(
            SeenStoreError.ServerError(
                kind: .permissionDenied, location: location,
                message: "new row violates row-level security policy: this role acts for "
                    + "\(bound) only"))
    }
}
