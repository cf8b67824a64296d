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
        static let record = StatementSlot(index: 0, sql: SeenSQL.record(.sqlite))

        /// ``record`` for a store read as it is from before schema version 6 (no
        /// `snoozed_until`), in its own slot.
        static let recordBeforeSnooze = StatementSlot(
            index: 4, sql: SeenSQL.record(.sqlite, snooze: false))

        /// The `walkthrough seen` gate: one indexed lookup on the primary key.
        static let hasSeen = StatementSlot(index: 1, sql: SeenSQL.hasSeen(.sqlite))

        /// Upserts a finished outcome by ``SeenWriteRule/seen``.
        package static let markSeen = StatementSlot(
            index: 2, sql: SeenSQL.upsert(.seen, .sqlite))

        /// Upserts progress by ``SeenWriteRule/progress``.
        static let saveProgress = StatementSlot(
            index: 3, sql: SeenSQL.upsert(.progress, .sqlite))

        /// Upserts a snooze by ``SeenWriteRule/snooze``: `?4` the page, `?5` the time, `?6` the
        /// time it lasts until.
        static let snooze = SeenSQL.upsert(.snooze, .sqlite)

        /// Claims a client's step id (`?1`) for its user (`?2`) at `?3`: one row changed when
        /// the id is new, none when it was written before.
        static let claimClientStep = """
            INSERT OR IGNORE INTO client_steps (id, user, time) VALUES (?1, ?2, ?3)
            """

        /// Forgets the step ids older than `?1`, with the events `events prune` removes.
        static let pruneClientSteps = "DELETE FROM client_steps WHERE time < ?1"

        /// Every record, in primary-key order (user, then walkthrough, by bytes).
        static func allRecords(snooze: Bool) -> String {
            """
            SELECT \(SQLDialect.sqlite.recordColumns(snooze: snooze)) FROM seen
            ORDER BY user, walkthrough
            """
        }

        /// One user's records, by walkthrough.
        static func userRecords(snooze: Bool) -> String {
            """
            SELECT \(SQLDialect.sqlite.recordColumns(snooze: snooze)) FROM seen WHERE user = ?1
            ORDER BY walkthrough
            """
        }

        /// What opening needs to know before it writes anything: the schema version, whose
        /// file it is, and whether it already holds anything.
        static let state = """
            SELECT user_version, application_id,
                   (SELECT count(*) FROM sqlite_schema)
            FROM pragma_user_version, pragma_application_id
            """
    }
}
