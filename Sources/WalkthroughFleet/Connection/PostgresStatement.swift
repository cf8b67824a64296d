import CLibPQ
import WalkthroughKit

/// A statement ``PostgresConnection`` prepares once per connection under a fixed name
/// (`PQprepare`) and then runs with `PQexecPrepared`.
///
/// `package` so that the benchmark's raw libpq side runs the store's statements word for
/// word (as it runs ``StatementSlot``'s SQL against SQLite).
package struct PostgresStatement: Sendable, Hashable {
    /// The server-side statement name: the given one and a digest of the SQL
    /// (`walkthrough_record_1a2b3c4d`), so that behind a pooler a statement another client
    /// prepared under this name on a shared server connection is this very SQL (another
    /// build's differs).
    package let name: String
    /// The SQL, with `$1`, `$2`, … for the values.
    package let sql: String
    /// The parameters' type OIDs (``PostgresConnection/text``, ``PostgresConnection/int8``),
    /// in order.
    let parameterTypes: [Oid]

    /// A statement named `name` plus the digest of `sql`.
    init(name: String, sql: String, parameterTypes: [Oid]) {
        // FNV-1a, 32 bits, over the SQL's bytes: stable across processes and builds.
        self.name = name + "_" + FNV1a.hex(FNV1a.hash32(sql.utf8))
        self.sql = sql
        self.parameterTypes = parameterTypes
    }
}
