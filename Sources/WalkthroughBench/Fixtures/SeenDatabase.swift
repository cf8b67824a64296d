import CSQLite
import WalkthroughKit

/// Builds walkthrough stores holding many users, fast, for the store suites.
///
/// The store itself creates the file (schema, `application_id`, `user_version`, rollback
/// journal), so the result is exactly what `SQLiteSeenStore` and `walkthrough seen` expect. The
/// rows then go in through the C API: one transaction, one prepared insert, in primary-key
/// order, `synchronous=OFF` while building.
enum SeenDatabase {
    /// The walkthrough every record is about.
    static let walkthrough = "bench"

    /// The name of user `index`: `user-0000042`. Zero-padded so that byte order is index order.
    static func user(_ index: Int) -> String {
        let digits = String(index)
        return "user-" + String(repeating: "0", count: max(0, 7 - digits.count)) + digits
    }

    /// Creates `path` holding `users` records (`user(0) ..< user(users)`, all `completed` at
    /// version 1).
    static func build(path: String, users: Int) throws {
        try build(path: path, users: users, records: [(walkthrough, 1)])
    }

    /// Creates `path` with records of `users` users: for each `(walkthrough, every)` of
    /// `records`, a `completed` record at version 1 for every `every`-th user (`user(0)`,
    /// `user(every)`, …). `records` must be sorted by walkthrough, so that the rows go in in
    /// primary-key order.
    static func build(
        path: String, users: Int, records: [(walkthrough: String, every: Int)]
    )
        throws
    {
        precondition(records.allSatisfy { $0.every >= 1 }, "every is at least 1")
        do {
            _ = try SQLiteSeenStore(path: path)
        } catch {
            throw BenchError("cannot create the store \(path): \(error)")
        }
        let raw = try RawSQLite(path: path, synchronous: "OFF")
        try raw.execute("PRAGMA cache_size = -262144")
        try raw.execute("BEGIN IMMEDIATE")
        let insert = try raw.prepare(
            """
            INSERT INTO seen (user, walkthrough, version, outcome, last_page, updated_at)
            VALUES (?1, ?2, 1, 'completed', 2, ?3)
            """)
        defer { sqlite3_finalize(insert) }
        let stamp = Clock.millisecondsSince1970()
        let walkthroughs = CStrings(records.map(\.walkthrough))
        var name: [CChar] = Array("user-0000000".utf8CString)
        sqlite3_bind_int64(insert, 3, stamp)
        for index in 0..<users {
            // user-NNNNNNN, written into the buffer in place.
            var value = index
            for position in stride(from: 11, through: 5, by: -1) {
                name[position] = CChar(UInt8(ascii: "0") + UInt8(value % 10))
                value /= 10
            }
            for (column, record) in records.enumerated() where index % record.every == 0 {
                sqlite3_bind_text(
                    insert, 2, walkthroughs.pointer(column), walkthroughs.length(column),
                    sqliteStatic)
                let code = name.withUnsafeBufferPointer { buffer in
                    sqlite3_bind_text(insert, 1, buffer.baseAddress, 12, sqliteStatic)
                    return sqlite3_step(insert)
                }
                guard code == SQLITE_DONE else {
                    throw BenchError("building \(path): insert \(index) failed: \(raw.message)")
                }
                sqlite3_reset(insert)
            }
        }
        sqlite3_clear_bindings(insert)
        try raw.execute("COMMIT")
    }
}
