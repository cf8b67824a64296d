import CLibPQ

/// A statement ``PostgresConnection`` prepares once per connection under a fixed name
/// (`PQprepare`) and then runs with `PQexecPrepared`.
///
/// `package` so that the benchmark's raw libpq side runs the store's statements word for
/// word (as it runs ``StatementSlot``'s SQL against SQLite).
package struct PostgresStatement: Sendable, Hashable {
    /// The server-side statement name (`walkthrough_record`).
    package let name: String
    /// The SQL, with `$1`, `$2`, … for the values.
    package let sql: String
    /// The parameters' type OIDs (``PostgresConnection/text``, ``PostgresConnection/int8``),
    /// in order.
    let parameterTypes: [Oid]
}
