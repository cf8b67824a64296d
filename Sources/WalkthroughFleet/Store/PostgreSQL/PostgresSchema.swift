import WalkthroughKit

/// The fleet store's tables and the migrations that build them.
///
/// Two tables in the first schema of the `search_path`: `walkthrough_seen`, one row per (user,
/// walkthrough) as in SQLite's `seen`, and `walkthrough_schema`, one row holding the schema
/// version (SQLite keeps it in `PRAGMA user_version`). ``migrations`` holds one entry per
/// version, in order; version 2 added `walkthrough_events` (see ``EventSchema``). Migrations run in one
/// transaction under an advisory lock (``lockSQL``), so that many processes starting at once
/// create the tables once.
enum PostgresSchema {
    /// Every migration, oldest first: `migrations[n - 1]` produces version `n`.
    static let migrations: [StoreSchema.Migration] = [
        StoreSchema.Migration(
            version: 1,
            summary: "one row per (user, walkthrough): the seen flag, outcome and progress",
            statements: [
                """
                CREATE TABLE walkthrough_seen (
                    user_name   text   COLLATE "C" NOT NULL,
                    walkthrough text   COLLATE "C" NOT NULL,
                    version     bigint NOT NULL CHECK (version >= 1),
                    outcome     text   NOT NULL
                                CHECK (outcome IN ('completed', 'skipped', 'inProgress')),
                    last_page   bigint NOT NULL CHECK (last_page >= 0),
                    updated_at  bigint NOT NULL,
                    PRIMARY KEY (user_name, walkthrough)
                )
                """
            ]),
        StoreSchema.Migration(
            version: 2,
            summary: "the events of every session, for the funnel (walkthrough events, stats)",
            statements: EventSchema.postgresStatements),
        StoreSchema.Migration(
            version: 3,
            summary: "experiments: exposures and each event's variant, and the goals",
            statements: ExperimentSchema.postgresStatements),
        StoreSchema.Migration(
            version: 4,
            summary: "what the replicas pushed (each push once) and the resets as tombstones",
            statements: ReplicaServerSQL.migration),
        StoreSchema.Migration(
            version: 5,
            summary: "the funnel's per-(user, walkthrough, version) summaries, from the events",
            statements: SummarySQL.createStatements(.postgresql)
                + SummarySQL.rebuild(.postgresql, scoped: .all)
                + SummarySQL.postgresRowSecurityGuarded
                + [
                    PostgresGrants.copy(
                        from: "walkthrough_events",
                        to: ["walkthrough_summaries", "walkthrough_summary_pages"])
                ]),
        StoreSchema.Migration(
            version: 6,
            summary: "the events partitioned by month (events prune drops whole months)",
            statements: PostgresEventPartitions.migration),
        StoreSchema.Migration(
            version: 7,
            summary: "what users did (donations), and the snoozed outcome and event",
            statements: SnoozeSchema.postgresStatements + DonationSchema.postgresStatements),
    ]

    /// The schema version this build writes and reads: the last migration's, which a test
    /// checks; a constant, so that a check builds none of the migrations' SQL.
    static let currentVersion = 7

    /// The migrations a store at `version` still needs, in order.
    static func pending(from version: Int) -> ArraySlice<StoreSchema.Migration> {
        migrations.dropFirst(max(version, 0))
    }

    /// The version table, created with the first migration.
    static let createVersionTable = """
        CREATE TABLE walkthrough_schema (
            only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
            version  integer NOT NULL
        )
        """

    /// Takes the transaction-scoped advisory lock that serialises schema changes in this
    /// database and schema; released by `COMMIT` or `ROLLBACK`.
    static let lockSQL =
        "SELECT pg_advisory_xact_lock(hashtext('walkthrough schema ' || current_schema()))"

    /// What opening needs to know before it writes anything: the schema the tables live in
    /// (`NULL` when the first schema of the search path does not exist), and whether each of
    /// the two tables is there.
    ///
    /// Read from `pg_class` with the statement's own snapshot, not with `to_regclass`: that
    /// goes through the relation-name cache, which taking an advisory lock does not refresh, so
    /// after waiting for another process's migration it could still say "no table" and the
    /// `CREATE TABLE` would then fail with "already exists".
    static let stateSQL = """
        SELECT current_schema(),
               EXISTS (SELECT 1 FROM pg_catalog.pg_class c
                       JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
                       WHERE n.nspname = current_schema() AND c.relname = 'walkthrough_schema'),
               EXISTS (SELECT 1 FROM pg_catalog.pg_class c
                       JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
                       WHERE n.nspname = current_schema() AND c.relname = 'walkthrough_seen')
        """

    /// The stored schema version.
    static let versionSQL = "SELECT version FROM walkthrough_schema"

    /// The statements that turn row security on: a role without `BYPASSRLS` (and not the
    /// tables' owner) then reads and changes only the rows whose `user_name` is its own name.
    static let rowSecurityStatements =
        [
            "ALTER TABLE walkthrough_seen ENABLE ROW LEVEL SECURITY",
            "DROP POLICY IF EXISTS walkthrough_own_records ON walkthrough_seen",
            """
            CREATE POLICY walkthrough_own_records ON walkthrough_seen
                USING (user_name = current_user) WITH CHECK (user_name = current_user)
            """,
        ] + EventSchema.postgresRowSecurity + ExperimentSchema.postgresRowSecurity
        + ReplicaServerSQL.rowSecurity + SummarySQL.postgresRowSecurity
        + DonationSchema.postgresRowSecurity

    /// Whether row security is on for the table, and whether it binds the current role (not a
    /// superuser, not `BYPASSRLS`, not the table's owner).
    static let rowSecuritySQL = """
        SELECT c.relrowsecurity,
               c.relrowsecurity AND NOT (r.rolsuper OR r.rolbypassrls
                   OR pg_has_role(current_user, c.relowner, 'USAGE')),
               current_user
        FROM pg_class c, pg_roles r
        WHERE c.oid = to_regclass(format('%I.walkthrough_seen', current_schema()))
            AND r.rolname = current_user
        """
}
