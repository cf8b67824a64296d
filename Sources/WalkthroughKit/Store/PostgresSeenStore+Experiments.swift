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
