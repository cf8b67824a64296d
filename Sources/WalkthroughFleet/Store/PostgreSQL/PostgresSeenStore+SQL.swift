import WalkthroughKit

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

        /// The seven columns, in the order ``PostgresSeenStore/decodeRecord(_:row:)`` reads.
        static let columns = SQLDialect.postgresql.recordColumns()

        /// The user's record of one walkthrough. Preparing it when opening also proves that the
        /// table has every column the store reads.
        static let record = Prepared(
            name: "walkthrough_record", sql: SeenSQL.record(.postgresql),
            parameterTypes: [text, text])

        /// ``record`` for tables read as they are from before schema version 7 (no
        /// `snoozed_until`).
        static let recordBeforeSnooze = Prepared(
            name: "walkthrough_record_before_snooze",
            sql: SeenSQL.record(.postgresql, snooze: false), parameterTypes: [text, text])

        /// The `walkthrough seen` gate: one lookup on the primary key.
        package static let hasSeen = Prepared(
            name: "walkthrough_has_seen", sql: SeenSQL.hasSeen(.postgresql),
            parameterTypes: [text, text, int8])

        /// Upserts a finished outcome by ``SeenWriteRule/seen``.
        package static let markSeen = Prepared(
            name: "walkthrough_mark_seen", sql: SeenSQL.upsert(.seen, .postgresql),
            parameterTypes: [text, text, int8, text, int8])

        /// Upserts progress by ``SeenWriteRule/progress``.
        static let saveProgress = Prepared(
            name: "walkthrough_save_progress", sql: SeenSQL.upsert(.progress, .postgresql),
            parameterTypes: [text, text, int8, int8, int8])

        /// Upserts a snooze by ``SeenWriteRule/snooze``: `$4` the page, `$5` the time, `$6`
        /// the time it lasts until.
        static let snooze = Prepared(
            name: "walkthrough_snooze", sql: SeenSQL.upsert(.snooze, .postgresql),
            parameterTypes: [text, text, int8, int8, int8, int8])

        /// A page of records (keyset paging on the primary key, as the SQLite store pages);
        /// `snooze` false for tables from before schema version 7.
        static func page(_ page: SeenSQL.Page, snooze: Bool = true) -> Prepared {
            let suffix = snooze ? "" : "_before_snooze"
            let sql = SeenSQL.page(page, .postgresql, snooze: snooze)
            switch page {
            case .first:
                return Prepared(
                    name: "walkthrough_first_page" + suffix, sql: sql, parameterTypes: [int8])
            case .after:
                return Prepared(
                    name: "walkthrough_next_page" + suffix, sql: sql,
                    parameterTypes: [text, text, int8])
            case .userFirst:
                return Prepared(
                    name: "walkthrough_user_first_page" + suffix, sql: sql,
                    parameterTypes: [text, int8])
            case .userAfter:
                return Prepared(
                    name: "walkthrough_user_next_page" + suffix, sql: sql,
                    parameterTypes: [text, text, int8])
            }
        }

        /// Merges one imported record by the import rule; returns a row only when it was
        /// written, `true` when it was new.
        static let merge = Prepared(
            name: "walkthrough_merge", sql: SeenSQL.merge(.postgresql) + "\nRETURNING (xmax = 0)",
            parameterTypes: [text, text, int8, text, int8, int8, int8])

        /// How many records and users the role can see.
        static let counts = SeenSQL.counts(.postgresql)
    }
}
