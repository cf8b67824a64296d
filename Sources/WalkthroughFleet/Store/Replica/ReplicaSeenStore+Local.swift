package import WalkthroughKit

// MARK: - The replica's own tables

extension ReplicaSeenStore {
    /// A bound value of the replica's statements.
    typealias Value = SQLiteSeenStore.Value

    /// Creates the outbox and the other tables of the replica the first time.
    func createTables() throws(SeenStoreError) {
        try local.createTables(ReplicaLocalSQL.tables, by: ReplicaLocalSQL.create)
    }

    /// Adds `entry` to the outbox, inside `transaction`, under a new id.
    static func enqueue(
        _ entry: OutboxEntry, in transaction: SQLiteSeenStore.Transaction
    ) throws(SeenStoreError) {
        try transaction.run(
            ReplicaLocalSQL.enqueue,
            [.text(OutboxEntry.newIdentifier()), .text(entry.user), .text(entry.encoded())])
    }

    /// Marks `user`'s `walkthrough` (`""`: all of the user's) refreshed at `at`.
    static func touch(
        user: String, walkthrough: String, at: Int64, in transaction: SQLiteSeenStore.Transaction
    ) throws(SeenStoreError) {
        try transaction.run(ReplicaLocalSQL.touch, [.text(user), .text(walkthrough), .integer(at)])
    }

    /// Keeps `value` under `key` in `replica_meta`, inside `transaction`.
    static func writeMeta(
        _ key: String, _ value: String, in transaction: SQLiteSeenStore.Transaction
    ) throws(SeenStoreError) {
        try transaction.run(ReplicaLocalSQL.writeMeta, [.text(key), .text(value)])
    }

    /// Keeps `value` under `key` in `replica_meta`, on its own.
    func writeMeta(_ key: String, _ value: String) throws(SeenStoreError) {
        try local.run(ReplicaLocalSQL.writeMeta, [.text(key), .text(value)])
    }

    func readMeta(_ key: String) throws(SeenStoreError) -> String? {
        try local.rows(ReplicaLocalSQL.readMeta, [.text(key)]).first?.first?.text
    }

    /// When `user`'s `walkthrough` was last refreshed (written here, or pulled), if ever.
    func freshness(user: String, walkthrough: String) throws(SeenStoreError) -> Int64? {
        try local.rows(ReplicaLocalSQL.freshness, [.text(user), .text(walkthrough)])
            .first?.first?.integer
    }

    /// Up to `limit` outbox entries, oldest first: sequence, push id, the entry's JSON.
    package func pendingEntries(limit: Int) throws(SeenStoreError) -> [(Int64, String, String)] {
        try local.rows(ReplicaLocalSQL.pending, [.integer(Int64(limit))]).map { row in
            (row[0].integer ?? 0, row[1].text ?? "", row[2].text ?? "")
        }
    }

    /// Removes the outbox entry numbered `sequence` once it has been pushed, when it is still
    /// the entry `pushID` names (another process may have pushed and removed it, and a newer
    /// entry taken its number).
    package func removePushed(sequence: Int64, pushID: String) throws(SeenStoreError) {
        try local.run(ReplicaLocalSQL.done, [.integer(sequence), .text(pushID)])
    }

    /// Moves the outbox entry numbered `sequence` (when it is still the entry `pushID` names)
    /// to the refused list with the server's `reason`: a write the server answered and
    /// refused is kept, never dropped.
    func refuse(sequence: Int64, pushID: String, reason: String) throws(SeenStoreError) {
        let stamp = now().millisecondsSince1970
        try local.transaction { transaction throws(SeenStoreError) in
            try transaction.run(
                ReplicaLocalSQL.refuse,
                [.integer(sequence), .text(pushID), .text(reason), .integer(stamp)])
            try transaction.run(ReplicaLocalSQL.done, [.integer(sequence), .text(pushID)])
        }
    }

    /// How many writes the server refused (kept for `sync --retry-refused`).
    package func refusedCount() throws(SeenStoreError) -> Int {
        Self.count(try local.rows(ReplicaLocalSQL.refusedCount))
    }

    /// The server's reason for the newest refused write, if any.
    func lastRefusal() throws(SeenStoreError) -> String? {
        try local.rows(ReplicaLocalSQL.lastRefusal).first?.first?.text
    }

    /// Puts every refused write back into the outbox, to be pushed again.
    ///
    /// - Returns: How many were put back.
    @discardableResult
    package func requeueRefused() throws(SeenStoreError) -> Int {
        try local.transaction { transaction throws(SeenStoreError) in
            let count = Self.count(try transaction.rows(ReplicaLocalSQL.refusedCount))
            for sql in ReplicaLocalSQL.unrefuse { try transaction.run(sql) }
            return count
        }
    }

    /// How many outbox entries wait.
    package func pendingCount() throws(SeenStoreError) -> Int {
        Self.count(try local.rows(ReplicaLocalSQL.pendingCount))
    }

    /// The one integer the rows of a `SELECT count(*) …` hold.
    static func count(_ rows: [[Value]]) -> Int {
        Int(rows.first?.first?.integer ?? 0)
    }

    /// Every user the replica holds records, goals, refreshes or outbox entries of, by the
    /// bytes of their names (as SQLite orders them).
    func localUsers() throws(SeenStoreError) -> [String] {
        let own = try local.rows(ReplicaLocalSQL.users).compactMap { $0.first?.text }
        var seen = Set<[UInt8]>()
        return (try local.users() + own)
            .filter { seen.insert(Array($0.utf8)).inserted }
            .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
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

    /// Itself: the replica keeps donations, and pushes them.
    package var donations: (any DonationStore)? { self }

    /// Itself: its local write may wait less for another process's lock.
    package var lockWaitLimited: (any LockWaitLimitedStore)? { self }

    /// `server` or `replica`: where the last read was answered.
    package var answerSource: String? { readSource?.rawValue ?? "replica" }

    /// Keeps what the server said of row security, for the launches that do not ask it.
    func rememberEnforcedUser(_ user: String?) {
        guard !options.localOnly, (try? readMeta("enforcedUser")) != .some(user ?? "") else {
            return
        }
        try? writeMeta("enforcedUser", user ?? "")
    }
}
