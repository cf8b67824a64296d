package import WalkthroughKit

// MARK: - Experiments

extension PostgresSeenStore: ExperimentStore {
    /// The statements of exposures and goals (schema version 3).
    enum ExperimentSQL {
        typealias Prepared = PostgresConnection.Prepared
        private static let text = PostgresConnection.text
        private static let int8 = PostgresConnection.int8

        static let exposure = Prepared(
            name: "walkthrough_exposure",
            sql: ExperimentQueries.exposure(
                events: "walkthrough_events", userColumn: "user_name", parameter: { "$\($0)" }),
            parameterTypes: [text, text, text])
        static let counts = Prepared(
            name: "walkthrough_experiment_counts",
            sql: ExperimentQueries.counts(
                events: "walkthrough_events", goals: "walkthrough_goals",
                userColumn: "user_name", parameter: { "$\($0)" }),
            parameterTypes: [text, text, text])
        static let insertGoal = Prepared(
            name: "walkthrough_goal",
            sql: "INSERT INTO walkthrough_goals (time, user_name, goal) VALUES ($1, $2, $3)",
            parameterTypes: [int8, text, text])
        /// A page of goals after (`$3` time, `$4` id), oldest first; `$1` the user (`NULL`
        /// for any), `$2` the earliest time, `$5` how many.
        static let goalPage = Prepared(
            name: "walkthrough_goal_page",
            sql: """
                SELECT time, user_name, goal, id FROM walkthrough_goals
                WHERE ($1::text IS NULL OR user_name = $1) AND time >= $2 AND (time, id) > ($3, $4)
                ORDER BY time, id LIMIT $5
                """,
            parameterTypes: [text, int8, int8, int8, int8])
    }

    /// Whether the tables include exposures and goals: every store that writes, and a
    /// read-only store of schema version 3 or later.
    var hasExperiments: Bool { storedSchemaVersion >= 3 }

    /// The group of the user's first `exposed` event in `experiment` of `walkthrough`, in one
    /// indexed read; `nil` when never exposed (or the store predates experiments).
    package func exposure(
        user: String, walkthrough: String, experiment: String
    ) throws(SeenStoreError) -> String? {
        guard hasExperiments else { return nil }
        return try withConnection { connection throws(PostgresFailure) -> String? in
            let result = try connection.execute(
                ExperimentSQL.exposure, [walkthrough, experiment, user])
            return result.rowCount > 0 ? result.text(0, 0) : nil
        }
    }

    /// Appends the goal, stamped now; durable when it returns.
    package func recordGoal(_ goal: String, user: String) throws(SeenStoreError) {
        let stamp = String(now().millisecondsSince1970)
        try withConnection { connection throws(PostgresFailure) in
            _ = try connection.execute(ExperimentSQL.insertGoal, [stamp, user, goal])
        }
    }

    /// A page of the goals `filter`'s user and time let through (keyset paging on time and
    /// id, as the events); none for a role that may not read them.
    package func goalPage(
        matching filter: EventFilter, after: EventKey, limit: Int
    ) throws(SeenStoreError) -> [(item: ReachedGoal, key: EventKey)] {
        guard hasExperiments else { return [] }
        return try withConnection { connection throws(PostgresFailure) in
            guard try connection.execute(SeenSQL.mayReadGoals).text(0, 0) == "t" else { return [] }
            let result = try connection.execute(
                ExperimentSQL.goalPage,
                [
                    filter.user, String(filter.since?.millisecondsSince1970 ?? Int64.min),
                    String(after.time), String(after.id), String(limit),
                ])
            var goals: [(item: ReachedGoal, key: EventKey)] = []
            for row in 0..<result.rowCount {
                guard let time = result.int64(row, 0), let user = result.text(row, 1),
                    let goal = result.text(row, 2), let id = result.int64(row, 3),
                    Self.updatedAtRange.contains(time)
                else {
                    throw PostgresFailure(
                        sqlState: "XX001",
                        message: "the walkthrough_goals table holds a NULL or a time out of range",
                        operation: .execute, connectionLost: false)
                }
                goals.append(
                    (ReachedGoal(time: time, user: user, goal: goal), EventKey(time: time, id: id)))
            }
            return goals
        }
    }

    /// The counts per group in one query (`ExperimentQueries.counts`).
    package func experimentCounts(
        walkthrough: String, experiment: String, goal: String?
    ) throws(SeenStoreError) -> [ExperimentCounts] {
        guard hasExperiments else { return [] }
        return try withConnection { connection throws(PostgresFailure) -> [ExperimentCounts] in
            let result = try connection.execute(
                ExperimentSQL.counts, [walkthrough, experiment, goal])
            return (0..<result.rowCount).map { row in
                ExperimentCounts(
                    variant: result.text(row, 0) ?? "",
                    exposed: Int(result.int64(row, 1) ?? 0),
                    completed: Int(result.int64(row, 2) ?? 0),
                    converted: Int(result.int64(row, 3) ?? 0))
            }
        }
    }
}
