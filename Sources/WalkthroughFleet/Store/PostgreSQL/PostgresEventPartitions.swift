import WalkthroughKit

/// Schema version 6 of the PostgreSQL store: `walkthrough_events` partitioned by month
/// (`PARTITION BY RANGE (time)`, one partition `walkthrough_events_YYYY_MM` a UTC month), so
/// that `events prune --before` drops whole months instead of deleting row by row, and no
/// heap grows without end.
///
/// Partitions are made by `walkthrough_event_partition(time)`, a `SECURITY DEFINER` function
/// of the role that migrated (an everyday role may not create tables): the migration makes one
/// for every month the events already cover and for this month and the next two; `db migrate`
/// makes the months ahead again; a writer whose event finds no partition
/// (SQLSTATE 23514, "no partition of relation") calls it and writes again. Pruning drops the
/// partitions wholly older than the date through `walkthrough_drop_event_partitions(before)`
/// and deletes the rest; a role bound by row security only deletes (its own events).
enum PostgresEventPartitions {
    /// The statements of migration 6: the heap renamed, the partitioned table made with the
    /// same columns, checks, indexes, row security and grants, every event copied with its id,
    /// the heap dropped. The key starts with the user (`user_name, time, id`: a partitioned
    /// table's key holds its partition key), as every other table's does, so that a
    /// distributed PostgreSQL can place a user's events beside their records.
    static let migration: [String] = [
        "ALTER TABLE walkthrough_events RENAME TO walkthrough_events_heap",
        "ALTER SEQUENCE walkthrough_events_id_seq RENAME TO walkthrough_events_heap_id_seq",
        "ALTER INDEX walkthrough_events_pkey RENAME TO walkthrough_events_heap_pkey",
        "DROP INDEX walkthrough_events_by_time, walkthrough_events_by_user, "
            + "walkthrough_events_funnel, walkthrough_events_experiment",
        """
        CREATE TABLE walkthrough_events (
            id          bigint GENERATED ALWAYS AS IDENTITY,
            time        bigint NOT NULL,
            user_name   text   COLLATE "C" NOT NULL,
            walkthrough text   COLLATE "C" NOT NULL,
            version     bigint NOT NULL CHECK (version >= 1),
            event       text   NOT NULL,
            page        bigint NOT NULL CHECK (page >= 0),
            outcome     text   CHECK (outcome IN ('completed', 'skipped')),
            locale      text,
            resumed     boolean,
            forced      boolean,
            signal      text,
            variant     text   COLLATE "C",
            experiment  text   COLLATE "C",
            CONSTRAINT walkthrough_events_event_check CHECK (event IN (\(ExperimentSchema.names))),
            PRIMARY KEY (user_name, time, id)
        ) PARTITION BY RANGE (time)
        """,
        makePartitionFunction,
        dropPartitionsFunction,
        """
        SELECT walkthrough_event_partition(min(time)) FROM walkthrough_events_heap
        GROUP BY date_trunc('month', to_timestamp(time / 1000.0) AT TIME ZONE 'UTC')
        """,
        ahead,
        """
        INSERT INTO walkthrough_events
            (id, time, user_name, walkthrough, version, event, page, outcome, locale, resumed,
             forced, signal, variant, experiment)
        OVERRIDING SYSTEM VALUE
        SELECT id, time, user_name, walkthrough, version, event, page, outcome, locale, resumed,
            forced, signal, variant, experiment
        FROM walkthrough_events_heap
        """,
        """
        SELECT setval(pg_get_serial_sequence('walkthrough_events', 'id'),
            coalesce((SELECT max(id) FROM walkthrough_events), 0) + 1, false)
        """,
        PostgresGrants.copy(from: "walkthrough_events_heap", to: ["walkthrough_events"]),
        "DROP TABLE walkthrough_events_heap",
        "CREATE INDEX walkthrough_events_by_time ON walkthrough_events (time, id)",
        "CREATE INDEX walkthrough_events_by_user ON walkthrough_events (user_name, walkthrough)",
        """
        CREATE INDEX walkthrough_events_funnel ON walkthrough_events
            (walkthrough, version, user_name, page, event, time, outcome)
        """,
        """
        CREATE INDEX walkthrough_events_experiment ON walkthrough_events
            (walkthrough, experiment, user_name, event, time, variant, outcome)
            WHERE experiment IS NOT NULL
        """,
        """
        DO $$
        BEGIN
            IF (SELECT relrowsecurity FROM pg_class
                WHERE oid = to_regclass(format('%I.walkthrough_seen', current_schema())))
            THEN
                \(EventSchema.postgresRowSecurity.joined(separator: ";\n        "));
            END IF;
        END
        $$
        """,
    ]

    /// Makes (once, under an advisory lock) the partition of the UTC month holding `at_ms`;
    /// returns its name. Runs as the role that migrated, in the store's schema.
    static let makePartitionFunction = """
        CREATE FUNCTION walkthrough_event_partition(at_ms bigint) RETURNS text
        LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT AS $$
        DECLARE
            first_day timestamp := date_trunc('month', to_timestamp(at_ms / 1000.0) AT TIME ZONE 'UTC');
            low bigint := (extract(epoch FROM first_day) * 1000)::bigint;
            high bigint := (extract(epoch FROM first_day + interval '1 month') * 1000)::bigint;
            name text := 'walkthrough_events_' || to_char(first_day, 'YYYY_MM');
        BEGIN
            PERFORM pg_advisory_xact_lock(hashtext('walkthrough partition ' || current_schema()));
            IF NOT EXISTS (SELECT 1 FROM pg_catalog.pg_class c
                    JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
                    WHERE n.nspname = current_schema() AND c.relname = name) THEN
                EXECUTE format('CREATE TABLE %I PARTITION OF walkthrough_events '
                    || 'FOR VALUES FROM (%s) TO (%s)', name, low, high);
            END IF;
            RETURN name;
        END
        $$
        """

    /// Drops every partition whose months all lie before `before_ms`; returns how many events
    /// they held.
    static let dropPartitionsFunction = """
        CREATE FUNCTION walkthrough_drop_event_partitions(before_ms bigint) RETURNS bigint
        LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT AS $$
        DECLARE
            part record;
            held bigint;
            removed bigint := 0;
        BEGIN
            FOR part IN
                SELECT c.relname,
                    substring(pg_get_expr(c.relpartbound, c.oid) FROM 'TO \\(''?(-?[0-9]+)''?\\)')::bigint
                        AS high
                FROM pg_catalog.pg_inherits i JOIN pg_catalog.pg_class c ON c.oid = i.inhrelid
                WHERE i.inhparent = 'walkthrough_events'::regclass
            LOOP
                IF part.high <= before_ms THEN
                    EXECUTE format('SELECT count(*) FROM %I', part.relname) INTO held;
                    removed := removed + held;
                    EXECUTE format('DROP TABLE %I', part.relname);
                END IF;
            END LOOP;
            RETURN removed;
        END
        $$
        """

    /// Makes the partitions of this month and the next two (the server's clock).
    static let ahead = """
        SELECT walkthrough_event_partition(
            (extract(epoch FROM date_trunc('month', now() AT TIME ZONE 'UTC')
                + make_interval(months => k)) * 1000)::bigint)
        FROM generate_series(0, 2) AS k
        """

    /// Makes the partition of the month holding `$1`.
    static let make = PostgresStatement(
        name: "walkthrough_event_partition", sql: "SELECT walkthrough_event_partition($1)",
        parameterTypes: [PostgresConnection.int8])

    /// Drops the partitions wholly before `$1`; one row, the events they held.
    static let drop = PostgresStatement(
        name: "walkthrough_drop_event_partitions",
        sql: "SELECT walkthrough_drop_event_partitions($1)",
        parameterTypes: [PostgresConnection.int8])

    /// Whether `failure` is an event that found no partition for its time.
    static func isMissingPartition(_ failure: PostgresFailure) -> Bool {
        failure.sqlState == "23514" && failure.message.contains("no partition of relation")
    }
}
