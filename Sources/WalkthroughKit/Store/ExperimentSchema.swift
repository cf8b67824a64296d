/// Schema version 3, on both backends: what experiments need of the store.
///
/// The events gain `exposed` among their names and two columns, `variant` and `experiment`
/// (set on every event of a user once exposed), with an index that finds a user's exposure;
/// a new table keeps goals (`time`, `user`, `goal`), the host's "the user did the thing".
/// SQLite cannot change a `CHECK`, so its events table is rebuilt with every row and id kept;
/// PostgreSQL replaces the constraint in place.
package enum ExperimentSchema {
    /// The event names schema version 3 accepts.
    package static let names = EventSchema.names + ", 'exposed'"

    /// Version 3 of the SQLite store.
    static let sqliteStatements: [String] =
        [
            EventSchema.sqliteTable(
                "events_v3", names: names,
                extraColumns: ["variant     TEXT", "experiment  TEXT"]),
            """
            INSERT INTO events_v3 (\(EventSchema.sqliteColumns))
            SELECT \(EventSchema.sqliteColumns) FROM events
            """,
            "DROP TABLE events",
            "ALTER TABLE events_v3 RENAME TO events",
        ] + EventSchema.sqliteIndexes + [
            sqliteExperimentIndex,
            """
            CREATE TABLE goals (
                id   INTEGER PRIMARY KEY,
                time INTEGER NOT NULL,
                user TEXT    NOT NULL,
                goal TEXT    NOT NULL
            )
            """,
            "CREATE INDEX goals_by_goal ON goals (goal, user, time)",
            "CREATE INDEX goals_by_user ON goals (user)",
        ]

    /// The index that finds a user's exposure (made again by every rebuild of the events).
    static let sqliteExperimentIndex = """
        CREATE INDEX events_experiment
            ON events (walkthrough, experiment, user, event, time, variant, outcome)
            WHERE experiment IS NOT NULL
        """
}
