extension PostgresSeenStore {
    /// The store's statements. Each is prepared once per connection (`PQprepare`) and run with
    /// `PQexecPrepared`; every value is a parameter (`$1`, `$2`, …), never written into the
    /// text. `$1` is always the user and `$2` the walkthrough where both appear.
    ///
    /// The rules are those of ``SQLiteSeenStore/SQL``, statement for statement; the tables'
    /// names are unqualified, so they are those of the first schema of the `search_path`.
    /// `user_name` and `walkthrough` use the `"C"` collation: compared and ordered by their
    /// UTF-8 bytes, as SQLite's `BINARY` does.
    package enum SQL {
        package typealias Prepared = PostgresStatement
        private static let text = PostgresConnection.text
        private static let int8 = PostgresConnection.int8

        /// The six columns, in the order ``PostgresSeenStore/decodeRecord(_:row:)`` reads.
        static let columns = "user_name, walkthrough, version, outcome, last_page, updated_at"

        /// The user's record of one walkthrough. Preparing it when opening also proves that the
        /// table has every column the store reads.
        static let record = Prepared(
            name: "walkthrough_record",
            sql:
                "SELECT \(columns) FROM walkthrough_seen WHERE user_name = $1 AND walkthrough = $2",
            parameterTypes: [text, text])

        /// The `walkthrough seen` gate: one lookup on the primary key.
        package static let hasSeen = Prepared(
            name: "walkthrough_has_seen",
            sql: """
                SELECT 1 FROM walkthrough_seen
                WHERE user_name = $1 AND walkthrough = $2 AND version >= $3
                    AND outcome <> 'inProgress'
                """,
            parameterTypes: [text, text, int8])

        /// Upserts a finished outcome, keeping `last_page`; a seen record of a newer version
        /// wins, and so does a `completed` one of the same version over `skipped`.
        package static let markSeen = Prepared(
            name: "walkthrough_mark_seen",
            sql: """
                INSERT INTO walkthrough_seen AS seen (\(columns))
                VALUES ($1, $2, $3, $4, 0, $5)
                ON CONFLICT (user_name, walkthrough) DO UPDATE SET
                    version = excluded.version, outcome = excluded.outcome,
                    updated_at = excluded.updated_at
                WHERE NOT (seen.outcome <> 'inProgress' AND seen.version > excluded.version)
                    AND NOT (seen.outcome = 'completed' AND excluded.outcome = 'skipped'
                        AND seen.version = excluded.version)
                """,
            parameterTypes: [text, text, int8, text, int8])

        /// Upserts progress; a seen record of the same or a newer version is never downgraded.
        static let saveProgress = Prepared(
            name: "walkthrough_save_progress",
            sql: """
                INSERT INTO walkthrough_seen AS seen (\(columns))
                VALUES ($1, $2, $3, 'inProgress', $4, $5)
                ON CONFLICT (user_name, walkthrough) DO UPDATE SET
                    version = excluded.version, outcome = 'inProgress',
                    last_page = excluded.last_page, updated_at = excluded.updated_at
                WHERE NOT (seen.outcome <> 'inProgress' AND seen.version >= excluded.version)
                """,
            parameterTypes: [text, text, int8, int8, int8])

        /// Removes one record.
        static let resetOne = Prepared(
            name: "walkthrough_reset_one",
            sql: "DELETE FROM walkthrough_seen WHERE user_name = $1 AND walkthrough = $2",
            parameterTypes: [text, text])

        /// Removes all of one user's records.
        static let resetUser = Prepared(
            name: "walkthrough_reset_user",
            sql: "DELETE FROM walkthrough_seen WHERE user_name = $1",
            parameterTypes: [text])

        /// Removes every user's record of one walkthrough.
        static let resetWalkthrough = Prepared(
            name: "walkthrough_reset_walkthrough",
            sql: "DELETE FROM walkthrough_seen WHERE walkthrough = $1",
            parameterTypes: [text])

        /// The first page of every record: at most `$1` of them. Each page is one range scan
        /// of the primary key (keyset paging, as the SQLite store pages).
        static let firstPage = Prepared(
            name: "walkthrough_first_page",
            sql: """
                SELECT \(columns) FROM walkthrough_seen
                ORDER BY user_name, walkthrough LIMIT $1
                """,
            parameterTypes: [int8])

        /// The next page of every record, after the key (`$1`, `$2`): at most `$3` of them.
        static let nextPage = Prepared(
            name: "walkthrough_next_page",
            sql: """
                SELECT \(columns) FROM walkthrough_seen WHERE (user_name, walkthrough) > ($1, $2)
                ORDER BY user_name, walkthrough LIMIT $3
                """,
            parameterTypes: [text, text, int8])

        /// The first page of one user's (`$1`) records: at most `$2` of them.
        static let userFirstPage = Prepared(
            name: "walkthrough_user_first_page",
            sql: """
                SELECT \(columns) FROM walkthrough_seen WHERE user_name = $1
                ORDER BY walkthrough LIMIT $2
                """,
            parameterTypes: [text, int8])

        /// The next page of one user's (`$1`) records, after the walkthrough `$2`.
        static let userNextPage = Prepared(
            name: "walkthrough_user_next_page",
            sql: """
                SELECT \(columns) FROM walkthrough_seen WHERE user_name = $1 AND walkthrough > $2
                ORDER BY walkthrough LIMIT $3
                """,
            parameterTypes: [text, text, int8])

        /// Merges one imported record by the import rule; returns a row only when it was
        /// written, `true` when it was new.
        static let merge = Prepared(
            name: "walkthrough_merge",
            sql: """
                INSERT INTO walkthrough_seen AS seen (\(columns))
                VALUES ($1, $2, $3, $4, $5, $6)
                ON CONFLICT (user_name, walkthrough) DO UPDATE SET
                    version = excluded.version, outcome = excluded.outcome,
                    last_page = excluded.last_page, updated_at = excluded.updated_at
                WHERE \(MergeRule.replaces(new: "excluded", old: "seen"))
                RETURNING (xmax = 0)
                """,
            parameterTypes: [text, text, int8, text, int8, int8])

        /// How many records and users the role can see.
        static let counts = "SELECT count(*), count(DISTINCT user_name) FROM walkthrough_seen"
    }
}
