import CLibPQ
import WalkthroughKit

/// One `PGresult`, cleared when released: the rows of a query in libpq's text format.
///
/// Not `Sendable`: it lives only inside one call on the connection.
final class PostgresResult {
    /// The result handle; never `NULL`.
    let handle: OpaquePointer

    /// Takes ownership of `handle`.
    init(_ handle: OpaquePointer) {
        self.handle = handle
    }

    deinit { PQclear(handle) }

    /// `PGRES_COMMAND_OK`, `PGRES_TUPLES_OK`, `PGRES_FATAL_ERROR`, …
    var status: ExecStatusType { PQresultStatus(handle) }

    /// Whether the command succeeded.
    var succeeded: Bool { status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK }

    /// The number of rows returned.
    var rowCount: Int { Int(PQntuples(handle)) }

    /// The number of rows an `INSERT`, `UPDATE` or `DELETE` affected (`PQcmdTuples`).
    var affectedRows: Int { Int(String(cString: PQcmdTuples(handle))) ?? 0 }

    /// Whether the value at `row`, `column` is SQL `NULL`.
    func isNull(_ row: Int, _ column: Int) -> Bool {
        PQgetisnull(handle, Int32(row), Int32(column)) == 1
    }

    /// The value at `row`, `column` as text, or `nil` for `NULL`.
    func text(_ row: Int, _ column: Int) -> String? {
        guard !isNull(row, column) else { return nil }
        guard let value = PQgetvalue(handle, Int32(row), Int32(column)) else { return nil }
        return String(cString: value)
    }

    /// The value at `row`, `column` as an integer, or `nil` for `NULL` or non-numbers.
    func int64(_ row: Int, _ column: Int) -> Int64? {
        text(row, column).flatMap { Int64($0) }
    }

    /// One of the result's error fields (`WALKTHROUGH_PG_DIAG_SQLSTATE`, …), if set.
    func errorField(_ field: Int) -> String? {
        PQresultErrorField(handle, Int32(field)).map { String(cString: $0) }
    }
}
