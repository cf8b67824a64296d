/// The per-(user, walkthrough, version) summaries the funnel reads, on both backends, generated
/// for each ``SQLDialect`` from one description.
///
/// Each event also updates its user's summary row, in the same transaction: the first
/// `started` time, the furthest page shown, the first completion time, whether a `finished`
/// was a skip, and which pages were shown: pages 1 to 63 as bits of `pages_mask`, any later
/// page as a row of the pages table. Every merge is a minimum, a maximum or a union, so the
/// order events arrive in (a replica pushing late) does not matter. `stats` then reads one row
/// a user instead of every event (``funnelQuery(_:)``); a store migrated from one without
/// summaries builds them from its events (``rebuild(_:scoped:)``).
package enum SummarySQL {
    /// Pages below this 0-based index are bits of `pages_mask`; the rest are rows of the
    /// pages table.
    package static let maskedPages = 63

    /// The summary of a step's events: what ``upsert(_:)`` merges into the stored row.
    package struct Delta: Sendable, Hashable {
        package var startedAt: Int64?
        package var furthest: Int?
        package var completedAt: Int64?
        package var skipped = false
        package var mask: Int64 = 0
        /// Shown pages of index ``SummarySQL/maskedPages`` or more.
        package var laterPages: [Int] = []

        /// The summary of `events`, all stamped `time`; `nil` when none of them counts in the
        /// funnel (a `quit`, an `interrupted`, an exposure).
        package init?(_ events: [SessionStep.Event], time: Int64) {
            var counts = false
            for event in events {
                counts = add(event.kind.name, page: event.page, outcome: nil, time: time) || counts
                if case .finished(let outcome) = event.kind {
                    add(outcome: outcome == .completed ? "completed" : "skipped", time: time)
                }
            }
            guard counts else { return nil }
        }

        /// An empty summary, for ``add(_:page:outcome:time:)``.
        package init() {}

        /// Adds one event by its stored columns (name, 0-based page, outcome, time); returns
        /// whether it counts in the funnel.
        @discardableResult
        package mutating func add(
            _ name: String, page: Int, outcome: String?, time: Int64
        ) -> Bool {
            switch name {
            case "started":
                startedAt = min(startedAt ?? time, time)
            case "page":
                furthest = max(furthest ?? page, page)
                if page < SummarySQL.maskedPages {
                    mask |= Int64(1) << Int64(page)
                } else if !laterPages.contains(page) {
                    laterPages.append(page)
                }
            case "finished":
                if let outcome { add(outcome: outcome, time: time) }
            default:
                return false
            }
            return true
        }

        private mutating func add(outcome: String, time: Int64) {
            if outcome == "completed" {
                completedAt = min(completedAt ?? time, time)
            } else if outcome == "skipped" {
                skipped = true
            }
        }

        /// Whether no event of the funnel's went into it.
        package var isEmpty: Bool {
            startedAt == nil && furthest == nil && completedAt == nil && !skipped && mask == 0
                && laterPages.isEmpty
        }

        /// The five values after the key, as text parameters: started, furthest, completed,
        /// skipped, mask.
        package var parameters: [String?] {
            [
                startedAt.map(String.init), furthest.map(String.init),
                completedAt.map(String.init), skipped ? "1" : "0", String(mask),
            ]
        }
    }

    /// The two tables and the funnel's index, for the schema version that adds them.
    package static func createStatements(_ dialect: SQLDialect) -> [String] {
        let postgres = dialect.parameterPrefix == "$"
        let text = postgres ? "text COLLATE \"C\"" : "TEXT"
        let integer = postgres ? "bigint" : "INTEGER"
        let rowid = postgres ? "" : " WITHOUT ROWID"
        let user = dialect.userColumn
        return [
            """
            CREATE TABLE \(dialect.summariesTable) (
                \(user) \(text) NOT NULL,
                walkthrough  \(text) NOT NULL,
                version      \(integer) NOT NULL CHECK (version >= 1),
                started_at   \(integer),
                furthest     \(integer) CHECK (furthest >= 0),
                completed_at \(integer),
                skipped      \(integer) NOT NULL DEFAULT 0 CHECK (skipped IN (0, 1)),
                pages_mask   \(integer) NOT NULL DEFAULT 0,
                PRIMARY KEY (\(user), walkthrough, version)
            )\(rowid)
            """,
            """
            CREATE INDEX \(dialect.summariesTable)_funnel ON \(dialect.summariesTable)
                (walkthrough, version, started_at, completed_at, skipped, furthest, pages_mask)
            """,
            """
            CREATE TABLE \(dialect.summaryPagesTable) (
                \(user) \(text) NOT NULL,
                walkthrough \(text) NOT NULL,
                version     \(integer) NOT NULL,
                page        \(integer) NOT NULL CHECK (page >= \(maskedPages)),
                PRIMARY KEY (\(user), walkthrough, version, page)
            )\(rowid)
            """,
        ]
    }

    /// Merges a ``Delta`` into the stored summary: parameters 1 to 3 (or `key`) are the user,
    /// walkthrough and version, and `first` … `first + 4` the started time, furthest page,
    /// completion time, skipped (0 or 1) and mask.
    package static func upsert(
        _ dialect: SQLDialect, key: [Int] = [1, 2, 3], first: Int = 4
    ) -> String {
        let values = (key + Array(first..<first + 5)).map(dialect.parameter).joined(
            separator: ", ")
        return """
            INSERT INTO \(dialect.summariesTable) AS s (\(columns(dialect)))
            VALUES (\(values))
            ON CONFLICT (\(dialect.userColumn), walkthrough, version) DO UPDATE SET
            \(mergeSet)
            """
    }

    /// Adds one later page: parameters 1 to 4 are the user, walkthrough, version and page.
    package static func insertPage(_ dialect: SQLDialect) -> String {
        let values = (1...4).map(dialect.parameter).joined(separator: ", ")
        return """
            INSERT INTO \(dialect.summaryPagesTable) (\(dialect.userColumn), walkthrough, version, page)
            VALUES (\(values)) ON CONFLICT DO NOTHING
            """
    }

    /// The summaries' columns, in the order of ``upsert(_:first:)``.
    static func columns(_ dialect: SQLDialect) -> String {
        "\(dialect.userColumn), walkthrough, version, started_at, furthest, completed_at, "
            + "skipped, pages_mask"
    }

    /// The merge of the incoming summary (`excluded`) into the stored one (`s`).
    private static let mergeSet = """
            started_at = CASE WHEN s.started_at IS NULL OR excluded.started_at < s.started_at
                THEN excluded.started_at ELSE s.started_at END,
            furthest = CASE WHEN s.furthest IS NULL OR excluded.furthest > s.furthest
                THEN excluded.furthest ELSE s.furthest END,
            completed_at = CASE WHEN s.completed_at IS NULL OR excluded.completed_at < s.completed_at
                THEN excluded.completed_at ELSE s.completed_at END,
            skipped = CASE WHEN excluded.skipped > s.skipped THEN excluded.skipped ELSE s.skipped END,
            pages_mask = s.pages_mask | excluded.pages_mask
        """

    /// Which summaries a rebuild or a removal covers.
    package enum Scope: Sendable {
        /// Every summary (the migration).
        case all
        /// Parameter 1's, of walkthrough parameter 2, or of all theirs when it is `''` (a
        /// replica's reset).
        case user
    }

    /// Builds (or merges into) the summaries from the events in `scope`: the migration of a
    /// store that had events but no summaries, and a user's after a reset removed some of
    /// their events. Returns the two statements, summaries then later pages.
    package static func rebuild(_ dialect: SQLDialect, scoped scope: Scope) -> [String] {
        let user = dialect.userColumn
        let events = dialect.eventsTable
        let filter: String
        switch scope {
        case .all: filter = "true"
        case .user:
            filter =
                "\(user) = \(dialect.parameter(1)) AND (\(dialect.parameter(2)) = '' "
                + "OR walkthrough = \(dialect.parameter(2)))"
        }
        let bits = (0..<maskedPages).map { page in
            "max(CASE WHEN event = 'page' AND page = \(page) THEN \(Int64(1) << Int64(page)) "
                + "ELSE 0 END)"
        }.joined(separator: " + ")
        return [
            """
            INSERT INTO \(dialect.summariesTable) AS s (\(columns(dialect)))
            SELECT \(user), walkthrough, version,
                min(CASE WHEN event = 'started' THEN time END),
                max(CASE WHEN event = 'page' THEN page END),
                min(CASE WHEN event = 'finished' AND outcome = 'completed' THEN time END),
                max(CASE WHEN event = 'finished' AND outcome = 'skipped' THEN 1 ELSE 0 END),
                \(bits)
            FROM \(events) WHERE \(filter)
                AND event IN ('started', 'page', 'finished')
            GROUP BY \(user), walkthrough, version
            ON CONFLICT (\(user), walkthrough, version) DO UPDATE SET
            \(mergeSet)
            """,
            """
            INSERT INTO \(dialect.summaryPagesTable) (\(user), walkthrough, version, page)
            SELECT DISTINCT \(user), walkthrough, version, page FROM \(events)
            WHERE \(filter) AND event = 'page' AND page >= \(maskedPages)
            ON CONFLICT DO NOTHING
            """,
        ]
    }

    /// Removes the summaries in `scope` (before ``rebuild(_:scoped:)`` of what is left); with
    /// `.all`, parameter 1's of walkthrough parameter 2 (`''` for all of them). Summaries,
    /// then later pages.
    package static func remove(_ dialect: SQLDialect, scoped scope: Scope) -> [String] {
        [dialect.summariesTable, dialect.summaryPagesTable].map { table in
            switch scope {
            case .all:
                return "DELETE FROM \(table)"
            case .user:
                return "DELETE FROM \(table) WHERE \(dialect.userColumn) = \(dialect.parameter(1)) "
                    + "AND (\(dialect.parameter(2)) = '' OR walkthrough = \(dialect.parameter(2)))"
            }
        }
    }

    /// The summaries a reset removes, beside the records and events it removes: parameters as
    /// ``SeenSQL/reset(_:_:events:)``'s.
    package static func reset(_ reset: SeenSQL.Reset, _ dialect: SQLDialect) -> [String] {
        [dialect.summariesTable, dialect.summaryPagesTable].map { table in
            SeenSQL.reset(reset, from: table, dialect)
        }
    }

    /// The funnel of walkthrough parameter 1 at version parameter 2 from the summaries, in
    /// one statement. Rows `(part, a, b, c, d)`:
    /// `(3, pages_mask, furthest (or NULL), state, users)` for each group of the cohort, state
    /// 0 in progress, 1 completed, 2 skipped; `(4, median milliseconds, 0, 0, 0)`; and
    /// `(1, page, reached, 0, 0)` for each later page.
    package static func funnelQuery(_ dialect: SQLDialect) -> String {
        let table = dialect.summariesTable
        let pages = dialect.summaryPagesTable
        let user = dialect.userColumn
        let scope = "walkthrough = \(dialect.parameter(1)) AND version = \(dialect.parameter(2))"
        return """
            WITH cohort AS (
                SELECT started_at, completed_at, skipped, furthest, pages_mask FROM \(table)
                WHERE \(scope) AND started_at IS NOT NULL
            ),
            durations AS (
                SELECT completed_at - started_at AS d,
                    row_number() OVER (ORDER BY completed_at - started_at) AS n,
                    count(*) OVER () AS total
                FROM cohort WHERE completed_at IS NOT NULL
            )
            SELECT 3 AS part, pages_mask AS a, furthest AS b,
                CASE WHEN completed_at IS NOT NULL THEN 1 WHEN skipped = 1 THEN 2 ELSE 0 END AS c,
                count(*) AS d
            FROM cohort
            GROUP BY pages_mask, furthest,
                CASE WHEN completed_at IS NOT NULL THEN 1 WHEN skipped = 1 THEN 2 ELSE 0 END
            UNION ALL
            SELECT 4, (SELECT avg(CASE WHEN d < 0 THEN 0 ELSE d END) FROM durations
                WHERE n IN ((total + 1) / 2, (total + 2) / 2)), 0, 0, 0
            UNION ALL
            SELECT 1, p.page, count(*), 0, 0 FROM \(pages) p
            JOIN \(table) s ON s.\(user) = p.\(user) AND s.walkthrough = p.walkthrough
                AND s.version = p.version
            WHERE p.walkthrough = \(dialect.parameter(1)) AND p.version = \(dialect.parameter(2))
                AND s.started_at IS NOT NULL
            GROUP BY p.page
            """
    }

    /// The funnel from the rows of ``funnelQuery(_:)``; `median` is part 4's value as the
    /// backend returns it (an average may be fractional).
    package static func funnel(
        walkthrough: String, version: Int, pageCount: Int,
        rows: [(part: Int, a: Int64?, b: Int64?, c: Int64, d: Int64)], median: Double?
    ) -> FunnelStats {
        var reached: [Int: Int] = [:]
        var dropped: [Int: Int] = [:]
        var users = 0
        var completed = 0
        var skipped = 0
        for row in rows {
            switch row.part {
            case 3:
                let count = Int(row.d)
                users += count
                let mask = row.a ?? 0
                for page in 0..<maskedPages where mask & (Int64(1) << Int64(page)) != 0 {
                    reached[page, default: 0] += count
                }
                switch row.c {
                case 1: completed += count
                case 2: skipped += count
                default:
                    if let furthest = row.b { dropped[Int(furthest), default: 0] += count }
                }
            case 1:
                if let page = row.a { reached[Int(page), default: 0] += Int(row.b ?? 0) }
            default:
                break
            }
        }
        let highest = max(
            pageCount, (reached.keys.max() ?? -1) + 1, (dropped.keys.max() ?? -1) + 1)
        return FunnelStats(
            walkthrough: walkthrough, version: version, users: users, completed: completed,
            skipped: skipped, inProgress: users - completed - skipped,
            medianSecondsToComplete: median.map { $0 / 1000 },
            pages: (0..<highest).map {
                FunnelStats.Page(
                    number: $0 + 1, reached: reached[$0] ?? 0, dropped: dropped[$0] ?? 0)
            })
    }
}
