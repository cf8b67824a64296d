/// The store's database schema and the migrations that build it.
///
/// The schema version lives in `PRAGMA user_version`; ``migrations`` holds one entry per
/// version, in order, and opening a database runs the entries it lacks inside one
/// `BEGIN IMMEDIATE` transaction. Version 2 added the `events` table (see ``EventSchema``), 3
/// the experiments, 4 the funnel's summaries (`SummarySQL`), built from the events already
/// there, 5 the ids of clients' steps, 6 the donations and snooze (``DonationSchema``,
/// ``SnoozeSchema``), 7 drops the events' funnel index, which only the funnel counted from
/// the events read; a version-1 store keeps every record. `PRAGMA application_id` marks the file as a walkthrough store.
package enum StoreSchema {
    /// One step of the schema: the statements that take a database at `version - 1` to
    /// `version`.
    package struct Migration: Sendable {
        /// The schema version this step produces.
        let version: Int
        /// What the step adds, for readers of the code.
        let summary: String
        /// The statements, run in order; fixed SQL, no values.
        package let statements: [String]

        /// The step producing `version` with `statements`.
        package init(version: Int, summary: String, statements: [String]) {
            self.version = version
            self.summary = summary
            self.statements = statements
        }
    }

    /// Every migration, oldest first: `migrations[n - 1]` produces version `n`.
    static let migrations: [Migration] = [
        Migration(
            version: 1,
            summary: "one row per (user, walkthrough): the seen flag, outcome and progress",
            statements: [
                """
                CREATE TABLE seen (
                    user        TEXT    NOT NULL,
                    walkthrough TEXT    NOT NULL,
                    version     INTEGER NOT NULL CHECK (version >= 1),
                    outcome     TEXT    NOT NULL
                                CHECK (outcome IN ('completed', 'skipped', 'inProgress')),
                    last_page   INTEGER NOT NULL CHECK (last_page >= 0),
                    updated_at  INTEGER NOT NULL,
                    PRIMARY KEY (user, walkthrough)
                ) WITHOUT ROWID
                """
            ]),
        Migration(
            version: 2,
            summary: "the events of every session, for the funnel (walkthrough events, stats)",
            statements: EventSchema.sqliteStatements),
        Migration(
            version: 3,
            summary: "experiments: exposures and each event's variant, and the goals",
            statements: ExperimentSchema.sqliteStatements),
        Migration(
            version: 4,
            summary:
                "the funnel's per-(user, walkthrough, version) summaries, built from the events",
            statements: SummarySQL.createStatements(.sqlite)
                + SummarySQL.rebuild(.sqlite, scoped: .all)),
        Migration(
            version: 5,
            summary: "the ids of the steps clients sent (walkthrough serve): each written once",
            statements: [
                """
                CREATE TABLE client_steps (
                    id   TEXT    PRIMARY KEY,
                    user TEXT    NOT NULL,
                    time INTEGER NOT NULL
                ) WITHOUT ROWID
                """
            ]),
        Migration(
            version: 6,
            summary: "what users did (donations), and the snoozed outcome and event",
            statements: SnoozeSchema.sqliteStatements + DonationSchema.sqliteStatements),
        Migration(
            version: 7,
            summary: "one index less for every event: the funnel reads the summaries",
            statements: [EventSchema.sqliteFunnelIndexDrop]),
    ]

    /// The schema version this build writes and reads: the last migration's, which a test
    /// checks. A constant, so that opening a store to read builds none of the migrations' SQL
    /// (0.59 M instructions of a launch with the summaries' statements).
    static let currentVersion = 7

    /// `PRAGMA application_id` of a walkthrough store: "WLKT" in ASCII.
    static let applicationID: Int32 = 0x574C_4B54

    /// The migrations a database at `version` still needs, in order.
    static func pending(from version: Int) -> ArraySlice<Migration> {
        migrations.dropFirst(max(version, 0))
    }
}
