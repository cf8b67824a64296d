import CSQLite

/// The default ``SeenStore``: one SQLite file that every process and tool on the machine can
/// share.
///
/// ```swift
/// let store = try SQLiteSeenStore(path: SQLiteSeenStore.defaultPath())
/// if try !store.hasSeen(user: "alice", walkthrough: walkthrough) {
///     // play it, then:
///     try store.markSeen(user: "alice", walkthrough: walkthrough)
/// }
/// ```
///
/// The database uses SQLite's rollback journal (`journal_mode=DELETE`) with `synchronous=EXTRA`
/// (by default), so a write is on the disk, the journal's removal included, when the call
/// returns; readers wait only while a writer commits. Every write is one `BEGIN IMMEDIATE`
/// transaction, and a call that meets another process's lock waits up to the busy timeout. A
/// round-1 store in WAL mode is switched to the rollback journal by its first write (see
/// docs/store.md). Opening refuses, with a ``SeenStoreError`` naming the file, anything that is not
/// a walkthrough store it can write (random bytes, another application's database, a newer
/// schema, a read-only file or folder) before writing to it, and leaves such a file as it was.
///
/// The store is `Sendable`: one connection, guarded by a `Locked`, serves every thread; calls
/// run one at a time. Open one store per process and share it.
public final class SQLiteSeenStore: EventRecordingStore {
    /// The database file, as given.
    public let path: String
    /// The options the store was opened with.
    public let options: Options
    /// The schema version this build of WalkthroughKit reads and writes.
    public static var schemaVersion: Int { StoreSchema.currentVersion }

    /// The schema version of the file as opened: ``schemaVersion``, except for a read-only
    /// store of an older version, which is read as it is (a version-1 store has no events).
    package let storedSchemaVersion: Int

    private let connection: Locked<Connection>
    let now: @Sendable () -> Timestamp
    /// How many times a call has begun to wait for another process's lock; readable while a
    /// call is waiting (tests use it to release a lock only once a writer waits for it).
    package let lockWaits: WaitCount

    /// Opens the store at `path`, creating it (and its folder) when missing unless the options
    /// say not to.
    ///
    /// A new database gets folder mode 0700 and file mode 0600; an empty (0-byte) file is
    /// treated as a new database and initialised. An older schema is migrated forward in one
    /// transaction.
    ///
    /// - Parameters:
    ///   - path: The database file; see ``SeenStoreLocation/defaultPath``.
    ///   - options: Busy timeout, durability and whether to create a missing file.
    ///   - now: The clock that stamps `updatedAt`; tests may pass a fixed one.
    /// - Throws: ``SeenStoreError`` naming the file: missing (without `createIfMissing`), not a
    ///   database, another application's database, newer schema, read-only file or folder,
    ///   folder that cannot be created, still locked after the busy timeout.
    public init(
        path: String, options: Options = Options(),
        now: @escaping @Sendable () -> Timestamp = { Timestamp.now }
    ) throws(SeenStoreError) {
        let connection = try Self.openConnection(path: path, options: options)
        self.storedSchemaVersion =
            options.readOnly
            ? try Self.storedVersion(of: connection, options: options)
            : StoreSchema.currentVersion
        self.path = path
        self.options = options
        self.now = now
        self.lockWaits = connection.lockWaits
        self.connection = Locked(connection)
    }

    // MARK: - SeenStore

    /// The user's record of `walkthrough`, or `nil` when there is none.
    public func record(user: String, walkthrough: String) throws(SeenStoreError) -> SeenRecord? {
        let slot = hasSnooze ? SQL.record : SQL.recordBeforeSnooze
        return try withConnection { connection throws(SQLiteError) in
            try Self.record(user: user, walkthrough: walkthrough, slot: slot, on: connection)
        }
    }

    /// The user's record of `walkthrough` read with `slot`'s statement on `connection` (in
    /// whatever transaction it holds).
    static func record(
        user: String, walkthrough: String, slot: StatementSlot, on connection: Connection
    ) throws(SQLiteError) -> SeenRecord? {
        try connection.withStatement(slot) { statement throws(SQLiteError) in
            try statement.withBorrowedText(user, walkthrough) { () throws(SQLiteError) in
                try statement.step() ? try decodeRecord(statement) : nil
            }
        }
    }

    /// Whether the user completed or skipped `walkthrough` at `version` or a later one.
    ///
    /// One prepared statement, one primary-key lookup; the strings are bound without copying.
    public func hasSeen(
        user: String, walkthrough: String, version: Int
    ) throws(SeenStoreError) -> Bool {
        try withConnection { connection throws(SQLiteError) in
            try connection.withStatement(SQL.hasSeen) { statement throws(SQLiteError) in
                try statement.withBorrowedText(user, walkthrough) { () throws(SQLiteError) in
                    try statement.bind(version, at: 3)
                    return try statement.step()
                }
            }
        }
    }

    /// Records that the user finished `walkthrough` at `version`, keeping the stored last page.
    /// A seen record of a newer version is left as it is. On the disk when it returns.
    ///
    /// - Precondition: `version >= 1`.
    public func markSeen(
        user: String, walkthrough: String, version: Int, outcome: Navigator.FinishOutcome
    ) throws(SeenStoreError) {
        precondition(version >= 1, "a walkthrough's version is 1 or more")
        let stamp = now().millisecondsSince1970
        try withConnection { connection throws(SQLiteError) in
            try connection.immediateTransaction { () throws(SQLiteError) in
                try connection.withStatement(SQL.markSeen) { statement throws(SQLiteError) in
                    try statement.withBorrowedText(user, walkthrough) { () throws(SQLiteError) in
                        try statement.bind(version, at: 3)
                        try statement.bind(SeenRecord.Outcome(outcome).rawValue, at: 4)
                        try statement.bind(stamp, at: 5)
                        try statement.run()
                    }
                }
            }
        }
    }

    /// Records that the user is on page `page` (0-based) of an unfinished run at `version`. A
    /// record already completed or skipped at the same or a newer version is left as it is.
    ///
    /// - Precondition: `version >= 1` and `page >= 0`.
    public func saveProgress(
        user: String, walkthrough: String, version: Int, page: Int
    ) throws(SeenStoreError) {
        precondition(version >= 1, "a walkthrough's version is 1 or more")
        precondition(page >= 0, "page indices are 0-based")
        let stamp = now().millisecondsSince1970
        try withConnection { connection throws(SQLiteError) in
            try connection.immediateTransaction { () throws(SQLiteError) in
                try connection.withStatement(SQL.saveProgress) { statement throws(SQLiteError) in
                    try statement.withBorrowedText(user, walkthrough) { () throws(SQLiteError) in
                        try statement.bind(version, at: 3)
                        try statement.bind(page, at: 4)
                        try statement.bind(stamp, at: 5)
                        try statement.run()
                    }
                }
            }
        }
    }

    /// Removes the user's record of `walkthrough` and its events, or all of the user's
    /// records, events, goals and donations when `nil`, in one transaction.
    ///
    /// - Returns: The number of records removed.
    @discardableResult
    public func reset(user: String, walkthrough: String?) throws(SeenStoreError) -> Int {
        try withConnection { connection throws(SQLiteError) in
            try connection.immediateTransaction { () throws(SQLiteError) in
                try Self.remove(user: user, walkthrough: walkthrough, on: connection)
            }
        }
    }

    /// The body of ``reset(user:walkthrough:)``, inside a transaction the caller holds.
    ///
    /// - Returns: The number of records removed.
    static func remove(
        user: String, walkthrough: String?, on connection: Connection
    ) throws(SQLiteError) -> Int {
        let removed = try connection.withStatement(
            SeenSQL.reset(walkthrough == nil ? .user : .one, .sqlite)
        ) { statement throws(SQLiteError) in
            try statement.bind(user, at: 1)
            if let walkthrough { try statement.bind(walkthrough, at: 2) }
            try statement.run()
            return connection.changes
        }
        for sql in [SeenSQL.reset(walkthrough == nil ? .user : .one, .sqlite, events: true)]
            + SummarySQL.reset(walkthrough == nil ? .user : .one, .sqlite)
        {
            try connection.withStatement(sql) { statement throws(SQLiteError) in
                try statement.bind(user, at: 1)
                if let walkthrough { try statement.bind(walkthrough, at: 2) }
                try statement.run()
            }
        }
        if walkthrough == nil {
            for sql in [SeenSQL.resetGoals(.sqlite), DonationSchema.reset(.sqlite)] {
                try connection.withStatement(sql) { statement throws(SQLiteError) in
                    try statement.bind(user, at: 1)
                    try statement.run()
                }
            }
        }
        return removed
    }

    /// Removes every user's record of `walkthrough`, and its events, in one transaction.
    ///
    /// - Returns: The number of records removed.
    @discardableResult
    public func resetAllUsers(walkthrough: String) throws(SeenStoreError) -> Int {
        try withConnection { connection throws(SQLiteError) in
            try connection.immediateTransaction { () throws(SQLiteError) in
                let removed = try connection.withStatement(SeenSQL.reset(.walkthrough, .sqlite)) {
                    statement throws(SQLiteError) in
                    try statement.bind(walkthrough, at: 1)
                    try statement.run()
                    return connection.changes
                }
                for sql in [SeenSQL.reset(.walkthrough, .sqlite, events: true)]
                    + SummarySQL.reset(.walkthrough, .sqlite)
                {
                    try connection.withStatement(sql) { statement throws(SQLiteError) in
                        try statement.bind(walkthrough, at: 1)
                        try statement.run()
                    }
                }
                return removed
            }
        }
    }

    /// Every record of `user`, or of every user when `nil`, ordered by user then walkthrough
    /// (by their UTF-8 bytes).
    public func records(user: String?) throws(SeenStoreError) -> [SeenRecord] {
        try withConnection { connection throws(SQLiteError) in
            try connection.withStatement(
                user == nil
                    ? SQL.allRecords(snooze: hasSnooze) : SQL.userRecords(snooze: hasSnooze)
            ) { statement throws(SQLiteError) in
                if let user { try statement.bind(user, at: 1) }
                var records: [SeenRecord] = []
                while try statement.step() {
                    records.append(try Self.decodeRecord(statement))
                }
                return records
            }
        }
    }

    // MARK: - Private

    /// Runs `body` with the connection, one caller at a time, and turns SQLite's errors into
    /// ``SeenStoreError``.
    func withConnection<Result: Sendable>(
        _ body: (Connection) throws(SQLiteError) -> Result
    ) throws(SeenStoreError) -> Result {
        do {
            return try connection.withLock { connection throws(SQLiteError) in
                connection.beginCall()
                do throws(SQLiteError) {
                    let result = try body(connection)
                    try connection.endCall()
                    return result
                } catch {
                    connection.endHeldRead()
                    throw error
                }
            }
        } catch {
            throw SeenStoreError(error, busyTimeout: options.busyTimeout)
        }
    }

    /// Keeps this connection's read transaction open across calls, as ``HeldReads`` says: for
    /// a process that reads the store many times a second (`walkthrough serve`). Give every
    /// connection of the process on this file the same `reads`, the ones that write included.
    package func holdReads(in reads: HeldReads) {
        connection.withLock { $0.heldReads = reads }
        reads.add { [weak self] age, waiting in
            guard let self else { return }
            if waiting {
                connection.withLock { $0.endHeldRead(olderThan: age) }
            } else {
                _ = connection.withLockIfAvailable { $0.endHeldRead(olderThan: age) }
            }
        }
    }

    /// ``withConnection(_:)`` whose statements wait at most `limit` for another process's lock
    /// (never longer than the store's busy timeout); the connection's own timeout is back in
    /// force when it returns, before any other caller has the connection.
    func withConnection<Result: Sendable>(
        waitingAtMost limit: Duration, _ body: (Connection) throws(SQLiteError) -> Result
    ) throws(SeenStoreError) -> Result {
        try withConnection(waitingAtMost: limit) { connection, wait throws(SeenStoreError) in
            do throws(SQLiteError) {
                return try body(connection)
            } catch {
                throw SeenStoreError(error, busyTimeout: wait)
            }
        }
    }

    /// ``withConnection(waitingAtMost:_:)`` for a `body` that makes its own errors: it is
    /// given the wait in force, which a ``SeenStoreError/locked(path:timeout:)`` names.
    func withConnection<Result: Sendable, Failure: Error>(
        waitingAtMost limit: Duration, _ body: (Connection, Duration) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        guard limit < options.busyTimeout else {
            return try connection.withLock { connection throws(Failure) in
                try body(connection, options.busyTimeout)
            }
        }
        return try connection.withLock { connection throws(Failure) in
            let usual = connection.busyTimeout
            connection.setBusyTimeout(milliseconds: Options.milliseconds(limit))
            defer { connection.setBusyTimeout(milliseconds: Options.milliseconds(usual)) }
            return try body(connection, limit)
        }
    }

    /// The earliest and latest `updated_at` the store reads back: the years 1 to 9999, in
    /// milliseconds since 1970.
    package static let updatedAtRange: ClosedRange<Int64> =
        -62_135_596_800_000...253_402_300_799_999

    /// Whether the file has `snoozed_until` (and the `snoozed` outcome and event): every
    /// store that writes, and a read-only store of schema version 6 or later.
    var hasSnooze: Bool { storedSchemaVersion >= 6 }

    /// The record in the current row of a statement selecting the seven columns in table order
    /// (``SQLDialect/recordColumns(snooze:)``).
    ///
    /// The columns' declared types and checks bind only what this store writes; a row another
    /// program wrote may hold anything. Every value is checked here, so that a hand-edited file
    /// reaches the user as ``SeenStoreError/corrupt(path:detail:)`` naming it, never as a key
    /// that pages cannot move past or a number that overflows when shown.
    static func decodeRecord(_ statement: Statement) throws(SQLiteError) -> SeenRecord {
        func corrupt(_ detail: String) -> SQLiteError {
            SQLiteError(
                code: SQLITE_CORRUPT, message: "the seen table holds \(detail)", sql: statement.sql,
                path: statement.path, operation: .step)
        }
        let columns = ["user", "walkthrough", "version", "outcome", "last_page", "updated_at"]
        let expected = [
            SQLITE_TEXT, SQLITE_TEXT, SQLITE_INTEGER, SQLITE_TEXT, SQLITE_INTEGER, SQLITE_INTEGER,
        ]
        for (index, type) in expected.enumerated() {
            let found = statement.storageClass(at: Int32(index))
            guard found == type else {
                throw corrupt(
                    "\(storageClassName(found)) in its \(columns[index]) column, where "
                        + "\(storageClassName(type)) belongs")
            }
        }
        let outcomeText = statement.text(at: 3)
        guard let outcome = SeenRecord.Outcome(rawValue: outcomeText) else {
            throw corrupt("an unknown outcome")
        }
        let version = statement.int64(at: 2)
        guard version >= 1 else { throw corrupt("a version below 1") }
        let lastPage = statement.int64(at: 4)
        guard (0...Int64(Int32.max)).contains(lastPage) else {
            throw corrupt("a last_page out of range (\(lastPage))")
        }
        let updatedAt = statement.int64(at: 5)
        guard updatedAtRange.contains(updatedAt) else {
            throw corrupt("an updated_at out of range (\(updatedAt))")
        }
        var snoozedUntil: Timestamp?
        switch statement.storageClass(at: 6) {
        case SQLITE_NULL: break
        case SQLITE_INTEGER where updatedAtRange.contains(statement.int64(at: 6)):
            snoozedUntil = Timestamp(millisecondsSince1970: statement.int64(at: 6))
        default: throw corrupt("a snoozed_until that is not a time")
        }
        return SeenRecord(
            user: statement.text(at: 0), walkthrough: statement.text(at: 1),
            version: Int(version), outcome: outcome, lastPage: Int(lastPage),
            updatedAt: Timestamp(millisecondsSince1970: updatedAt),
            snoozedUntil: outcome == .snoozed ? snoozedUntil : nil)
    }

    private static func storageClassName(_ type: Int32) -> String {
        switch type {
        case SQLITE_INTEGER: return "an integer"
        case SQLITE_FLOAT: return "a real number"
        case SQLITE_TEXT: return "text"
        case SQLITE_BLOB: return "a blob"
        default: return "null"
        }
    }
}
