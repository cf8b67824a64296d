package import WalkthroughKit

// MARK: - Donations

extension PostgresSeenStore: DonationStore {
    /// The statements of the donations (schema version 7).
    enum DonationSQL {
        typealias Prepared = PostgresConnection.Prepared
        private static let text = PostgresConnection.text
        private static let int8 = PostgresConnection.int8

        /// `$1` the time, `$2` the user, `$3` the name.
        static let insert = Prepared(
            name: "walkthrough_donate", sql: DonationSchema.insert(.postgresql),
            parameterTypes: [int8, text, text])
        /// `$1` the user, `$2` the name: what falls past the newest 1,000.
        static let prune = Prepared(
            name: "walkthrough_donations_prune", sql: DonationSchema.prune(.postgresql),
            parameterTypes: [text, text])
        /// The one statement of a decision, for `names` names.
        static func counts(names: Int) -> Prepared {
            Prepared(
                name: "walkthrough_donation_counts_\(names)",
                sql: DonationSchema.countQuery(names: names, dialect: .postgresql),
                parameterTypes: [text]
                    + Array(repeating: [text, int8], count: names).flatMap {
                        $0
                    })
        }
        /// Every donation of `$1`, for a replica's refresh: `(name, time)`.
        static let ofUser = Prepared(
            name: "walkthrough_user_donations",
            sql: "SELECT name, time FROM walkthrough_donations WHERE user_name = $1",
            parameterTypes: [text])
        /// Whether this role may delete donations (a role granted before donations were).
        static let mayReset = "SELECT has_table_privilege('walkthrough_donations', 'DELETE')"
        /// Whether this role may read them.
        static let mayRead = "SELECT has_table_privilege('walkthrough_donations', 'SELECT')"
    }

    /// Whether the tables have donations this role may read: asked once per store.
    private func mayReadDonations() throws(SeenStoreError) -> Bool {
        guard hasSnooze else { return false }
        if let known = donationsReadable.withLock({ $0 }) { return known }
        let readable = try withConnection { connection throws(PostgresFailure) in
            try connection.execute(DonationSQL.mayRead).text(0, 0) == "t"
        }
        donationsReadable.withLock { $0 = readable }
        return readable
    }

    /// Appends the donation, stamped now, and removes the user's donations of `name` past the
    /// newest 1,000, in one transaction; committed when it returns.
    package func donate(_ name: String, user: String) throws(SeenStoreError) -> Timestamp {
        let stamp = now().millisecondsSince1970
        try withConnection { connection throws(PostgresFailure) in
            try connection.transaction { () throws(PostgresFailure) in
                try connection.execute(DonationSQL.insert, [String(stamp), user, name])
                try connection.execute(DonationSQL.prune, [user, name])
            }
        }
        return Timestamp(millisecondsSince1970: stamp)
    }

    /// The counts in one statement: one range of the index per name. Tables from before
    /// donations (read as they are), or a role that may not read them, have none.
    package func donationCounts(
        user: String, of names: [(name: String, since: Timestamp?)]
    ) throws(SeenStoreError) -> [Int] {
        guard !names.isEmpty, try mayReadDonations() else { return names.map { _ in 0 } }
        var parameters: [String?] = [user]
        for entry in names {
            parameters += [
                entry.name, String(entry.since?.millisecondsSince1970 ?? Int64.min),
            ]
        }
        let statement = DonationSQL.counts(names: names.count)
        return try withConnection { connection throws(PostgresFailure) -> [Int] in
            let result = try connection.execute(statement, parameters)
            guard result.rowCount > 0 else { return names.map { _ in 0 } }
            return (0..<names.count).map { Int(result.int64(0, $0) ?? 0) }
        }
    }

    /// Every donation of `user` (a name and a time each), for a replica's refresh; `nil` when
    /// this role may not read them (the replica then keeps its own).
    func donations(of user: String) throws(SeenStoreError) -> [(name: String, time: Int64)]? {
        guard try mayReadDonations() else { return nil }
        return try withConnection { connection throws(PostgresFailure) in
            let result = try connection.execute(DonationSQL.ofUser, [user])
            return (0..<result.rowCount).compactMap { row in
                guard let name = result.text(row, 0), let time = result.int64(row, 1) else {
                    return nil
                }
                return (name, time)
            }
        }
    }
}
