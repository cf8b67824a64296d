import WalkthroughKit

/// A failure libpq or the server reported, with what was being done when it happened.
///
/// The PostgreSQL counterpart of ``SQLiteError``, after psycopg's `Error`: the server's SQLSTATE
/// and message fields (`PQresultErrorField`), the statement that failed, and whether the
/// connection itself is gone afterwards (`PQstatus`), which is what decides a reconnect and a
/// retry. The store turns it into a ``SeenStoreError/ServerError`` a user can act on; this type never
/// leaves the module, and its messages have already had the password removed.
struct PostgresFailure: Error, Sendable, CustomStringConvertible {
    /// The step of using libpq that failed.
    enum Operation: String, Sendable {
        case connect, prepare, execute
    }

    /// The five-character SQLSTATE (`40001`), or `nil` for a failure on the client's side (a
    /// lost connection, a refused connection attempt).
    var sqlState: String?
    /// The primary message (the server's, or libpq's), on one line, password removed.
    var message: String
    /// The server's DETAIL field, if any.
    var detail: String?
    /// The statement that failed, if one did.
    var sql: String?
    /// What was being done.
    var operation: Operation
    /// Whether the connection was unusable after the failure (`CONNECTION_BAD`): the server went
    /// away, restarted, or a failover happened; nothing of the call was acknowledged.
    var connectionLost: Bool

    /// Whether retrying the same transaction can succeed: a serialization failure (`40001`) or
    /// a deadlock (`40P01`), both of which roll the transaction back.
    var isTransient: Bool { sqlState == "40001" || sqlState == "40P01" }

    var description: String {
        var text = "PostgreSQL error"
        if let sqlState { text += " \(sqlState)" }
        text += " while trying to \(operation.rawValue): \(message)"
        if let detail { text += " (\(detail))" }
        if let sql { text += " [SQL: \(sql)]" }
        return text
    }
}
