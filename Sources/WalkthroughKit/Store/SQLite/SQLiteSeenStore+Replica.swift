import CSQLite

// MARK: - The replica's way in

/// What the fleet's replica (`ReplicaSeenStore`, in WalkthroughFleet) does with the SQLite
/// store in front of its server, in the replica's terms: the records, events and goals of this
/// store change only through the operations here, and the replica's own tables (its outbox,
/// its refused writes, its server's binding) are read and written by its own statements, run
/// here with every value bound. Every failure is a ``SeenStoreError`` naming the file.
///
/// ```swift
/// try local.transaction { transaction throws(SeenStoreError) in
///     let record = try transaction.apply(step, stamp: stamp)
///     try transaction.run(ReplicaLocalSQL.enqueue, [.text(id), .text(step.user), .text(json)])
/// }
/// ```
extension SQLiteSeenStore {
    /// A value bound to a statement's parameter, or read from a column of its rows.
    package enum Value: Sendable, Hashable {
        /// SQL `NULL`.
        case null
        /// An integer.
        case integer(Int64)
        /// Text (a real number or a blob in a column is read as its text).
        case text(String)

        /// The integer, if this is one.
        package var integer: Int64? {
            if case .integer(let value) = self { return value }
            return nil
        }

        /// The text, if this is text.
        package var text: String? {
            if case .text(let value) = self { return value }
            return nil
        }
    }

    /// Runs `body` in one `BEGIN IMMEDIATE` transaction and commits it: on the disk when it
    /// returns, all of it or none of it (a `body` that throws rolls everything back).
    ///
    /// - Parameters:
    ///   - limit: How long to wait for another process's lock (never longer than the busy
    ///     timeout); `nil` for the busy timeout.
    ///   - body: The transaction's work, through ``Transaction``.
    /// - Throws: ``SeenStoreError`` naming the file, or what `body` threw.
    package func transaction<Result: Sendable>(
        waitingAtMost limit: Duration? = nil,
        _ body: (Transaction) throws(SeenStoreError) -> Result
    ) throws(SeenStoreError) -> Result {
        try withConnection(waitingAtMost: limit ?? options.busyTimeout) {
            connection, wait throws(SeenStoreError) in
            try connection.immediateTransaction(
                { () throws(SeenStoreError) in
                    try body(Transaction(connection: connection, wait: wait))
                },
                failing: { SeenStoreError($0, busyTimeout: wait) })
        }
    }

    /// Runs one statement of the caller's own tables on its own (SQLite's autocommit), every
    /// value bound: `?1` is `values[0]`, and so on.
    ///
    /// - Throws: ``SeenStoreError`` naming the file.
    package func run(_ sql: String, _ values: [Value] = []) throws(SeenStoreError) {
        try withConnection { connection throws(SQLiteError) in
            try connection.writing { () throws(SQLiteError) in
                try Transaction.run(sql, values, on: connection)
            }
        }
    }

    /// The rows of one query of the caller's own tables, run on its own, every value bound as
    /// in ``run(_:_:)``.
    ///
    /// - Throws: ``SeenStoreError`` naming the file.
    package func rows(_ sql: String, _ values: [Value] = []) throws(SeenStoreError) -> [[Value]] {
        try withConnection { connection throws(SQLiteError) in
            try Transaction.rows(sql, values, on: connection)
        }
    }

    /// Creates a caller's own tables beside the store's, in one transaction, unless they are
    /// all there already (which costs one read).
    ///
    /// - Parameters:
    ///   - tables: The tables' names.
    ///   - statements: What creates them (`CREATE TABLE IF NOT EXISTS …`), in order.
    /// - Throws: ``SeenStoreError`` naming the file.
    package func createTables(_ tables: [String], by statements: [String]) throws(SeenStoreError) {
        precondition(!tables.isEmpty, "no tables to create")
        let placeholders = (1...tables.count).map { "?\($0)" }.joined(separator: ", ")
        let present = """
            SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name IN (\(placeholders))
            """
        try withConnection { connection throws(SQLiteError) in
            let found = try Transaction.rows(present, tables.map(Value.text), on: connection)
            guard found.first?.first?.integer != Int64(tables.count) else { return }
            try connection.immediateTransaction { () throws(SQLiteError) in
                for statement in statements { try connection.run(statement) }
            }
        }
    }

    /// Every user this store holds a record, a goal or a donation of, by the bytes of their
    /// names.
    package func users() throws(SeenStoreError) -> [String] {
        try rows(RefreshSQL.users).compactMap { $0.first?.text }
    }

    // MARK: - One transaction

    /// The work of one ``SQLiteSeenStore/transaction(waitingAtMost:_:)``: the store's own
    /// changes (a step, a reset, a goal, a refresh from elsewhere) and the caller's statements,
    /// committed together. Used only inside the transaction's body.
    package struct Transaction {
        let connection: Connection
        /// The wait for another process's lock in force, named by a `locked` error.
        let wait: Duration

        /// Applies `step` as ``SQLiteSeenStore/write(_:)`` does, stamped `stamp` (milliseconds
        /// since 1970).
        ///
        /// - Returns: The user's record of the step's walkthrough after it, if there is one.
        @discardableResult
        package func apply(
            _ step: SessionStep, stamp: Int64
        ) throws(SeenStoreError) -> SeenRecord? {
            try mapped { () throws(SQLiteError) in
                try SQLiteSeenStore.apply(step, stamp: stamp, on: connection)
                return try connection.withStatement(SQL.record) { statement throws(SQLiteError) in
                    try statement.bind(step.user, at: 1)
                    try statement.bind(step.walkthrough, at: 2)
                    return try statement.step() ? try SQLiteSeenStore.decodeRecord(statement) : nil
                }
            }
        }

        /// Removes as ``SQLiteSeenStore/reset(user:walkthrough:)`` does.
        ///
        /// - Returns: The number of records removed.
        @discardableResult
        package func reset(user: String, walkthrough: String?) throws(SeenStoreError) -> Int {
            try mapped { () throws(SQLiteError) in
                try SQLiteSeenStore.remove(user: user, walkthrough: walkthrough, on: connection)
            }
        }

        /// Appends the goal as ``SQLiteSeenStore/recordGoal(_:user:)`` does, stamped `stamp`.
        package func recordGoal(_ goal: String, user: String, stamp: Int64) throws(SeenStoreError) {
            try mapped { () throws(SQLiteError) in
                try SQLiteSeenStore.insertGoal(goal, user: user, stamp: stamp, on: connection)
            }
        }

        /// Appends the donation as ``SQLiteSeenStore/donate(_:user:)`` does, stamped `stamp`.
        package func donate(_ name: String, user: String, stamp: Int64) throws(SeenStoreError) {
            try mapped { () throws(SQLiteError) in
                try SQLiteSeenStore.insertDonation(name, user: user, stamp: stamp, on: connection)
            }
        }

        /// Makes `user`'s donations those of `donations` (a name and a time in milliseconds
        /// since 1970 each), as another store has them.
        package func replaceDonations(
            of user: String, with donations: [(name: String, time: Int64)]
        ) throws(SeenStoreError) {
            try mapped { () throws(SQLiteError) in
                try Self.run(DonationSchema.reset(.sqlite), [.text(user)], on: connection)
                for donation in donations {
                    try Self.run(
                        DonationSQL.insert,
                        [.integer(donation.time), .text(user), .text(donation.name)],
                        on: connection)
                }
            }
        }

        /// Makes `user`'s records those of `records`, as another store has them: a record
        /// held here of a walkthrough `records` lacks is removed, the others are written as
        /// they are. Each tombstone (a reset of a walkthrough at a time in milliseconds since
        /// 1970; `""` for all of the user's) removes the user's events stamped at or before it,
        /// and one of all the user's walkthroughs the goals too.
        package func replaceRecords(
            of user: String, with records: [SeenRecord],
            tombstones: [(walkthrough: String, at: Int64)]
        ) throws(SeenStoreError) {
            try mapped { () throws(SQLiteError) in
                let held = try Self.rows(RefreshSQL.walkthroughs, [.text(user)], on: connection)
                    .map { $0.first?.text ?? "" }
                let kept = Set(records.map(\.walkthrough))
                for walkthrough in held where !kept.contains(walkthrough) {
                    try Self.run(
                        RefreshSQL.drop, [.text(user), .text(walkthrough)], on: connection)
                }
                for record in records {
                    try connection.withStatement(RefreshSQL.store) {
                        statement throws(SQLiteError) in
                        try statement.bind(record)
                        try statement.run()
                    }
                }
                for tombstone in tombstones {
                    try Self.run(
                        RefreshSQL.buryEvents,
                        [.text(user), .text(tombstone.walkthrough), .integer(tombstone.at)],
                        on: connection)
                    guard tombstone.walkthrough.isEmpty else { continue }
                    try Self.run(
                        RefreshSQL.buryGoals, [.text(user), .integer(tombstone.at)],
                        on: connection)
                }
            }
        }

        /// Runs one statement of the caller's own tables, every value bound: `?1` is
        /// `values[0]`, and so on.
        package func run(_ sql: String, _ values: [Value] = []) throws(SeenStoreError) {
            try mapped { () throws(SQLiteError) in try Self.run(sql, values, on: connection) }
        }

        /// The rows of one query of the caller's own tables, every value bound as in
        /// ``run(_:_:)``.
        package func rows(
            _ sql: String, _ values: [Value] = []
        ) throws(SeenStoreError) -> [[Value]] {
            try mapped { () throws(SQLiteError) in try Self.rows(sql, values, on: connection) }
        }

        /// `work`, its SQLite failure made the ``SeenStoreError`` a user sees.
        private func mapped<Result>(
            _ work: () throws(SQLiteError) -> Result
        ) throws(SeenStoreError) -> Result {
            do {
                return try work()
            } catch {
                throw SeenStoreError(error, busyTimeout: wait)
            }
        }

        /// Runs the cached statement for `sql` with `values` bound, to completion.
        static func run(
            _ sql: String, _ values: [Value], on connection: Connection
        ) throws(SQLiteError) {
            try connection.withStatement(sql) { statement throws(SQLiteError) in
                try bind(values, to: statement)
                try statement.run()
            }
        }

        /// The rows the cached statement for `sql` gives with `values` bound.
        static func rows(
            _ sql: String, _ values: [Value], on connection: Connection
        ) throws(SQLiteError) -> [[Value]] {
            try connection.withStatement(sql) { statement throws(SQLiteError) in
                try bind(values, to: statement)
                let columns = statement.columnCount
                var rows: [[Value]] = []
                while try statement.step() {
                    rows.append((0..<columns).map { column in value(at: column, of: statement) })
                }
                return rows
            }
        }

        private static func bind(_ values: [Value], to statement: Statement) throws(SQLiteError) {
            for (offset, value) in values.enumerated() {
                let index = Int32(offset + 1)
                switch value {
                case .null: try statement.bindNull(at: index)
                case .integer(let number): try statement.bind(number, at: index)
                case .text(let text): try statement.bind(text, at: index)
                }
            }
        }

        private static func value(at column: Int32, of statement: Statement) -> Value {
            switch statement.storageClass(at: column) {
            case SQLITE_NULL: return .null
            case SQLITE_INTEGER: return .integer(statement.int64(at: column))
            default: return .text(statement.text(at: column))
            }
        }
    }

    /// The statements of a refresh from another store
    /// (``Transaction/replaceRecords(of:with:tombstones:)``) and of ``users()``.
    enum RefreshSQL {
        /// A record, as the other store has it.
        static let store = """
            INSERT INTO seen
                (user, walkthrough, version, outcome, last_page, updated_at, snoozed_until)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
            ON CONFLICT (user, walkthrough) DO UPDATE SET version = excluded.version,
                outcome = excluded.outcome, last_page = excluded.last_page,
                updated_at = excluded.updated_at, snoozed_until = excluded.snoozed_until
            """
        /// The walkthroughs `?1` has a record of.
        static let walkthroughs = "SELECT walkthrough FROM seen WHERE user = ?1"
        /// Removes `?1`'s record of `?2`.
        static let drop = "DELETE FROM seen WHERE user = ?1 AND walkthrough = ?2"
        /// Events a tombstone covers: `?1` user, `?2` walkthrough (`''`: all), `?3` its time.
        static let buryEvents = """
            DELETE FROM events WHERE user = ?1 AND (?2 = '' OR walkthrough = ?2) AND time <= ?3
            """
        /// Goals a tombstone of all the user's walkthroughs covers: `?1` user, `?2` its time.
        static let buryGoals = "DELETE FROM goals WHERE user = ?1 AND time <= ?2"
        /// The users with a record, a goal or a donation.
        static let users = """
            SELECT user FROM seen UNION SELECT user FROM goals UNION SELECT user FROM donations
            ORDER BY 1
            """
    }
}
