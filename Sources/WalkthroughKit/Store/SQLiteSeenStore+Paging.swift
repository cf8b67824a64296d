import CSQLite

// MARK: - Reading every record, a page at a time

extension SQLiteSeenStore {
    /// How many records ``forEachRecord(user:_:)`` reads at a time.
    static let recordPageSize = 1_000

    /// Calls `body` with every record of `user`, or of every user when `nil`, ordered by user
    /// then walkthrough (by their bytes), as ``records(user:)`` returns them, reading
    /// 1,000 records at a time.
    ///
    /// Listing a store of a million records this way holds one page of them in memory. Each
    /// page is one short read under the connection's lock; `body` runs outside it, so it may use
    /// the store. The next page starts after the last record seen (keyset paging on the primary
    /// key, by the exact stored bytes), so a record written meanwhile appears at most once, in its
    /// place in the order.
    ///
    /// - Throws: ``SeenStoreError`` when a page cannot be read (the records before it have been
    ///   passed to `body`), or what `body` throws, which ends the iteration.
    public func forEachRecord(user: String?, _ body: (SeenRecord) throws -> Void) throws {
        try forEachRecord(user: user, pageSize: Self.recordPageSize, body)
    }

    /// ``forEachRecord(user:_:)`` with pages of `pageSize` records, for tests.
    func forEachRecord(
        user: String?, pageSize: Int, _ body: (SeenRecord) throws -> Void
    ) throws {
        precondition(pageSize >= 1, "a page holds at least one record")
        var after: RecordKey?
        while true {
            let page = try recordPage(user: user, after: after, limit: pageSize)
            for record in page.records { try body(record) }
            guard page.records.count == pageSize, let last = page.last else { return }
            // Keyset paging only ever moves forward; a page that ends where the last one did
            // means the key does not compare as stored (decodeRecord refuses such rows, so this
            // is a last line of defence against looping for ever).
            guard last != after else {
                throw SeenStoreError.corrupt(
                    path: path, detail: "reading its records in order went back to a record")
            }
            after = last
        }
    }

    /// The primary key of a record as stored: bytes, not strings, so that a value that is not
    /// valid UTF-8 (a file written by another tool) finds its own row again.
    struct RecordKey: Sendable, Equatable {
        var user: [UInt8]
        var walkthrough: [UInt8]
    }

    /// Up to `limit` records after `after` (from the first when `nil`), and the key of the last.
    private struct RecordPage: Sendable {
        var records: [SeenRecord] = []
        var last: RecordKey?
    }

    private func recordPage(
        user: String?, after: RecordKey?, limit: Int
    ) throws(SeenStoreError) -> RecordPage {
        let sql: String
        switch (user, after) {
        case (nil, nil): sql = PageSQL.first
        case (nil, _?): sql = PageSQL.after
        case (_?, nil): sql = PageSQL.userFirst
        case (_?, _?): sql = PageSQL.userAfter
        }
        return try withConnection { connection throws(SQLiteError) in
            try connection.withStatement(sql) { statement throws(SQLiteError) in
                var index: Int32 = 1
                if let user {
                    try statement.bind(user, at: index)
                    index += 1
                }
                if let after {
                    if user == nil {
                        try statement.bind(textBytes: after.user, at: index)
                        index += 1
                    }
                    try statement.bind(textBytes: after.walkthrough, at: index)
                    index += 1
                }
                try statement.bind(limit, at: index)
                var page = RecordPage()
                page.records.reserveCapacity(limit)
                while try statement.step() {
                    page.records.append(try Self.decodeRecord(statement))
                    page.last = RecordKey(
                        user: statement.textBytes(at: 0), walkthrough: statement.textBytes(at: 1))
                }
                return page
            }
        }
    }

    /// The paging queries: each one range scan of the primary key.
    private enum PageSQL {
        static let columns = "SELECT user, walkthrough, version, outcome, last_page, updated_at"

        static let first = "\(columns) FROM seen ORDER BY user, walkthrough LIMIT ?1"

        static let after = """
            \(columns) FROM seen WHERE (user, walkthrough) > (?1, ?2)
            ORDER BY user, walkthrough LIMIT ?3
            """

        static let userFirst = "\(columns) FROM seen WHERE user = ?1 ORDER BY walkthrough LIMIT ?2"

        static let userAfter = """
            \(columns) FROM seen WHERE user = ?1 AND walkthrough > ?2
            ORDER BY walkthrough LIMIT ?3
            """
    }
}
