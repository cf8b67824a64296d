import CLibPQ
import WalkthroughKit

/// The baseline side of the PostgreSQL lines: libpq's C API used the way a careful C program
/// would, with nothing in between.
///
/// One connection from the same URL as the store's; statements prepared once (`PQprepare`,
/// with the store's parameter types) and run with `PQexecPrepared`, the values passed as the
/// `char *` a C program holds (``CStrings``), text results.
final class RawLibPQ {
    /// The connection.
    let handle: OpaquePointer

    /// The OIDs of `text` and `bigint`, the parameter types the store prepares with.
    static let text: Oid = 25
    static let int8: Oid = 20

    /// Connects to `url`.
    ///
    /// - Throws: ``BenchError`` with libpq's message (which never holds the password).
    init(url: String) throws {
        guard let handle = PQconnectdb(url) else { throw BenchError("PQconnectdb: out of memory") }
        guard PQstatus(handle) == CONNECTION_OK else {
            let message = String(cString: PQerrorMessage(handle))
            PQfinish(handle)
            throw BenchError("raw libpq cannot connect: \(CharacterSafety.oneLine(message))")
        }
        PQsetNoticeProcessor(handle, { _, _ in }, nil)
        self.handle = handle
    }

    deinit {
        PQfinish(handle)
    }

    /// Runs fixed SQL (one or more statements) and returns the first value of its last
    /// result, if any.
    @discardableResult
    func execute(_ sql: String) throws -> String? {
        let result = PQexec(handle, sql)
        defer { PQclear(result) }
        let status = PQresultStatus(result)
        guard status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK else {
            throw BenchError("\(CharacterSafety.oneLine(sql)): \(message)")
        }
        guard PQntuples(result) > 0, PQnfields(result) > 0, PQgetisnull(result, 0, 0) == 0
        else { return nil }
        return String(cString: PQgetvalue(result, 0, 0))
    }

    /// Prepares `sql` under `name` with the given parameter types.
    func prepare(name: String, sql: String, types: [Oid]) throws {
        let result = types.withUnsafeBufferPointer { buffer in
            PQprepare(handle, name, sql, Int32(buffer.count), buffer.baseAddress)
        }
        defer { PQclear(result) }
        guard PQresultStatus(result) == PGRES_COMMAND_OK else {
            throw BenchError("cannot prepare \(CharacterSafety.oneLine(sql)): \(message)")
        }
    }

    /// libpq's message for the last error, on one line.
    var message: String { CharacterSafety.oneLine(String(cString: PQerrorMessage(handle))) }
}
