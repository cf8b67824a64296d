import CSQLite

// MARK: - Experiments

extension SQLiteSeenStore: ExperimentStore {
    /// The statements of exposures and goals (schema version 3).
    enum ExperimentSQL {
        static let exposure = ExperimentQueries.exposure(
            events: "events", userColumn: "user", parameter: { "?\($0)" })
        static let counts = ExperimentQueries.counts(
            events: "events", goals: "goals", userColumn: "user", parameter: { "?\($0)" })
        static let insertGoal = "INSERT INTO goals (time, user, goal) VALUES (?1, ?2, ?3)"
        /// A page of goals after (`?3` time, `?4` id), oldest first; `?1` the user (`NULL`
        /// for any), `?2` the earliest time, `?5` how many.
        static let goalPage = """
            SELECT time, user, goal, id FROM goals
            WHERE (?1 IS NULL OR user = ?1) AND time >= ?2
                AND (time > ?3 OR (time = ?3 AND id > ?4))
            ORDER BY time, id LIMIT ?5
            """
    }

    /// Whether the file has exposures and goals: every store that writes, and a read-only
    /// store of schema version 3 or later.
    var hasExperiments: Bool { storedSchemaVersion >= 3 }

    /// The group of the user's first `exposed` event in `experiment` of `walkthrough`, in one
    /// indexed read; `nil` when never exposed (or the store predates experiments).
    package func exposure(
        user: String, walkthrough: String, experiment: String
    ) throws(SeenStoreError) -> String? {
        guard hasExperiments else { return nil }
        return try withConnection { connection throws(SQLiteError) -> String? in
            try connection.withStatement(ExperimentSQL.exposure) {
                statement throws(SQLiteError) -> String? in
                try statement.bind(walkthrough, at: 1)
                try statement.bind(experiment, at: 2)
                try statement.bind(user, at: 3)
                guard try statement.step() else { return nil }
                return statement.storageClass(at: 0) == SQLITE_NULL ? nil : statement.text(at: 0)
            }
        }
    }

    /// Appends the goal, stamped now; durable when it returns.
    package func recordGoal(_ goal: String, user: String) throws(SeenStoreError) {
        let stamp = now().millisecondsSince1970
        try withConnection { connection throws(SQLiteError) in
            try connection.immediateTransaction { () throws(SQLiteError) in
                try Self.insertGoal(goal, user: user, stamp: stamp, on: connection)
            }
        }
    }

    /// The insert of ``recordGoal(_:user:)``, inside a transaction the caller holds.
    static func insertGoal(
        _ goal: String, user: String, stamp: Int64, on connection: Connection
    ) throws(SQLiteError) {
        try connection.withStatement(ExperimentSQL.insertGoal) { statement throws(SQLiteError) in
            try statement.bind(stamp, at: 1)
            try statement.bind(user, at: 2)
            try statement.bind(goal, at: 3)
            try statement.run()
        }
    }

    /// A page of the goals `filter`'s user and time let through (keyset paging on time and
    /// id, as the events).
    package func goalPage(
        matching filter: EventFilter, after: EventKey, limit: Int
    ) throws(SeenStoreError) -> [(item: ReachedGoal, key: EventKey)] {
        guard hasExperiments else { return [] }
        return try withConnection { connection throws(SQLiteError) in
            try connection.withStatement(ExperimentSQL.goalPage) {
                statement throws(SQLiteError) -> [(item: ReachedGoal, key: EventKey)] in
                try statement.bind(filter.user, at: 1)
                try statement.bind(filter.since?.millisecondsSince1970 ?? Int64.min, at: 2)
                try statement.bind(after.time, at: 3)
                try statement.bind(after.id, at: 4)
                try statement.bind(limit, at: 5)
                var goals: [(item: ReachedGoal, key: EventKey)] = []
                while try statement.step() {
                    let time = statement.int64(at: 0)
                    guard statement.storageClass(at: 0) == SQLITE_INTEGER,
                        Self.updatedAtRange.contains(time)
                    else {
                        throw SQLiteError(
                            code: SQLITE_CORRUPT,
                            message: "the goals table holds a time out of range",
                            sql: statement.sql, path: statement.path, operation: .step)
                    }
                    let goal = ReachedGoal(
                        time: time, user: statement.text(at: 1), goal: statement.text(at: 2))
                    goals.append((goal, EventKey(time: goal.time, id: statement.int64(at: 3))))
                }
                return goals
            }
        }
    }

    /// The counts per group in one query (`ExperimentQueries.counts`).
    package func experimentCounts(
        walkthrough: String, experiment: String, goal: String?
    ) throws(SeenStoreError) -> [ExperimentCounts] {
        guard hasExperiments else { return [] }
        return try withConnection { connection throws(SQLiteError) -> [ExperimentCounts] in
            try connection.withStatement(ExperimentSQL.counts) {
                statement throws(SQLiteError) -> [ExperimentCounts] in
                try statement.bind(walkthrough, at: 1)
                try statement.bind(experiment, at: 2)
                try statement.bind(goal, at: 3)
                var counts: [ExperimentCounts] = []
                while try statement.step() {
                    counts.append(
                        ExperimentCounts(
                            variant: statement.text(at: 0), exposed: statement.int(at: 1),
                            completed: statement.int(at: 2), converted: statement.int(at: 3)))
                }
                return counts
            }
        }
    }
}
