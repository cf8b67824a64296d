import CSQLite

// MARK: - Donations

extension SQLiteSeenStore: DonationStore {
    /// The statements of the donations (schema version 6).
    enum DonationSQL {
        static let insert = DonationSchema.insert(.sqlite)
        static let prune = DonationSchema.prune(.sqlite)
    }

    /// Whether the file has donations: every store that writes, and a read-only store of
    /// schema version 6 or later.
    var hasDonations: Bool { storedSchemaVersion >= 6 }

    /// Appends the donation, stamped now, and removes the user's donations of `name` past the
    /// newest 1,000, in one `BEGIN IMMEDIATE` transaction; durable when it returns.
    package func donate(_ name: String, user: String) throws(SeenStoreError) -> Timestamp {
        let stamp = now().millisecondsSince1970
        try withConnection { connection throws(SQLiteError) in
            try connection.immediateTransaction { () throws(SQLiteError) in
                try Self.insertDonation(name, user: user, stamp: stamp, on: connection)
            }
        }
        return Timestamp(millisecondsSince1970: stamp)
    }

    /// The insert and the pruning of ``donate(_:user:)``, inside a transaction the caller
    /// holds (the replica adds its outbox entry to it).
    static func insertDonation(
        _ name: String, user: String, stamp: Int64, on connection: Connection
    ) throws(SQLiteError) {
        try connection.withStatement(DonationSQL.insert) { statement throws(SQLiteError) in
            try statement.bind(stamp, at: 1)
            try statement.bind(user, at: 2)
            try statement.bind(name, at: 3)
            try statement.run()
        }
        try connection.withStatement(DonationSQL.prune) { statement throws(SQLiteError) in
            try statement.bind(user, at: 1)
            try statement.bind(name, at: 2)
            try statement.run()
        }
    }

    /// The counts in one statement (``DonationSchema/countQuery(names:dialect:)``): one range
    /// of the index per name. A store from before donations (read-only) has none.
    package func donationCounts(
        user: String, of names: [(name: String, since: Timestamp?)]
    ) throws(SeenStoreError) -> [Int] {
        guard hasDonations, !names.isEmpty else { return names.map { _ in 0 } }
        let sql = DonationSchema.countQuery(names: names.count, dialect: .sqlite)
        return try withConnection { connection throws(SQLiteError) -> [Int] in
            try connection.withStatement(sql) { statement throws(SQLiteError) -> [Int] in
                try statement.bind(user, at: 1)
                for (index, entry) in names.enumerated() {
                    try statement.bind(entry.name, at: Int32(2 + 2 * index))
                    try statement.bind(
                        entry.since?.millisecondsSince1970 ?? Int64.min, at: Int32(3 + 2 * index))
                }
                guard try statement.step() else { return names.map { _ in 0 } }
                return (0..<names.count).map { statement.int(at: Int32($0)) }
            }
        }
    }
}
