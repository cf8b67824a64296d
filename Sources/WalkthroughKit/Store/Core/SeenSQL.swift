/// How one SQL backend spells the store's tables and parameters.
package struct SQLDialect: Sendable, Hashable {
    /// The records' table: `seen` (SQLite) or `walkthrough_seen` (PostgreSQL).
    package var table: String
    /// The column that holds the user: `user` or `user_name` (`user` is reserved in
    /// PostgreSQL).
    package var userColumn: String
    /// The events' table.
    package var eventsTable: String
    /// The goals' table (schema version 3).
    package var goalsTable: String
    /// The per-(user, walkthrough, version) summaries of the funnel (`SummarySQL`).
    package var summariesTable: String
    /// The summaries' pages past the mask.
    package var summaryPagesTable: String
    /// `?` (SQLite) or `$` (PostgreSQL): numbered parameters are this and the number.
    package var parameterPrefix: Character

    /// SQLite's `seen` and `events`, `?1`, `?2`, ….
    package static let sqlite = SQLDialect(
        table: "seen", userColumn: "user", eventsTable: "events", goalsTable: "goals",
        summariesTable: "summaries", summaryPagesTable: "summary_pages", parameterPrefix: "?")
    /// PostgreSQL's `walkthrough_seen` and `walkthrough_events`, `$1`, `$2`, ….
    package static let postgresql = SQLDialect(
        table: "walkthrough_seen", userColumn: "user_name", eventsTable: "walkthrough_events",
        goalsTable: "walkthrough_goals", summariesTable: "walkthrough_summaries",
        summaryPagesTable: "walkthrough_summary_pages", parameterPrefix: "$")

    /// The numbered parameter `number`.
    package func parameter(_ number: Int) -> String { "\(parameterPrefix)\(number)" }

    /// The six record columns every write sets, in the order the stores decode them.
    package var columns: String {
        "\(userColumn), walkthrough, version, outcome, last_page, updated_at"
    }

    /// The record columns a read decodes: ``columns``, then `snoozed_until` (schema version
    /// 6 of SQLite, 7 of PostgreSQL), or `NULL` in its place for a store read as it is from
    /// before (`snooze` false).
    package func recordColumns(snooze: Bool = true) -> String {
        columns + (snooze ? ", snoozed_until" : ", NULL")
    }
}

/// The statements every SQL backend shares, generated for its ``SQLDialect`` from one
/// description: the upserts from ``SeenWriteRule``, the import merge from ``MergeRule``, the
/// resets and the keyset pages of records. Every value is a numbered parameter, never text
/// written into the SQL.
package enum SeenSQL {
    /// Where each value of an upsert comes from: the numbers of its parameters.
    package struct UpsertParameters: Sendable, Hashable {
        package var user = 1
        package var walkthrough = 2
        package var version = 3
        /// The outcome (``SeenWriteRule/seen``) or the page (``SeenWriteRule/progress``,
        /// ``SeenWriteRule/snooze``).
        package var value = 4
        package var time = 5
        /// The time a snooze lasts until (``SeenWriteRule/snooze`` only).
        package var until = 6

        /// `user`, `walkthrough`, `version`, the value and the time as parameters 1 to 5.
        package init() {}

        /// The parameters at the given numbers.
        package init(
            user: Int, walkthrough: Int, version: Int, value: Int, time: Int, until: Int = 6
        ) {
            self.user = user
            self.walkthrough = walkthrough
            self.version = version
            self.value = value
            self.time = time
            self.until = until
        }
    }

    /// The upsert of `rule`: inserts the record, or updates the stored one unless the rule keeps
    /// it. The stored row is named `seen`, the incoming one `excluded`. Every write but a
    /// snooze clears `snoozed_until`.
    package static func upsert(
        _ rule: SeenWriteRule, _ dialect: SQLDialect,
        parameters: UpsertParameters = UpsertParameters()
    ) -> String {
        let p = dialect.parameter
        let outcome: String
        let page: String
        let updates: String
        var until = "NULL"
        switch rule {
        case .seen:
            outcome = p(parameters.value)
            page = "0"
            updates = "version = excluded.version, outcome = excluded.outcome"
        case .progress:
            outcome = "'inProgress'"
            page = p(parameters.value)
            updates =
                "version = excluded.version, outcome = 'inProgress', "
                + "last_page = excluded.last_page"
        case .snooze:
            outcome = "'snoozed'"
            page = p(parameters.value)
            until = p(parameters.until)
            updates =
                "version = excluded.version, outcome = 'snoozed', "
                + "last_page = excluded.last_page"
        }
        return """
            INSERT INTO \(dialect.table) AS seen (\(dialect.columns), snoozed_until)
            VALUES (\(p(parameters.user)), \(p(parameters.walkthrough)), \
            \(p(parameters.version)), \(outcome), \(page), \(p(parameters.time)), \(until))
            ON CONFLICT (\(dialect.userColumn), walkthrough) DO UPDATE SET
                \(updates), updated_at = excluded.updated_at,
                snoozed_until = excluded.snoozed_until
            WHERE \(condition(rule))
            """
    }

    /// The `WHERE` under which an upsert of `rule` updates the stored row.
    static func condition(_ rule: SeenWriteRule) -> String {
        rule.keptWhen.map { clauses in
            "NOT (" + clauses.map(sql).joined(separator: " AND ") + ")"
        }.joined(separator: " AND ")
    }

    private static func sql(_ clause: SeenWriteRule.Clause) -> String {
        switch clause {
        case .storedIsSeen: return "seen.outcome IN ('completed', 'skipped')"
        case .storedVersion(let comparison):
            return "seen.version \(comparison.rawValue) excluded.version"
        case .storedOutcome(let outcome): return "seen.outcome = '\(outcome.rawValue)'"
        case .newOutcome(let outcome): return "excluded.outcome = '\(outcome.rawValue)'"
        }
    }

    /// Merges one imported record (parameters 1 to 7: the columns in order, `snoozed_until`
    /// last) when it wins by ``MergeRule``.
    package static func merge(_ dialect: SQLDialect) -> String {
        let values = (1...7).map(dialect.parameter).joined(separator: ", ")
        return """
            INSERT INTO \(dialect.table) AS seen (\(dialect.recordColumns()))
            VALUES (\(values))
            ON CONFLICT (\(dialect.userColumn), walkthrough) DO UPDATE SET
                version = excluded.version, outcome = excluded.outcome,
                last_page = excluded.last_page, updated_at = excluded.updated_at,
                snoozed_until = excluded.snoozed_until
            WHERE \(MergeRule.replaces(new: "excluded", old: "seen"))
            """
    }

    // MARK: - Reading

    /// The user's (`1`) record of one walkthrough (`2`); `snooze` false for a store from
    /// before `snoozed_until` (``SQLDialect/recordColumns(snooze:)``).
    package static func record(_ dialect: SQLDialect, snooze: Bool = true) -> String {
        "SELECT \(dialect.recordColumns(snooze: snooze)) FROM \(dialect.table) "
            + "WHERE \(dialect.userColumn) = \(dialect.parameter(1)) "
            + "AND walkthrough = \(dialect.parameter(2))"
    }

    /// Whether the user (`1`) finished the walkthrough (`2`) at the version (`3`) or later.
    package static func hasSeen(_ dialect: SQLDialect) -> String {
        "SELECT 1 FROM \(dialect.table) WHERE \(dialect.userColumn) = \(dialect.parameter(1)) "
            + "AND walkthrough = \(dialect.parameter(2)) "
            + "AND version >= \(dialect.parameter(3)) AND outcome IN ('completed', 'skipped')"
    }

    /// How many records and users the table holds.
    package static func counts(_ dialect: SQLDialect) -> String {
        "SELECT count(*), count(DISTINCT \(dialect.userColumn)) FROM \(dialect.table)"
    }

    /// Which page of records a keyset query reads.
    package enum Page: Sendable, Hashable, CaseIterable {
        /// The first page of every record: parameter 1 the limit.
        case first
        /// Every record after the key (1 user, 2 walkthrough): parameter 3 the limit.
        case after
        /// The first page of one user's (1) records: parameter 2 the limit.
        case userFirst
        /// One user's (1) records after the walkthrough (2): parameter 3 the limit.
        case userAfter

        /// The page for a user filter and a key to continue after.
        package init(user: Bool, continuing: Bool) {
            switch (user, continuing) {
            case (false, false): self = .first
            case (false, true): self = .after
            case (true, false): self = .userFirst
            case (true, true): self = .userAfter
            }
        }
    }

    /// A page of records in primary-key order (user, then walkthrough, by bytes): each one
    /// range scan of the primary key; `snooze` as for ``record(_:snooze:)``.
    package static func page(_ page: Page, _ dialect: SQLDialect, snooze: Bool = true) -> String {
        let select = "SELECT \(dialect.recordColumns(snooze: snooze)) FROM \(dialect.table)"
        let user = dialect.userColumn
        let p = dialect.parameter
        switch page {
        case .first:
            return "\(select) ORDER BY \(user), walkthrough LIMIT \(p(1))"
        case .after:
            return "\(select) WHERE (\(user), walkthrough) > (\(p(1)), \(p(2))) "
                + "ORDER BY \(user), walkthrough LIMIT \(p(3))"
        case .userFirst:
            return "\(select) WHERE \(user) = \(p(1)) ORDER BY walkthrough LIMIT \(p(2))"
        case .userAfter:
            return "\(select) WHERE \(user) = \(p(1)) AND walkthrough > \(p(2)) "
                + "ORDER BY walkthrough LIMIT \(p(3))"
        }
    }

    // MARK: - Removing

    /// What a reset removes.
    package enum Reset: Sendable, Hashable {
        /// One user's (1) record of one walkthrough (2).
        case one
        /// Every record of one user (1).
        case user
        /// Every user's record of one walkthrough (1).
        case walkthrough
    }

    /// The delete of `reset` from the records' table, or from the events' with `events`.
    package static func reset(_ reset: Reset, _ dialect: SQLDialect, events: Bool = false) -> String
    {
        self.reset(reset, from: events ? dialect.eventsTable : dialect.table, dialect)
    }

    /// The delete of `reset` from `table`, whose rows are keyed by user and walkthrough: the
    /// records', the events', the summaries'.
    package static func reset(_ reset: Reset, from table: String, _ dialect: SQLDialect) -> String {
        let p = dialect.parameter
        switch reset {
        case .one:
            return "DELETE FROM \(table) WHERE \(dialect.userColumn) = \(p(1)) "
                + "AND walkthrough = \(p(2))"
        case .user: return "DELETE FROM \(table) WHERE \(dialect.userColumn) = \(p(1))"
        case .walkthrough: return "DELETE FROM \(table) WHERE walkthrough = \(p(1))"
        }
    }

    /// The delete of one user's (1) goals, which a reset of all the user's walkthroughs
    /// removes too (goals belong to no one walkthrough, so a reset of one keeps them).
    package static func resetGoals(_ dialect: SQLDialect) -> String {
        "DELETE FROM \(dialect.goalsTable) WHERE \(dialect.userColumn) = \(dialect.parameter(1))"
    }

    /// Whether this PostgreSQL role may delete goals: a role granted only the records and
    /// events (as deployments before goals were) resets those and leaves the goals, which it
    /// can neither read nor write, instead of failing the whole reset.
    package static let mayResetGoals =
        "SELECT has_table_privilege('walkthrough_goals', 'DELETE')"

    /// Whether this PostgreSQL role may read goals: `walkthrough events` lists them as `goal`
    /// events only then (a role granted only the records and events lists those).
    package static let mayReadGoals =
        "SELECT has_table_privilege('walkthrough_goals', 'SELECT')"
}
