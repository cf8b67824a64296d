import CSQLite

/// The destructor that tells SQLite to copy a bound value before the bind call returns.
///
/// `SQLITE_TRANSIENT` is a C macro (`((sqlite3_destructor_type)-1)`) that Swift cannot import.
/// ``Statement/bind(_:at:)`` uses it: the Swift buffer a string lends us is only valid
/// during the call.
let sqliteTransient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// `SQLITE_STATIC` (a null destructor): SQLite uses the bound bytes where they are, without
/// copying them. Only ``Statement/withBorrowedText(_:_:_:)`` uses it, which unbinds them before
/// the buffer goes away.
let sqliteStatic: sqlite3_destructor_type? = nil

/// A prepared statement: typed binds in, typed columns out.
///
/// The statement owns its `sqlite3_stmt` and finalizes it when released. It is not `Sendable`:
/// it belongs to its ``Connection`` and is only used under the lock that guards that connection.
final class Statement {
    /// The prepared statement handle.
    let handle: OpaquePointer
    /// The SQL the statement was prepared from (the cache's key, and part of every error).
    let sql: String
    /// The database file, for errors.
    let path: String
    private let database: OpaquePointer

    /// Prepares `sql` on `database`.
    ///
    /// - Parameter persistent: A hint to SQLite that the statement will be kept and reused
    ///   (`SQLITE_PREPARE_PERSISTENT`), as cached statements are.
    /// - Throws: ``SQLiteError`` when SQLite cannot compile the statement (a syntax error, a
    ///   table or column that does not exist, a database it cannot read).
    init(
        database: OpaquePointer, path: String, sql: String, persistent: Bool
    ) throws(SQLiteError) {
        var statement: OpaquePointer?
        let flags = persistent ? UInt32(SQLITE_PREPARE_PERSISTENT) : 0
        let code = sqlite3_prepare_v3(database, sql, -1, flags, &statement, nil)
        guard code == SQLITE_OK, let statement else {
            sqlite3_finalize(statement)
            throw SQLiteError(
                code: code, database: database, sql: sql, path: path, operation: .prepare)
        }
        self.handle = statement
        self.sql = sql
        self.database = database
        self.path = path
    }

    deinit {
        sqlite3_finalize(handle)
    }

    // MARK: - Binding

    /// Binds a string to the 1-based parameter `index`. SQLite copies the bytes.
    ///
    /// The string is bound by its exact UTF-8 bytes and length, so embedded NUL characters and
    /// the empty string are stored as they are.
    func bind(_ text: String, at index: Int32) throws(SQLiteError) {
        let code =
            text.utf8.withContiguousStorageIfAvailable { bytes in
                bindText(bytes, at: index)
            } ?? Array(text.utf8).withUnsafeBufferPointer { bytes in bindText(bytes, at: index) }
        try check(code)
    }

    /// Binds `bytes` as text to the 1-based parameter `index`, exactly as they are (even when
    /// they are not valid UTF-8: a key read back with ``textBytes(at:)``). SQLite copies them.
    func bind(textBytes bytes: [UInt8], at index: Int32) throws(SQLiteError) {
        try check(bytes.withUnsafeBufferPointer { bindText($0, at: index) })
    }

    /// Binds an integer to the 1-based parameter `index`.
    func bind(_ value: Int, at index: Int32) throws(SQLiteError) {
        try check(sqlite3_bind_int64(handle, index, Int64(value)))
    }

    /// Binds a 64-bit integer to the 1-based parameter `index`.
    func bind(_ value: Int64, at index: Int32) throws(SQLiteError) {
        try check(sqlite3_bind_int64(handle, index, value))
    }

    /// Binds a string, or SQL `NULL` when there is none, to the 1-based parameter `index`.
    func bind(_ text: String?, at index: Int32) throws(SQLiteError) {
        if let text { try bind(text, at: index) } else { try bindNull(at: index) }
    }

    /// Binds an integer, or SQL `NULL` when there is none, to the 1-based parameter `index`.
    func bind(_ value: Int?, at index: Int32) throws(SQLiteError) {
        if let value { try bind(value, at: index) } else { try bindNull(at: index) }
    }

    /// Binds `bytes` as text; with `SQLITE_STATIC` the caller keeps them alive until unbound.
    /// Binds SQL `NULL` to the 1-based parameter `index`.
    func bindNull(at index: Int32) throws(SQLiteError) {
        try check(sqlite3_bind_null(handle, index))
    }

    private func bindText(
        _ bytes: UnsafeBufferPointer<UInt8>, at index: Int32,
        destructor: sqlite3_destructor_type? = sqliteTransient
    ) -> Int32 {
        // A nil pointer would bind NULL, not the empty string; an empty text is always copied
        // (there is no buffer to borrow).
        guard let base = bytes.baseAddress, !bytes.isEmpty else {
            return sqlite3_bind_text(handle, index, "", 0, sqliteTransient)
        }
        return base.withMemoryRebound(to: CChar.self, capacity: bytes.count) { chars in
            sqlite3_bind_text(handle, index, chars, Int32(bytes.count), destructor)
        }
    }

    /// Binds `first` to parameter 1 and `second` to parameter 2 *without copying them*, runs
    /// `body`, and unbinds both before returning.
    ///
    /// The hot paths (`hasSeen`, `markSeen`) bind a user and a walkthrough id on every call;
    /// copying them (``bind(_:at:)`` with `SQLITE_TRANSIENT`) costs SQLite a `malloc`, a
    /// copy and a `free` each. Here SQLite reads the strings' own UTF-8 storage in place
    /// (`SQLITE_STATIC`).
    ///
    /// Why this is safe: `String.withUTF8` lends the bytes only for the duration of its
    /// closure, and SQLite may read bound text whenever the statement runs, until the value is
    /// unbound. So everything that runs the statement happens inside `body`, and before the
    /// closures return the statement is reset (no step in progress) and its bindings cleared
    /// (`sqlite3_clear_bindings`: SQLite forgets the pointers) — on every path, errors
    /// included. Nothing SQLite returns points into the bound text: result columns come from
    /// the database pages, and `body` converts them to Swift values before returning.
    ///
    /// - Parameter body: Binds any other parameters, steps the statement and reads its results.
    /// - Throws: ``SQLiteError`` from binding or from `body`.
    func withBorrowedText<Result>(
        _ first: String, _ second: String, _ body: () throws(SQLiteError) -> Result
    ) throws(SQLiteError) -> Result {
        var first = first
        var second = second
        // The failure travels beside the value rather than in a `Swift.Result`, whose generic
        // metadata the runtime would build on first use by searching every conformance record
        // for `SQLiteError: Error`: a cost on the gate's launch.
        var failure: SQLiteError?
        let value = first.withUTF8 { firstBytes in
            second.withUTF8 { secondBytes -> Result? in
                defer {
                    sqlite3_reset(handle)
                    sqlite3_clear_bindings(handle)
                }
                do throws(SQLiteError) {
                    try check(bindText(firstBytes, at: 1, destructor: sqliteStatic))
                    try check(bindText(secondBytes, at: 2, destructor: sqliteStatic))
                    return try body()
                } catch {
                    failure = error
                    return nil
                }
            }
        }
        if let failure { throw failure }
        guard let value else { preconditionFailure("withBorrowedText: no value and no failure") }
        return value
    }

    // MARK: - Stepping

    /// Runs the statement one step.
    ///
    /// - Returns: `true` when a row is available to read, `false` when the statement is done.
    /// - Throws: ``SQLiteError`` with the statement's SQL (`SQLITE_BUSY` once the busy timeout
    ///   has passed, `SQLITE_CONSTRAINT`, `SQLITE_CORRUPT`, …).
    func step() throws(SQLiteError) -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            throw SQLiteError(
                code: code, database: database, sql: sql, path: path, operation: .step)
        }
    }

    /// Runs the statement to completion, ignoring any rows.
    func run() throws(SQLiteError) {
        while try step() {}
    }

    /// Makes the statement ready to run again and releases what its last run held (an open
    /// read transaction, in WAL mode). Bindings are kept; every use binds every parameter.
    func reset() {
        // The result repeats the last step's error, which was already reported.
        _ = sqlite3_reset(handle)
    }

    // MARK: - Columns

    /// The storage class of the 0-based `column` of the current row: `SQLITE_INTEGER`,
    /// `SQLITE_FLOAT`, `SQLITE_TEXT`, `SQLITE_BLOB` or `SQLITE_NULL`. A column's declared type does
    /// not bind what another program may have stored in it.
    func storageClass(at column: Int32) -> Int32 {
        sqlite3_column_type(handle, column)
    }

    /// How many columns a row of this statement has (0 for one that returns no rows).
    var columnCount: Int32 { sqlite3_column_count(handle) }

    /// The integer in the 0-based `column` of the current row.
    func int(at column: Int32) -> Int {
        Int(sqlite3_column_int64(handle, column))
    }

    /// The real number in the 0-based `column` of the current row.
    func double(at column: Int32) -> Double {
        sqlite3_column_double(handle, column)
    }

    /// The 64-bit integer in the 0-based `column` of the current row.
    func int64(at column: Int32) -> Int64 {
        sqlite3_column_int64(handle, column)
    }

    /// The text in the 0-based `column` of the current row, read by its byte length (so embedded
    /// NUL characters survive); invalid UTF-8 is repaired with U+FFFD.
    func text(at column: Int32) -> String {
        guard let bytes = sqlite3_column_text(handle, column) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    /// The bytes of the text in the 0-based `column` of the current row, exactly as stored:
    /// unlike ``text(at:)``, invalid UTF-8 is not repaired, so the value can be bound again to
    /// find the same row.
    func textBytes(at column: Int32) -> [UInt8] {
        guard let bytes = sqlite3_column_text(handle, column) else { return [] }
        let count = Int(sqlite3_column_bytes(handle, column))
        return Array(UnsafeBufferPointer(start: bytes, count: count))
    }

    private func check(_ code: Int32) throws(SQLiteError) {
        guard code == SQLITE_OK else {
            throw SQLiteError(
                code: code, database: database, sql: sql, path: path, operation: .bind)
        }
    }
}
