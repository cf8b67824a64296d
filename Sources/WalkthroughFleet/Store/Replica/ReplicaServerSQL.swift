import WalkthroughKit

/// The server's side of the replicas: two tables of schema version 3 and the statements a
/// push runs.
///
/// - `walkthrough_pushes`: one row per outbox entry a replica pushed, by the entry's id, with
///   the server's own time of receipt. A push inserts its id first and applies the entry only
///   when the id is new, in one transaction, so a push cut in the middle and repeated applies
///   nothing twice (the upload queue of PowerSync and ElectricSQL, made idempotent by id).
/// - `walkthrough_tombstones`: a reset as a record with a time (`walkthrough` empty for all of
///   the user's walkthroughs). A pushed record or event stamped at or before the tombstone's
///   time is dropped; one stamped after it wins.
enum ReplicaServerSQL {
    typealias Prepared = PostgresStatement
    private static let text = PostgresConnection.text
    private static let int8 = PostgresConnection.int8

    /// The statements of migration 3.
    static let migration = [
        """
        CREATE TABLE walkthrough_pushes (
            push_id     text   COLLATE "C" PRIMARY KEY,
            user_name   text   COLLATE "C" NOT NULL,
            received_at bigint NOT NULL,
            stamped_at  bigint NOT NULL
        )
        """,
        """
        CREATE TABLE walkthrough_tombstones (
            user_name   text   COLLATE "C" NOT NULL,
            walkthrough text   COLLATE "C" NOT NULL,
            reset_at    bigint NOT NULL,
            PRIMARY KEY (user_name, walkthrough)
        )
        """,
        RowSecurityGuard.whenRecordsAreSecured(rowSecurity),
    ]

    /// Row security for the two tables: a bound role pushes and reads only its own.
    static let rowSecurity = ["walkthrough_pushes", "walkthrough_tombstones"].flatMap { table in
        [
            "ALTER TABLE \(table) ENABLE ROW LEVEL SECURITY",
            "DROP POLICY IF EXISTS \(table)_own ON \(table)",
            """
            CREATE POLICY \(table)_own ON \(table)
                USING (user_name = current_user) WITH CHECK (user_name = current_user)
            """,
        ]
    }

    /// Claims a push id: a row back when it is new. `$1` id, `$2` user, `$3` the entry's own
    /// stamp; the server's clock gives `received_at`.
    static let claim = Prepared(
        name: "walkthrough_claim_push",
        sql: """
            INSERT INTO walkthrough_pushes (push_id, user_name, received_at, stamped_at)
            VALUES ($1, $2, (extract(epoch FROM clock_timestamp()) * 1000)::bigint, $3)
            ON CONFLICT (push_id) DO NOTHING RETURNING received_at
            """,
        parameterTypes: [text, text, int8])

    /// The latest reset of `$1`'s walkthrough `$2` (or of all the user's), or no row.
    static let tombstone = Prepared(
        name: "walkthrough_tombstone",
        sql: """
            SELECT max(reset_at) FROM walkthrough_tombstones
            WHERE user_name = $1 AND (walkthrough = $2 OR walkthrough = '')
            """,
        parameterTypes: [text, text])

    /// Records a reset: `$1` user, `$2` walkthrough (`''` for all), `$3` its time; an older
    /// tombstone is moved forward, never back.
    static let bury = Prepared(
        name: "walkthrough_bury",
        sql: """
            INSERT INTO walkthrough_tombstones (user_name, walkthrough, reset_at)
            VALUES ($1, $2, $3)
            ON CONFLICT (user_name, walkthrough)
            DO UPDATE SET reset_at = GREATEST(walkthrough_tombstones.reset_at, excluded.reset_at)
            """,
        parameterTypes: [text, text, int8])

    /// Removes what a reset at `$3` covers of `$1`'s walkthrough `$2` (`''`: all of them): the
    /// records and events stamped at or before it.
    static let removeRecords = Prepared(
        name: "walkthrough_reset_before",
        sql: """
            DELETE FROM walkthrough_seen
            WHERE user_name = $1 AND ($2 = '' OR walkthrough = $2) AND updated_at <= $3
            """,
        parameterTypes: [text, text, int8])

    /// The events half of ``removeRecords``.
    static let removeEvents = Prepared(
        name: "walkthrough_reset_events_before",
        sql: """
            DELETE FROM walkthrough_events
            WHERE user_name = $1 AND ($2 = '' OR walkthrough = $2) AND time <= $3
            """,
        parameterTypes: [text, text, int8])

    /// The goals half of ``removeRecords``, for a reset of all the user's walkthroughs
    /// (`$2` is `''`; goals belong to no one walkthrough).
    static let removeGoals = Prepared(
        name: "walkthrough_reset_goals_before",
        sql: """
            DELETE FROM walkthrough_goals WHERE user_name = $1 AND $2 = '' AND time <= $3
            """,
        parameterTypes: [text, text, int8])

    /// The donations half of ``removeRecords``, for a reset of all the user's walkthroughs
    /// (`$2` is `''`).
    static let removeDonations = Prepared(
        name: "walkthrough_reset_donations_before",
        sql: """
            DELETE FROM walkthrough_donations WHERE user_name = $1 AND $2 = '' AND time <= $3
            """,
        parameterTypes: [text, text, int8])

    /// One pushed event, with its own time. `$1` time, then the columns of
    /// `walkthrough_events` in ``PostgresSeenStore/EventSQL/insertColumns`` order.
    static let insertEvent = Prepared(
        name: "walkthrough_push_event",
        sql: """
            INSERT INTO walkthrough_events (\(PostgresSeenStore.EventSQL.insertColumns))
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
            """,
        parameterTypes: [
            int8, text, text, int8, text, int8, text, text, PostgresConnection.bool,
            PostgresConnection.bool, text, text, text,
        ])

    /// The user's tombstones, for a replica's refresh: `(walkthrough, reset_at)`.
    static let tombstones = Prepared(
        name: "walkthrough_user_tombstones",
        sql: "SELECT walkthrough, reset_at FROM walkthrough_tombstones WHERE user_name = $1",
        parameterTypes: [text])

    /// The server's clock, in milliseconds since 1970.
    static let now = "SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint"
}
