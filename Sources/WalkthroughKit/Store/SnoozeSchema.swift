/// Schema version 6 of the SQLite store (7 of PostgreSQL's): the `snoozed` outcome, with the
/// time it lasts until, and the `snoozed` event; beside it the donations (``DonationSchema``).
///
/// The records gain `snoozed_until` (milliseconds since 1970, `NULL` unless the outcome is
/// `snoozed`) and both tables accept the new name. SQLite cannot change a `CHECK`, so its
/// `seen` and `events` tables are rebuilt with every row (and every event's id) kept, as
/// version 3 rebuilt the events; PostgreSQL replaces the constraints in place.
package enum SnoozeSchema {
    /// The outcomes a record may have from this version on.
    package static let outcomes = "'completed', 'skipped', 'inProgress', 'snoozed'"

    /// The event names the tables accept from this version on.
    package static let eventNames = ExperimentSchema.names + ", 'snoozed'"

    /// The SQLite statements of the rebuilds.
    static let sqliteStatements: [String] =
        [
            """
            CREATE TABLE seen_v6 (
                user          TEXT    NOT NULL,
                walkthrough   TEXT    NOT NULL,
                version       INTEGER NOT NULL CHECK (version >= 1),
                outcome       TEXT    NOT NULL CHECK (outcome IN (\(outcomes))),
                last_page     INTEGER NOT NULL CHECK (last_page >= 0),
                updated_at    INTEGER NOT NULL,
                snoozed_until INTEGER,
                PRIMARY KEY (user, walkthrough)
            ) WITHOUT ROWID
            """,
            """
            INSERT INTO seen_v6 (\(SQLDialect.sqlite.columns))
            SELECT \(SQLDialect.sqlite.columns) FROM seen
            """,
            "DROP TABLE seen",
            "ALTER TABLE seen_v6 RENAME TO seen",
            EventSchema.sqliteTable(
                "events_v6", names: eventNames,
                extraColumns: ["variant     TEXT", "experiment  TEXT"]),
            """
            INSERT INTO events_v6 (\(EventSchema.sqliteColumns), variant, experiment)
            SELECT \(EventSchema.sqliteColumns), variant, experiment FROM events
            """,
            "DROP TABLE events",
            "ALTER TABLE events_v6 RENAME TO events",
        ] + EventSchema.sqliteIndexes + [ExperimentSchema.sqliteExperimentIndex]
}
