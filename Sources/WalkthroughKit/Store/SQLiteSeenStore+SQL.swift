extension SQLiteSeenStore {
    /// The store's statements. Each is prepared once per connection and reused; every value is
    /// bound (`?1`, `?2`, …), never written into the text.
    ///
    /// The four statements of the hot paths (``record``, ``hasSeen``, ``markSeen``,
    /// ``saveProgress``) live in fixed connection slots (``StatementSlot``), the others in the
    /// SQL-keyed cache. In every slotted statement `?1` is the user and `?2` the walkthrough,
    /// which ``Statement/withBorrowedText(_:_:_:)`` binds without copying.
    package enum SQL {
        /// The user's record of one walkthrough. Preparing it when opening also proves that the
        /// `seen` table has every column the store reads.
        static let record = StatementSlot(
            index: 0,
            sql: """
                SELECT user, walkthrough, version, outcome, last_page, updated_at
                FROM seen WHERE user = ?1 AND walkthrough = ?2
                """)

        /// The `walkthrough seen` gate: one indexed lookup on the primary key.
        static let hasSeen = StatementSlot(
            index: 1,
            sql: """
                SELECT 1 FROM seen
                WHERE user = ?1 AND walkthrough = ?2 AND version >= ?3 AND outcome <> 'inProgress'
                """)

        /// Upserts a finished outcome, keeping `last_page`; a seen record of a newer version
        /// wins, and so does a `completed` one of the same version over `skipped`.
        package static let markSeen = StatementSlot(
            index: 2,
            sql: """
                INSERT INTO seen (user, walkthrough, version, outcome, last_page, updated_at)
                VALUES (?1, ?2, ?3, ?4, 0, ?5)
                ON CONFLICT (user, walkthrough) DO UPDATE SET
                    version = excluded.version, outcome = excluded.outcome,
                    updated_at = excluded.updated_at
                WHERE NOT (seen.outcome <> 'inProgress' AND seen.version > excluded.version)
                    AND NOT (seen.outcome = 'completed' AND excluded.outcome = 'skipped'
                        AND seen.version = excluded.version)
                """)

        /// Upserts progress; a seen record of the same or a newer version is never downgraded.
        static let saveProgress = StatementSlot(
            index: 3,
            sql: """
                INSERT INTO seen (user, walkthrough, version, outcome, last_page, updated_at)
                VALUES (?1, ?2, ?3, 'inProgress', ?4, ?5)
                ON CONFLICT (user, walkthrough) DO UPDATE SET
                    version = excluded.version, outcome = 'inProgress',
                    last_page = excluded.last_page, updated_at = excluded.updated_at
                WHERE NOT (seen.outcome <> 'inProgress' AND seen.version >= excluded.version)
                """)

        /// Removes one record.
        static let resetOne = "DELETE FROM seen WHERE user = ?1 AND walkthrough = ?2"

        /// Removes all of one user's records.
        static let resetUser = "DELETE FROM seen WHERE user = ?1"

        /// Removes every user's record of one walkthrough.
        static let resetWalkthrough = "DELETE FROM seen WHERE walkthrough = ?1"

        /// Every record, in primary-key order (user, then walkthrough, by bytes).
        static let allRecords = """
            SELECT user, walkthrough, version, outcome, last_page, updated_at
            FROM seen ORDER BY user, walkthrough
            """

        /// One user's records, by walkthrough.
        static let userRecords = """
            SELECT user, walkthrough, version, outcome, last_page, updated_at
            FROM seen WHERE user = ?1 ORDER BY user, walkthrough
            """

        /// What opening needs to know before it writes anything: the schema version, whose
        /// file it is, and whether it already holds anything.
        static let state = """
            SELECT user_version, application_id,
                   (SELECT count(*) FROM sqlite_schema)
            FROM pragma_user_version, pragma_application_id
            """
    }
}
