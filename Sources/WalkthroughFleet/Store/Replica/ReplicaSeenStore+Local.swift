import CSQLite
package import WalkthroughKit

// MARK: - The replica's own tables

extension ReplicaSeenStore {
    /// Creates the outbox and the other tables of the replica the first time.
    func createTables() throws(SeenStoreError) {
        try local.withConnection { connection throws(SQLiteError) in
            let present = try connection.withStatement(ReplicaLocalSQL.exists) {
                statement throws(SQLiteError) in
                _ = try statement.step()
                return statement.int(at: 0) == ReplicaLocalSQL.tableCount
            }
            guard !present else { return }
            try connection.immediateTransaction { () throws(SQLiteError) in
                for statement in ReplicaLocalSQL.create { try connection.run(statement) }
            }
        }
    }

    /// Adds `entry` to the outbox, inside the caller's transaction, under a new id.
    static func enqueue(_ entry: OutboxEntry, on connection: Connection) throws(SQLiteError) {
        try connection.withStatement(ReplicaLocalSQL.enqueue) { statement throws(SQLiteError) in
            try statement.bind(OutboxEntry.newIdentifier(), at: 1)
            try statement.bind(entry.user, at: 2)
            try statement.bind(entry.encoded(), at: 3)
            try statement.run()
        }
    }

    /// Marks `user`'s `walkthrough` (`""`: all of the user's) refreshed at `at`.
    static func touch(
        user: String, walkthrough: String, at: Int64, on connection: Connection
    ) throws(SQLiteError) {
        try connection.withStatement(ReplicaLocalSQL.touch) { statement throws(SQLiteError) in
            try statement.bind(user, at: 1)
            try statement.bind(walkthrough, at: 2)
            try statement.bind(at, at: 3)
            try statement.run()
        }
    }

    static func writeMeta(
        _ key: String, _ value: String, on connection: Connection
    ) throws(SQLiteError) {
        try connection.withStatement(ReplicaLocalSQL.writeMeta) { statement throws(SQLiteError) in
            try statement.bind(key, at: 1)
            try statement.bind(value, at: 2)
            try statement.run()
        }
    }

    func readMeta(_ key: String) throws(SeenStoreError) -> String? {
        try local.withConnection { connection throws(SQLiteError) in
            try connection.withStatement(ReplicaLocalSQL.readMeta) {
                statement throws(SQLiteError) in
                try statement.bind(key, at: 1)
                return try statement.step() ? statement.text(at: 0) : nil
            }
        }
    }

    /// When `user`'s `walkthrough` was last refreshed (written here, or pulled), if ever.
    func freshness(user: String, walkthrough: String) throws(SeenStoreError) -> Int64? {
        try local.withConnection { connection throws(SQLiteError) in
            try connection.withStatement(ReplicaLocalSQL.freshness) {
                statement throws(SQLiteError) in
                try statement.bind(user, at: 1)
                try statement.bind(walkthrough, at: 2)
                _ = try statement.step()
                return statement.storageClass(at: 0) == SQLITE_NULL ? nil : statement.int64(at: 0)
            }
        }
    }

    /// Up to `limit` outbox entries, oldest first: sequence, push id, the entry's JSON.
    package func pendingEntries(limit: Int) throws(SeenStoreError) -> [(Int64, String, String)] {
        try local.withConnection { connection throws(SQLiteError) in
            try connection.withStatement(ReplicaLocalSQL.pending) { statement throws(SQLiteError) in
                try statement.bind(limit, at: 1)
                var entries: [(Int64, String, String)] = []
                while try statement.step() {
                    entries.append(
                        (statement.int64(at: 0), statement.text(at: 1), statement.text(at: 2)))
                }
                return entries
            }
        }
    }

    /// Removes the outbox entry numbered `sequence` once it has been pushed, when it is still
    /// the entry `pushID` names (another process may have pushed and removed it, and a newer
    /// entry taken its number).
    package func removePushed(sequence: Int64, pushID: String) throws(SeenStoreError) {
        try local.withConnection { connection throws(SQLiteError) in
            try connection.withStatement(ReplicaLocalSQL.done) { statement throws(SQLiteError) in
                try statement.bind(sequence, at: 1)
                try statement.bind(pushID, at: 2)
                try statement.run()
            }
        }
    }

    /// Moves the outbox entry numbered `sequence` (when it is still the entry `pushID` names)
    /// to the refused list with the server's `reason`: a write the server answered and
    /// refused is kept, never dropped.
    func refuse(sequence: Int64, pushID: String, reason: String) throws(SeenStoreError) {
        let stamp = now().millisecondsSince1970
        try local.withConnection { connection throws(SQLiteError) in
            try connection.immediateTransaction { () throws(SQLiteError) in
                try connection.withStatement(ReplicaLocalSQL.refuse) {
                    statement throws(SQLiteError) in
                    try statement.bind(sequence, at: 1)
                    try statement.bind(pushID, at: 2)
                    try statement.bind(reason, at: 3)
                    try statement.bind(stamp, at: 4)
                    try statement.run()
                }
                try connection.withStatement(ReplicaLocalSQL.done) {
                    statement throws(SQLiteError) in
                    try statement.bind(sequence, at: 1)
                    try statement.bind(pushID, at: 2)
                    try statement.run()
                }
            }
        }
    }

    /// How many writes the server refused (kept for `sync --retry-refused`).
    package func refusedCount() throws(SeenStoreError) -> Int {
        try local.withConnection { connection throws(SQLiteError) in
            try Self.count(ReplicaLocalSQL.refusedCount, on: connection)
        }
    }

    /// The server's reason for the newest refused write, if any.
    func lastRefusal() throws(SeenStoreError) -> String? {
        try local.withConnection { connection throws(SQLiteError) in
            try connection.withStatement(ReplicaLocalSQL.lastRefusal) {
                statement throws(SQLiteError) in
                try statement.step() ? statement.text(at: 0) : nil
            }
        }
    }

    /// Puts every refused write back into the outbox, to be pushed again.
    ///
    /// - Returns: How many were put back.
    @discardableResult
    package func requeueRefused() throws(SeenStoreError) -> Int {
        try local.withConnection { connection throws(SQLiteError) in
            try connection.immediateTransaction { () throws(SQLiteError) in
                let count = try Self.count(ReplicaLocalSQL.refusedCount, on: connection)
                for sql in ReplicaLocalSQL.unrefuse { try connection.run(sql) }
                return count
            }
        }
    }

    /// How many outbox entries wait.
    package func pendingCount() throws(SeenStoreError) -> Int {
        try local.withConnection { connection throws(SQLiteError) in
            try Self.count(ReplicaLocalSQL.pendingCount, on: connection)
        }
    }

    /// The one integer a `SELECT count(*) …` without parameters gives.
    private static func count(_ sql: String, on connection: Connection) throws(SQLiteError) -> Int {
        try connection.withStatement(sql) { statement throws(SQLiteError) in
            _ = try statement.step()
            return statement.int(at: 0)
        }
    }

    /// Every user the replica holds records, refreshes or outbox entries of.
    func localUsers() throws(SeenStoreError) -> [String] {
        try local.withConnection { connection throws(SQLiteError) in
            try connection.withStatement(ReplicaLocalSQL.users) { statement throws(SQLiteError) in
                var users: [String] = []
                while try statement.step() { users.append(statement.text(at: 0)) }
                return users
            }
        }
    }

    /// The user row security binds this role to, as the server last said; the first time,
    /// the server is asked within the budget (`nil`: none, or it could not be asked).
    package var enforcedUser: String? {
        if case .connected(let store) = server.withLock({ $0 }) { return store.enforcedUser }
        if let known = try? readMeta("enforcedUser") { return known.isEmpty ? nil : known }
        guard !options.localOnly else { return nil }
        return serverWithinBudget()?.enforcedUser
    }

    /// Itself: the replica keeps experiments, and pushes them.
    package var experiments: (any ExperimentStore)? { self }

    /// Itself: its local write may wait less for another process's lock.
    package var lockWaitLimited: (any LockWaitLimitedStore)? { self }

    /// `server` or `replica`: where the last read was answered.
    package var answerSource: String? { readSource?.rawValue ?? "replica" }

    /// Keeps what the server said of row security, for the launches that do not ask it.
    func rememberEnforcedUser(_ user: String?) {
        guard !options.localOnly, (try? readMeta("enforcedUser")) != .some(user ?? "") else {
            return
        }
        _ = try? local.withConnection { connection throws(SQLiteError) in
            try Self.writeMeta("enforcedUser", user ?? "", on: connection)
        }
    }
}
