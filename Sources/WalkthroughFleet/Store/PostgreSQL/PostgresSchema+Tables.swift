package import WalkthroughKit

// The PostgreSQL DDL of the tables every store has beside its records (events, experiments,
// the show summaries): the fleet's backend keeps it, beside its records' own (PostgresSchema).

extension EventSchema {
    /// Version 2 of the PostgreSQL store. Row security, when `walkthrough db migrate
    /// --row-security` turned it on for the records, covers the events too.
    package static let postgresStatements = [
        """
        CREATE TABLE walkthrough_events (
            id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            time        bigint NOT NULL,
            user_name   text   COLLATE "C" NOT NULL,
            walkthrough text   COLLATE "C" NOT NULL,
            version     bigint NOT NULL CHECK (version >= 1),
            event       text   NOT NULL CHECK (event IN (\(names))),
            page        bigint NOT NULL CHECK (page >= 0),
            outcome     text   CHECK (outcome IN ('completed', 'skipped')),
            locale      text,
            resumed     boolean,
            forced      boolean,
            signal      text
        )
        """,
        "CREATE INDEX walkthrough_events_by_time ON walkthrough_events (time, id)",
        "CREATE INDEX walkthrough_events_by_user ON walkthrough_events (user_name, walkthrough)",
        """
        CREATE INDEX walkthrough_events_funnel ON walkthrough_events
            (walkthrough, version, user_name, page, event, time, outcome)
        """,
        RowSecurityGuard.whenRecordsAreSecured(postgresRowSecurity),
    ]

    /// What turns row security on for the events: a role bound by it reads and writes only
    /// its own.
    package static let postgresRowSecurity = [
        "ALTER TABLE walkthrough_events ENABLE ROW LEVEL SECURITY",
        "DROP POLICY IF EXISTS walkthrough_own_events ON walkthrough_events",
        """
        CREATE POLICY walkthrough_own_events ON walkthrough_events
            USING (user_name = current_user) WITH CHECK (user_name = current_user)
        """,
    ]
}

extension ExperimentSchema {
    /// Version 3 of the PostgreSQL store. Row security, when on for the records, covers the
    /// goals too.
    package static let postgresStatements = [
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
    package static let postgresRowSecurity = [
        "ALTER TABLE walkthrough_goals ENABLE ROW LEVEL SECURITY",
        "DROP POLICY IF EXISTS walkthrough_own_goals ON walkthrough_goals",
        """
        CREATE POLICY walkthrough_own_goals ON walkthrough_goals
            USING (user_name = current_user) WITH CHECK (user_name = current_user)
        """,
    ]
}

extension SummarySQL {
    /// Row security for the two PostgreSQL tables: a bound role reads and writes only its own
    /// summaries.
    package static let postgresRowSecurity = [
        SQLDialect.postgresql.summariesTable, SQLDialect.postgresql.summaryPagesTable,
    ].flatMap { table in
        [
            "ALTER TABLE \(table) ENABLE ROW LEVEL SECURITY",
            "DROP POLICY IF EXISTS \(table)_own ON \(table)",
            """
            CREATE POLICY \(table)_own ON \(table)
                USING (user_name = current_user) WITH CHECK (user_name = current_user)
            """,
        ]
    }

    /// ``postgresRowSecurity`` when the records have row security on (a store migrated after
    /// `walkthrough db migrate --row-security`).
    package static let postgresRowSecurityGuarded = [
        RowSecurityGuard.whenRecordsAreSecured(postgresRowSecurity)
    ]
}

extension SnoozeSchema {
    /// Version 7 of the PostgreSQL store: the records' and the events' checks replaced in
    /// place (the partitioned events table passes its check on to every partition), and the
    /// records' `snoozed_until`.
    package static let postgresStatements = [
        "ALTER TABLE walkthrough_seen DROP CONSTRAINT IF EXISTS walkthrough_seen_outcome_check",
        """
        ALTER TABLE walkthrough_seen ADD CONSTRAINT walkthrough_seen_outcome_check
            CHECK (outcome IN (\(outcomes)))
        """,
        "ALTER TABLE walkthrough_seen ADD COLUMN snoozed_until bigint",
        "ALTER TABLE walkthrough_events DROP CONSTRAINT IF EXISTS walkthrough_events_event_check",
        """
        ALTER TABLE walkthrough_events ADD CONSTRAINT walkthrough_events_event_check
            CHECK (event IN (\(eventNames)))
        """,
    ]
}

extension DonationSchema {
    /// Version 7 of the PostgreSQL store: the donations, with the grants the roles hold on the
    /// goals and, when the records have it, row security.
    package static let postgresStatements = [
        """
        CREATE TABLE walkthrough_donations (
            id        bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            time      bigint NOT NULL,
            user_name text   COLLATE "C" NOT NULL,
            name      text   COLLATE "C" NOT NULL
        )
        """,
        """
        CREATE INDEX walkthrough_donations_by_user
            ON walkthrough_donations (user_name, name, time, id)
        """,
        RowSecurityGuard.whenRecordsAreSecured(postgresRowSecurity),
        PostgresGrants.copy(from: "walkthrough_goals", to: ["walkthrough_donations"]),
    ]

    /// What turns row security on for the donations.
    package static let postgresRowSecurity = [
        "ALTER TABLE walkthrough_donations ENABLE ROW LEVEL SECURITY",
        "DROP POLICY IF EXISTS walkthrough_own_donations ON walkthrough_donations",
        """
        CREATE POLICY walkthrough_own_donations ON walkthrough_donations
            USING (user_name = current_user) WITH CHECK (user_name = current_user)
        """,
    ]
}
