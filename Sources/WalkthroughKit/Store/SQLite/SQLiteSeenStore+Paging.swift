import CSQLite

// MARK: - Reading every record, a page at a time

extension SQLiteSeenStore {
    /// How many records ``forEachRecord(user:_:)`` reads at a time.
    static let recordPageSize = KeysetPaging.pageSize

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
        try KeysetPaging.forEachRecord(
            pageSize: pageSize, location: path,
            read: { after, limit throws(SeenStoreError) in
                try recordPage(user: user, after: after, limit: limit)
            }, body)
    }

    /// The primary key of a record as stored: bytes, not strings, so that a value that is not
    /// valid UTF-8 (a file written by another tool) finds its own row again.
    struct RecordKey: Sendable, Equatable {
        var user: [UInt8]
        var walkthrough: [UInt8]
    }

    private func recordPage(
        user: String?, after: RecordKey?, limit: Int
    ) throws(SeenStoreError) -> [(item: SeenRecord, key: RecordKey)] {
        let sql = SeenSQL.page(
            SeenSQL.Page(user: user != nil, continuing: after != nil), .sqlite, snooze: hasSnooze)
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
                var page: [(item: SeenRecord, key: RecordKey)] = []
                page.reserveCapacity(limit)
                while try statement.step() {
                    // Decoded first: reading a column as text changes its storage class, and
                    // the decoding checks that class.
                    let record = try Self.decodeRecord(statement)
                    let key = RecordKey(
                        user: statement.textBytes(at: 0), walkthrough: statement.textBytes(at: 1))
                    page.append((record, key))
                }
                return page
            }
        }
    }
}
