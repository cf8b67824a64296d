import CSQLite

/// An error SQLite reported, with what was being done when it happened.
///
/// Modelled on GRDB's `DatabaseError`: the result code (primary and extended), SQLite's own
/// message, the SQL that failed (when a statement failed) and the database file, so that a log
/// line alone says what went wrong where. The store turns it into a ``SeenStoreError`` a user can
/// act on; this type never leaves the module.
struct SQLiteError: Error, Sendable, CustomStringConvertible {
    /// The extended result code (`SQLITE_BUSY_SNAPSHOT`, `SQLITE_READONLY_DIRECTORY`, …).
    var extendedCode: Int32
    /// SQLite's message, e.g. `database is locked`.
    var message: String
    /// The statement that failed, if a statement failed.
    var sql: String?
    /// The database file, as the caller named it.
    var path: String
    /// What was being done: opening, preparing a statement, binding, running it, configuring.
    var operation: Operation
    /// The operating system's `errno` behind an I/O or open failure (`ENOSPC` for a full disk),
    /// or 0 when SQLite reported none.
    var systemErrno: Int32 = 0

    /// The step of using SQLite that failed.
    enum Operation: String, Sendable {
        case open, prepare, bind, step, configure
    }

    /// The primary result code (`SQLITE_BUSY`, `SQLITE_READONLY`, …): the low 8 bits of the
    /// extended code.
    var resultCode: Int32 { extendedCode & 0xFF }

    /// An error with an explicit code and message.
    init(
        code: Int32, message: String, sql: String? = nil, path: String, operation: Operation
    ) {
        self.extendedCode = code
        self.message = message
        self.sql = sql
        self.path = path
        self.operation = operation
    }

    /// The error a call on `database` just returned as `code`, with SQLite's message for it.
    ///
    /// - Parameter database: The connection, or `nil` when there is none (a failed open that
    ///   returned no handle); SQLite's generic text for `code` is used then.
    init(
        code: Int32, database: OpaquePointer?, sql: String? = nil, path: String,
        operation: Operation
    ) {
        var message = String(cString: sqlite3_errstr(code))
        if let database, sqlite3_errcode(database) != SQLITE_OK {
            message = String(cString: sqlite3_errmsg(database))
        }
        self.init(code: code, message: message, sql: sql, path: path, operation: operation)
        if let database { systemErrno = sqlite3_system_errno(database) }
    }

    var description: String {
        var text = "SQLite error \(resultCode)"
        if extendedCode != resultCode { text += " (extended \(extendedCode))" }
        text += " while trying to \(operation.rawValue): \(message) [database: \(path)]"
        if let sql { text += " [SQL: \(sql)]" }
        return text
    }
}
