import CSQLite
import CSQLiteJournal

/// One open SQLite database connection: the owner of the `sqlite3` handle.
///
/// Modelled on GRDB's `Database`: a final class that is deliberately *not* `Sendable`. Exactly one
/// component (``SQLiteSeenStore``, through a `Locked`) holds it and serialises every use, which is
/// why the connection is opened with `SQLITE_OPEN_NOMUTEX` and needs no lock of its own. The
/// handle is closed in `deinit`, after the cached statements are finalized.
final class Connection {
    /// The database file as the caller named it; every error carries it.
    let path: String
    /// The connection handle. Never closed before the connection is released.
    let handle: OpaquePointer
    /// Prepared statements kept for reuse, keyed by their SQL.
    private var statements: [String: Statement] = [:]
    /// The statements used on every call, by slot number (``StatementSlot``): found by index,
    /// without hashing their SQL.
    private var slots: [Statement?] = []
    /// `BEGIN IMMEDIATE` and `COMMIT`, prepared on first use: every write runs both.
    private var begin: Statement?
    var commit: Statement?
    /// `BEGIN` (deferred), prepared on first use: the start of a held read transaction.
    var deferredBegin: Statement?
    /// The held reads this connection takes part in (``HeldReads``), if any.
    var heldReads: HeldReads?
    /// When its held read transaction began, in monotonic nanoseconds; 0: none is open.
    var heldSince: UInt64 = 0
    /// The busy handler's state; SQLite holds an unretained pointer to it, so it lives exactly
    /// as long as the handle.
    private let busyWait = BusyWait()

    /// Opens the database file at `path`.
    ///
    /// A relative path is opened as `./path`, so that a file really named `:memory:` or
    /// `file:…` is a file and not one of SQLite's special names.
    ///
    /// - Parameters:
    ///   - flags: `sqlite3_open_v2` flags; `SQLITE_OPEN_NOMUTEX` and `SQLITE_OPEN_EXRESCODE`
    ///     (extended result codes) are always added.
    ///   - uriParameters: SQLite URI parameters (`readonly_shm=1`, `immutable=1`); when there
    ///     are any, the file is opened as a `file:` URI with the path percent-encoded.
    /// - Throws: ``SQLiteError`` when SQLite cannot open the file. The handle SQLite may return
    ///   even when opening fails is closed before throwing.
    ///   - vfs: The SQLite VFS to open it with; `nil`, the default.
    init(
        path: String, flags: Int32, uriParameters: [String] = [], vfs: String? = nil
    ) throws(SQLiteError) {
        var filename = path.hasPrefix("/") ? path : "./" + path
        var flags = flags | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        if !uriParameters.isEmpty {
            filename =
                "file:" + PercentEncoding.encoded(filename, keepingSlashes: true) + "?"
                + uriParameters.joined(separator: "&")
            flags |= SQLITE_OPEN_URI
        }
        var database: OpaquePointer?
        let code = sqlite3_open_v2(filename, &database, flags, vfs)
        guard code == SQLITE_OK, let database else {
            let error = SQLiteError(code: code, database: database, path: path, operation: .open)
            sqlite3_close(database)  // sqlite3_close(NULL) is a harmless no-op
            throw error
        }
        self.path = path
        self.handle = database
    }

    /// The VFS a connection that writes is opened with: the default one, gathering the
    /// rollback journal's writes (CSQLiteJournal); `nil` (the default VFS) if it could not be
    /// registered. Registered on first use, after ``SQLiteProcessSettings`` had their chance.
    static let journalVFS: String? =
        walkthrough_journal_vfs_register() == SQLITE_OK ? WALKTHROUGH_JOURNAL_VFS : nil

    deinit {
        // Finalize every statement first so that the close really closes the file.
        statements.removeAll()
        slots.removeAll()
        begin = nil
        commit = nil
        deferredBegin = nil
        sqlite3_close_v2(handle)
    }

    // MARK: - Settings

    /// Whether SQLite opened the main database read-only (it falls back to that silently when
    /// the file cannot be opened for writing).
    var isReadOnly: Bool { sqlite3_db_readonly(handle, "main") == 1 }

    /// Makes a statement that meets a lock wait up to `milliseconds` before failing with
    /// `SQLITE_BUSY`.
    ///
    /// The wait is ``BusyWait``'s rather than `sqlite3_busy_timeout`'s: SQLite's own handler
    /// sleeps ever longer (up to 100 ms between tries), so a writer that has waited long keeps
    /// losing the lock to newcomers that try every millisecond; with dozens of writers at once
    /// some wait past any timeout. ``BusyWait`` tries again after a short random pause, the same
    /// for everyone, so the lock goes round.
    func setBusyTimeout(milliseconds: Int32) {
        busyWait.timeout = .milliseconds(milliseconds)
        let context = Unmanaged.passUnretained(busyWait).toOpaque()
        sqlite3_busy_handler(handle, BusyWait.callback, context)
    }

    /// How long a statement waits for another connection's lock.
    var busyTimeout: Duration { busyWait.timeout }

    /// How many times a statement has begun to wait for another connection's lock.
    var lockWaits: WaitCount { busyWait.waits }

    /// Stops SQLite from checkpointing a `-wal` file into the database when this connection
    /// closes: a connection that only reads must never change the file's bytes.
    func disableCheckpointOnClose() throws(SQLiteError) {
        let code = walkthrough_sqlite3_db_config_flag(
            handle, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, nil)
        guard code == SQLITE_OK else {
            throw SQLiteError(code: code, database: handle, path: path, operation: .configure)
        }
    }

    /// Turns on `SQLITE_DBCONFIG_DEFENSIVE`: no statement on this connection can deliberately
    /// corrupt the file (`PRAGMA writable_schema`, direct shadow-table writes), a cheap safety net
    /// for a file many tools share.
    func enableDefensiveMode() throws(SQLiteError) {
        let code = walkthrough_sqlite3_db_config_flag(handle, SQLITE_DBCONFIG_DEFENSIVE, 1, nil)
        guard code == SQLITE_OK else {
            throw SQLiteError(code: code, database: handle, path: path, operation: .configure)
        }
    }

    /// Whether no transaction is open.
    var isAutocommit: Bool { sqlite3_get_autocommit(handle) != 0 }

    /// The number of rows the last `INSERT`, `UPDATE` or `DELETE` changed.
    var changes: Int { Int(sqlite3_changes64(handle)) }
}

// MARK: - Statements

/// A statement the store runs on every call, kept by the connection in a numbered slot.
///
/// The SQL-keyed cache hashes the whole SQL text on every lookup (a few hundred nanoseconds for
/// the store's statements, a tenth of a lookup's cost); a slot is an array index. Each hot
/// statement gets its own fixed slot number (``SQLiteSeenStore/SQL``).
package struct StatementSlot: Sendable {
    /// The slot number: small, distinct for each statement.
    package let index: Int
    /// The statement's SQL.
    package let sql: String
}

extension Connection {
    /// Runs `body` with the cached statement for `sql`, preparing and caching it on first use.
    ///
    /// The statement is reset when `body` returns, so it holds no lock between uses (a held
    /// read transaction's lock is the transaction's: ``HeldReads``). When `body`
    /// throws, the statement is dropped from the cache (a statement that failed is not trusted
    /// again, as GRDB's `StatementCache` does) and the next use prepares it afresh.
    ///
    /// - Parameter sql: A fixed SQL text; values go through binds, never into the text.
    func withStatement<Result>(
        _ sql: String, _ body: (Statement) throws(SQLiteError) -> Result
    ) throws(SQLiteError) -> Result {
        let statement = try cachedStatement(sql)
        defer { statement.reset() }
        do {
            return try body(statement)
        } catch {
            statements[sql] = nil
            throw error
        }
    }

    /// The cached statement for `sql`, prepared on first use.
    ///
    /// - Throws: ``SQLiteError`` when the statement cannot be prepared; nothing is cached then.
    func cachedStatement(_ sql: String) throws(SQLiteError) -> Statement {
        if let statement = statements[sql] { return statement }
        let statement = try Statement(database: handle, path: path, sql: sql, persistent: true)
        statements[sql] = statement
        return statement
    }

    /// Runs `body` with the statement kept in `slot`, preparing it from the slot's SQL on first
    /// use: ``withStatement(_:_:)`` for the statements of the hot paths, without hashing the SQL
    /// text on every call. The same rules hold: reset after `body`, dropped when `body` throws.
    func withStatement<Result>(
        _ slot: StatementSlot, _ body: (Statement) throws(SQLiteError) -> Result
    ) throws(SQLiteError) -> Result {
        let statement = try slottedStatement(slot)
        defer { statement.reset() }
        do {
            return try body(statement)
        } catch {
            slots[slot.index] = nil
            throw error
        }
    }

    /// The statement in `slot`, prepared on first use.
    ///
    /// - Throws: ``SQLiteError`` when the statement cannot be prepared; the slot stays empty.
    func slottedStatement(_ slot: StatementSlot) throws(SQLiteError) -> Statement {
        if slot.index < slots.count, let statement = slots[slot.index] { return statement }
        let statement = try Statement(
            database: handle, path: path, sql: slot.sql, persistent: true)
        if slot.index >= slots.count {
            slots.append(contentsOf: repeatElement(nil, count: slot.index + 1 - slots.count))
        }
        slots[slot.index] = statement
        return statement
    }

    /// Runs a one-off statement (a pragma used once per connection) without caching it.
    ///
    /// - Returns: The first column of the first row as text, if the statement returned a row.
    @discardableResult
    func execute(_ sql: String) throws(SQLiteError) -> String? {
        let statement = try Statement(database: handle, path: path, sql: sql, persistent: false)
        var first: String?
        while try statement.step() {
            if first == nil { first = statement.text(at: 0) }
        }
        return first
    }

    /// Runs the cached statement for `sql`, which takes no parameters, to completion.
    func run(_ sql: String) throws(SQLiteError) {
        try withStatement(sql) { statement throws(SQLiteError) in try statement.run() }
    }
}

// MARK: - Transactions

extension Connection {
    /// Runs `body` inside a `BEGIN IMMEDIATE` transaction and commits it.
    ///
    /// `IMMEDIATE` takes the write lock up front, waiting for it under the busy timeout; a
    /// deferred transaction that read first could instead fail with `SQLITE_BUSY` when it tries
    /// to write, without waiting. When `body` or the commit throws, the transaction is rolled back.
    func immediateTransaction<Result>(
        _ body: () throws(SQLiteError) -> Result
    ) throws(SQLiteError) -> Result {
        try immediateTransaction(body, failing: { $0 })
    }

    /// ``immediateTransaction(_:)`` for a `body` that throws errors of its own type: a failure
    /// of `BEGIN IMMEDIATE` or `COMMIT` is turned into one by `failure`.
    func immediateTransaction<Result, Failure: Error>(
        _ body: () throws(Failure) -> Result, failing failure: (SQLiteError) -> Failure
    ) throws(Failure) -> Result {
        try writing { () throws(Failure) -> Result in
            try immediateTransactionWithoutHeldReads(body, failing: failure)
        }
    }

    private func immediateTransactionWithoutHeldReads<Result, Failure: Error>(
        _ body: () throws(Failure) -> Result, failing failure: (SQLiteError) -> Failure
    ) throws(Failure) -> Result {
        do {
            try runTransactionStatement(&begin, "BEGIN IMMEDIATE")
        } catch {
            throw failure(error)
        }
        do throws(Failure) {
            let result = try body()
            do {
                try runTransactionStatement(&commit, "COMMIT")
            } catch {
                throw failure(error)
            }
            return result
        } catch {
            rollback()
            throw error
        }
    }

    /// Runs `BEGIN IMMEDIATE` or `COMMIT` from its own property, prepared once; a statement that
    /// failed is prepared afresh next time, as in the cache.
    func runTransactionStatement(
        _ statement: inout Statement?, _ sql: String
    ) throws(SQLiteError) {
        let prepared: Statement
        if let statement {
            prepared = statement
        } else {
            prepared = try Statement(database: handle, path: path, sql: sql, persistent: true)
            statement = prepared
        }
        defer { prepared.reset() }
        do {
            try prepared.run()
        } catch {
            statement = nil
            throw error
        }
    }

    /// Rolls back the open transaction, if SQLite has not already done so.
    func rollback() {
        guard !isAutocommit else { return }
        // A failed rollback leaves nothing more to do: SQLite rolls back on close.
        _ = try? run("ROLLBACK")
    }
}
