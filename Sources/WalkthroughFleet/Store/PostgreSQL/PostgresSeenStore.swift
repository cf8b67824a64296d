import Glibc
package import WalkthroughKit

/// The fleet ``SeenStore``: the same records and rules as ``SQLiteSeenStore``, on a
/// PostgreSQL server, so that a user who works on many machines sees a walkthrough once.
///
/// ```swift
/// let store = try PostgresSeenStore(url: "postgresql://walkthrough@db.example/fleet")
/// if try !store.hasSeen(user: "alice", walkthrough: walkthrough) {
///     // play it, then:
///     try store.markSeen(user: "alice", walkthrough: walkthrough)
/// }
/// ```
///
/// The URL is a libpq URI, read by libpq as it documents (several hosts with
/// `target_session_attrs`, `sslmode`, `options=-csearch_path=NAME`, the `PG*` variables,
/// `~/.pgpass`); the store adds `connect_timeout=10` and `application_name=walkthrough` where
/// nothing sets them. The tables live in the first schema of the search path and are created
/// by the first store that may write (under an advisory lock, once however many processes
/// start together); a schema from a newer version is refused. Every write is one statement,
/// an upsert or a delete that is safe to repeat: when the connection is lost (a server
/// restart, a failover) the store opens it again and repeats the call once; a serialization
/// failure or deadlock is retried too.
///
/// The store is `Sendable`: one connection, guarded by a `Locked`, serves every thread; calls
/// run one at a time. Open one store per process and share it.
package final class PostgresSeenStore: EventRecordingStore {
    /// The URL without its password, as the store shows it (`db info`, errors before a
    /// connection).
    package let location: String
    /// The options the store was opened with.
    package let options: Options
    /// The schema version this build of WalkthroughKit reads and writes.
    package static var schemaVersion: Int { PostgresSchema.currentVersion }

    /// The role the store acts for when row security binds it, else `nil`.
    package let enforcedUser: String?
    /// Whether row security is on for the records.
    package let rowSecurity: Bool

    /// The schema version of the tables as opened: ``schemaVersion``, except for a read-only
    /// store of an older version, which is read as it is (a version-1 store has no events).
    package let storedSchemaVersion: Int

    private let connection: Locked<PostgresConnection>
    let now: @Sendable () -> Timestamp
    /// Whether this role may read the donations, once asked (a role granted before donations
    /// were reads none, as one granted before goals lists none).
    let donationsReadable = Locked<Bool?>(nil)

    /// Connects to the server `url` names and, unless the options say not to, creates or
    /// migrates the store's tables.
    ///
    /// - Parameters:
    ///   - url: A libpq URI: `postgresql://…` or `postgres://…`.
    ///   - options: Whether to create the tables, and whether the store only reads.
    ///   - environment: The `PG*` variables libpq reads (from the process's environment; pass
    ///     the same so that the store's defaults agree with libpq's).
    ///   - now: The clock that stamps `updatedAt`; tests may pass a fixed one.
    /// - Throws: ``SeenStoreError/server(_:)`` saying what failed at which `host:port/dbname`
    ///   (refused, authentication, no such database, timed out, a newer schema, …);
    ///   ``SeenStoreError/databaseMissing(path:)`` when the tables do not exist and the store
    ///   may not create them: nothing has been recorded there.
    package init(
        url: String, options: Options = Options(),
        environment: [String: String] = ProcessEnvironment.current(),
        now: @escaping @Sendable () -> Timestamp = { Timestamp.now }
    ) throws(SeenStoreError) {
        let opened = try Self.openConnection(url: url, options: options, environment: environment)
        self.location = opened.connection.info.redacted
        self.options = options
        self.enforcedUser = opened.enforcedUser
        self.rowSecurity = opened.rowSecurity
        self.storedSchemaVersion = opened.schemaVersion
        self.now = now
        self.connection = Locked(opened.connection)
    }

    /// Whether `location` names a PostgreSQL store: a `postgresql://` or `postgres://` URL.
    package static func isURL(_ location: String) -> Bool { FleetURL.isURL(location) }

    // MARK: - SeenStore

    /// The user's record of `walkthrough`, or `nil` when there is none.
    package func record(user: String, walkthrough: String) throws(SeenStoreError) -> SeenRecord? {
        let statement = hasSnooze ? SQL.record : SQL.recordBeforeSnooze
        return try withConnection { connection throws(PostgresFailure) in
            let result = try connection.execute(statement, [user, walkthrough])
            return result.rowCount == 0 ? nil : try Self.decodeRecord(result, row: 0)
        }
    }

    /// Whether the user completed or skipped `walkthrough` at `version` or a later one: one
    /// prepared statement, one primary-key lookup.
    package func hasSeen(
        user: String, walkthrough: String, version: Int
    ) throws(SeenStoreError) -> Bool {
        try withConnection { connection throws(PostgresFailure) in
            try connection.execute(SQL.hasSeen, [user, walkthrough, String(version)]).rowCount > 0
        }
    }

    /// Records that the user finished `walkthrough` at `version`, keeping the stored last page.
    /// A seen record of a newer version is left as it is. Committed when it returns.
    ///
    /// - Precondition: `version >= 1`.
    package func markSeen(
        user: String, walkthrough: String, version: Int, outcome: Navigator.FinishOutcome
    ) throws(SeenStoreError) {
        precondition(version >= 1, "a walkthrough's version is 1 or more")
        let stamp = String(now().millisecondsSince1970)
        let outcomeText = SeenRecord.Outcome(outcome).rawValue
        try withConnection { connection throws(PostgresFailure) in
            _ = try connection.execute(
                SQL.markSeen, [user, walkthrough, String(version), outcomeText, stamp])
        }
    }

    /// Records that the user is on page `page` (0-based) of an unfinished run at `version`. A
    /// record already completed or skipped at the same or a newer version is left as it is.
    ///
    /// - Precondition: `version >= 1` and `page >= 0`.
    package func saveProgress(
        user: String, walkthrough: String, version: Int, page: Int
    ) throws(SeenStoreError) {
        precondition(version >= 1, "a walkthrough's version is 1 or more")
        precondition(page >= 0, "page indices are 0-based")
        let stamp = String(now().millisecondsSince1970)
        try withConnection { connection throws(PostgresFailure) in
            _ = try connection.execute(
                SQL.saveProgress, [user, walkthrough, String(version), String(page), stamp])
        }
    }

    /// Records that the user put `walkthrough` off on page `page` (0-based) until `until`, by
    /// ``SeenWriteRule/snooze``. Committed when it returns.
    func snooze(
        user: String, walkthrough: String, version: Int, page: Int, until: Timestamp
    ) throws(SeenStoreError) {
        precondition(version >= 1, "a walkthrough's version is 1 or more")
        precondition(page >= 0, "page indices are 0-based")
        let stamp = String(now().millisecondsSince1970)
        try withConnection { connection throws(PostgresFailure) in
            _ = try connection.execute(
                SQL.snooze,
                [
                    user, walkthrough, String(version), String(page), stamp,
                    String(until.millisecondsSince1970),
                ])
        }
    }

    /// Removes the user's record of `walkthrough` and its events, or all of the user's
    /// records, events, goals and donations when `nil`, in one transaction.
    ///
    /// - Returns: The number of records removed. (Should the connection be lost after the
    ///   server removed them but before it said so, the repeated call removes nothing more and
    ///   answers 0.)
    @discardableResult
    package func reset(user: String, walkthrough: String?) throws(SeenStoreError) -> Int {
        let events = hasEvents
        let experiments = hasExperiments
        let summaries = hasSummaries
        let snooze = hasSnooze
        return try withConnection { connection throws(PostgresFailure) in
            try connection.transaction { () throws(PostgresFailure) in
                if let walkthrough {
                    if events {
                        try connection.execute(
                            SeenSQL.reset(.one, .postgresql, events: true), [user, walkthrough])
                    }
                    if summaries {
                        for sql in SummarySQL.reset(.one, .postgresql) {
                            try connection.execute(sql, [user, walkthrough])
                        }
                    }
                    return try connection.execute(
                        SeenSQL.reset(.one, .postgresql), [user, walkthrough]
                    ).affectedRows
                }
                if events {
                    try connection.execute(SeenSQL.reset(.user, .postgresql, events: true), [user])
                }
                if experiments,
                    try connection.execute(SeenSQL.mayResetGoals).text(0, 0) == "t"
                {
                    try connection.execute(SeenSQL.resetGoals(.postgresql), [user])
                }
                if snooze, try connection.execute(DonationSQL.mayReset).text(0, 0) == "t" {
                    try connection.execute(DonationSchema.reset(.postgresql), [user])
                }
                if summaries {
                    for sql in SummarySQL.reset(.user, .postgresql) {
                        try connection.execute(sql, [user])
                    }
                }
                return try connection.execute(SeenSQL.reset(.user, .postgresql), [user])
                    .affectedRows
            }
        }
    }

    /// Removes every user's record of `walkthrough` (that this role may change), and its
    /// events, in one transaction.
    ///
    /// - Returns: The number of records removed.
    @discardableResult
    package func resetAllUsers(walkthrough: String) throws(SeenStoreError) -> Int {
        let events = hasEvents
        let summaries = hasSummaries
        return try withConnection { connection throws(PostgresFailure) in
            try connection.transaction { () throws(PostgresFailure) in
                if events {
                    try connection.execute(
                        SeenSQL.reset(.walkthrough, .postgresql, events: true), [walkthrough])
                }
                if summaries {
                    for sql in SummarySQL.reset(.walkthrough, .postgresql) {
                        try connection.execute(sql, [walkthrough])
                    }
                }
                return try connection.execute(
                    SeenSQL.reset(.walkthrough, .postgresql), [walkthrough]
                ).affectedRows
            }
        }
    }

    /// Every record of `user`, or of every user when `nil`, ordered by user then walkthrough
    /// (by their UTF-8 bytes).
    package func records(user: String?) throws(SeenStoreError) -> [SeenRecord] {
        var records: [SeenRecord] = []
        do {
            try forEachRecord(user: user) { records.append($0) }
        } catch let error as SeenStoreError {
            throw error
        } catch {
            preconditionFailure("only reading the pages throws: \(error)")
        }
        return records
    }

    /// Calls `body` with every record of `user`, or of every user when `nil`, in the order of
    /// ``records(user:)``, reading 1,000 records at a time (keyset paging on the
    /// primary key); `body` runs outside the connection's lock, so it may use the store.
    ///
    /// - Throws: ``SeenStoreError`` when a page cannot be read, or what `body` throws.
    package func forEachRecord(user: String?, _ body: (SeenRecord) throws -> Void) throws {
        try forEachRecord(user: user, pageSize: Self.recordPageSize, body)
    }

    /// How many records ``forEachRecord(user:_:)`` reads at a time.
    static let recordPageSize = KeysetPaging.pageSize

    /// ``forEachRecord(user:_:)`` with pages of `pageSize` records.
    func forEachRecord(
        user: String?, pageSize: Int, _ body: (SeenRecord) throws -> Void
    ) throws {
        try KeysetPaging.forEachRecord(
            pageSize: pageSize, location: location,
            read: { after, limit throws(SeenStoreError) in
                try recordPage(user: user, after: after, limit: limit)
            }, body)
    }

    /// The key a page of records continues after: the last record's user and walkthrough.
    struct RecordKey: Sendable, Equatable {
        var user: String
        var walkthrough: String
    }

    /// Up to `limit` records of `user` (or everyone) after the key `after`, in order.
    private func recordPage(
        user: String?, after: RecordKey?, limit: Int
    ) throws(SeenStoreError) -> [(item: SeenRecord, key: RecordKey)] {
        try withConnection { connection throws(PostgresFailure) in
            let limit = String(limit)
            let statement = SQL.page(
                SeenSQL.Page(user: user != nil, continuing: after != nil), snooze: hasSnooze)
            let parameters: [String?]
            switch (user, after) {
            case (nil, nil): parameters = [limit]
            case (nil, let last?): parameters = [last.user, last.walkthrough, limit]
            case (let user?, nil): parameters = [user, limit]
            case (let user?, let last?): parameters = [user, last.walkthrough, limit]
            }
            let result = try connection.execute(statement, parameters)
            var records: [(item: SeenRecord, key: RecordKey)] = []
            for row in 0..<result.rowCount {
                let record = try Self.decodeRecord(result, row: row)
                records.append(
                    (record, RecordKey(user: record.user, walkthrough: record.walkthrough)))
            }
            return records
        }
    }

    // MARK: - Decoding

    /// The earliest and latest `updated_at` the store reads back: the years 1 to 9999, in
    /// milliseconds since 1970 (as ``SQLiteSeenStore`` checks).
    static let updatedAtRange = SQLiteSeenStore.updatedAtRange

    /// Whether the tables have `snoozed_until`, the `snoozed` outcome and event, and the
    /// donations: every store that writes, and a read-only store of schema version 7 or later.
    var hasSnooze: Bool { storedSchemaVersion >= 7 }

    /// The record in `row` of a result selecting ``SQL/columns``.
    ///
    /// The table's checks hold what this store writes; a row another program wrote within
    /// them may still hold a page or date out of range, refused here as SQLite's store does.
    static func decodeRecord(
        _ result: PostgresResult, row: Int
    ) throws(PostgresFailure) -> SeenRecord {
        func corrupt(_ detail: String) -> PostgresFailure {
            PostgresFailure(
                sqlState: "XX001", message: "the walkthrough_seen table holds \(detail)",
                operation: .execute, connectionLost: false)
        }
        guard let user = result.text(row, 0), let walkthrough = result.text(row, 1),
            let version = result.int64(row, 2), let outcomeText = result.text(row, 3),
            let lastPage = result.int64(row, 4), let updatedAt = result.int64(row, 5)
        else { throw corrupt("a NULL or non-numeric value") }
        guard let outcome = SeenRecord.Outcome(rawValue: outcomeText) else {
            throw corrupt("an unknown outcome")
        }
        guard version >= 1, version <= Int64(Int.max) else { throw corrupt("a version below 1") }
        guard (0...Int64(Int32.max)).contains(lastPage) else {
            throw corrupt("a last_page out of range (\(lastPage))")
        }
        guard updatedAtRange.contains(updatedAt) else {
            throw corrupt("an updated_at out of range (\(updatedAt))")
        }
        let until = result.int64(row, 6)
        if let until, !updatedAtRange.contains(until) {
            throw corrupt("a snoozed_until out of range (\(until))")
        }
        return SeenRecord(
            user: user, walkthrough: walkthrough, version: Int(version), outcome: outcome,
            lastPage: Int(lastPage), updatedAt: Timestamp(millisecondsSince1970: updatedAt),
            snoozedUntil: outcome == .snoozed
                ? until.map { Timestamp(millisecondsSince1970: $0) } : nil)
    }

    // MARK: - The connection, retries and errors

    /// Runs `body` with the connection, one caller at a time, and turns failures into
    /// ``SeenStoreError``.
    ///
    /// Every call of the store is safe to repeat (a read, an upsert whose values were fixed
    /// before the first attempt, a delete, or a whole transaction that was rolled back), so:
    /// a connection found lost, before or during the call, is opened again and the call is
    /// repeated once; a serialization failure (`40001`) or deadlock (`40P01`) is repeated up to
    /// five times with a short, growing pause; a prepared statement the server forgot or
    /// already had (a connection pooler in transaction mode) moves the connection to unnamed
    /// statements and the call is repeated. A read-only store runs `body` in one read-only
    /// transaction: nothing is set for the session, which a pooler shares between clients.
    func withConnection<Result: Sendable>(
        _ body: (PostgresConnection) throws(PostgresFailure) -> Result
    ) throws(SeenStoreError) -> Result {
        do throws(SeenStoreError.ServerError) {
            return try connection.withLock {
                connection throws(SeenStoreError.ServerError) -> Result in
                if !connection.isConnected { try connection.reconnect() }
                var reconnected = false
                var transientRetries = 0
                var reprepared = false
                while true {
                    do throws(PostgresFailure) {
                        let began = try connection.beginCall()
                        let result: Result
                        do throws(PostgresFailure) {
                            result = try body(connection)
                        } catch {
                            try connection.endCall(began, failed: true)
                            throw error
                        }
                        try connection.endCall(began, failed: false)
                        return result
                    } catch {
                        if error.connectionLost, !reconnected {
                            reconnected = true
                            try connection.reconnect()
                            continue
                        }
                        if error.isTransient, transientRetries < 5, connection.deadline == nil {
                            transientRetries += 1
                            Self.pause(attempt: transientRetries)
                            continue
                        }
                        if PostgresConnection.isPoolerStatementFailure(error), !reprepared {
                            reprepared = true
                            connection.useUnnamedStatements()
                            continue
                        }
                        throw Self.storeError(error, location: connection.location)
                    }
                }
            }
        } catch {
            throw .server(error)
        }
    }

    /// Starts the store's next network wait: its deadline is the options' budget from now.
    /// (Nothing changes for a store opened without a budget.)
    package func restartNetworkBudget() {
        guard let budget = options.networkBudget else { return }
        connection.withLock { $0.deadline = ContinuousClock.now + budget }
    }

    /// A pause before repeating a transaction that lost a race: 10, 20, 40, … ms.
    private static func pause(attempt: Int) {
        usleep(UInt32(10_000 << min(attempt - 1, 6)))
    }

    /// The error a user sees for a failed statement at `location`.
    static func storeError(_ error: PostgresFailure, location: String) -> SeenStoreError.ServerError
    {
        let kind: SeenStoreError.ServerError.Kind
        switch error.sqlState {
        case "42501": kind = .permissionDenied
        case "25006": kind = .readOnly
        case "22021", "22P05": kind = .unsupportedValue
        case "3F000": kind = .noSchema
        case "42P01", "42703", "42804", "XX001": kind = .unrecognizedSchema
        case "28000", "28P01": kind = .authenticationFailed
        case "57P01", "57P02", "57P03", "08000", "08003", "08006", "53300": kind = .connectionFailed
        default: kind = error.connectionLost ? .connectionFailed : .failed
        }
        var message = error.message
        if let detail = error.detail, !detail.isEmpty { message += " (\(detail))" }
        return SeenStoreError.ServerError(
            kind: kind, location: location, sqlState: error.sqlState, message: message)
    }
}
