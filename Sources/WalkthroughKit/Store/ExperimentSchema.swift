/// Schema version 3, on both backends: what experiments need of the store.
///
/// The events gain `exposed` among their names and two columns, `variant` and `experiment`
/// (set on every event of a user once exposed), with an index that finds a user's exposure;
/// a new table keeps goals (`time`, `user`, `goal`), the host's "the user did the thing".
/// SQLite cannot change a `CHECK`, so its events table is rebuilt with every row and id kept;
/// PostgreSQL replaces the constraint in place.
enum ExperimentSchema {
    /// The event names schema version 3 accepts.
    static let names = EventSchema.names + ", 'exposed'"

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
            """
            CREATE INDEX events_experiment
                ON events (walkthrough, experiment, user, event, time, variant, outcome)
                WHERE experiment IS NOT NULL
            """,
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

    /// Version 3 of the PostgreSQL store. Row security, when on for the records, covers the
    /// goals too.
    static let postgresStatements = [
        "ALTER TABLE walkthrough_events DROP CONSTRAINT IF EXISTS walkthrough_events_event_check",
        """
        ALTER TABLE walkthrough_events ADD CONSTRAINT walkthrough_events_event_check
            CHECK (event IN (\(names)))
        """,
        "ALTER TABLE walkthrough_events ADD COLUMN variant text COLLATE \"C\"",
        "ALTER TABLE walkthrough_events ADD COLUMN experiment text COLLATE \"C\"",
        """
        CREATE INDEX walkthrough_events_experiment ON walkthrough_events
            (walkthrough, experiment, user_name, event, time, variant, outcome)
            WHERE experiment IS NOT NULL
        """,
        """
        CREATE TABLE walkthrough_goals (
            id        bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            time      bigint NOT NULL,
            user_name text   COLLATE "C" NOT NULL,
            goal      text   COLLATE "C" NOT NULL
        )
        """,
        "CREATE INDEX walkthrough_goals_by_goal ON walkthrough_goals (goal, user_name, time)",
        "CREATE INDEX walkthrough_goals_by_user ON walkthrough_goals (user_name)",
        RowSecurityGuard.whenRecordsAreSecured(postgresRowSecurity),
    ]

    /// What turns row security on for the goals.
    static let postgresRowSecurity = [
        "ALTER TABLE walkthrough_goals ENABLE ROW LEVEL SECURITY",
        "DROP POLICY IF EXISTS walkthrough_own_goals ON walkthrough_goals",
        """
        CREATE POLICY walkthrough_own_goals ON walkthrough_goals
            USING (user_name = current_user) WITH CHECK (user_name = current_user)
        """,
    ]
}
