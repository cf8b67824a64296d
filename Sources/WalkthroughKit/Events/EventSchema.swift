/// The events table of schema version 2, on both backends, and the one funnel query both run.
///
/// One row an event: when (`time`, milliseconds since 1970 in UTC, as `updated_at`), whose
/// (`user`, `walkthrough`, `version`), what (`event`, and `outcome`, `locale`, `resumed`,
/// `forced`, `signal` where they apply) and on which page (`page`, a 0-based index in the
/// definition, as `last_page`). `id` is the order of writing, which breaks ties between
/// events of one millisecond. Three indices: by time (listing, pruning and `stats --since`),
/// by user (`reset`, the show history) and one that covered the funnel, which `stats` now reads
/// from the summaries (``SummarySQL``); SQLite schema version 7 drops that one
/// (``sqliteFunnelIndexDrop``).
package enum EventSchema {
    /// The event names the tables accept.
    package static let names = "'started', 'page', 'finished', 'quit', 'interrupted'"

    /// Version 2 of the SQLite store.
    static let sqliteStatements = [sqliteTable("events", names: names)] + sqliteIndexes

    /// The SQLite events table `name`, accepting the event `names`, with `extraColumns`
    /// (each `name TYPE`) after `signal`: version 2's, and version 3's rebuild
    /// (``ExperimentSchema``).
    static func sqliteTable(
        _ name: String, names: String, extraColumns: [String] = []
    ) -> String {
        let extra = extraColumns.map { ",\n    " + $0 }.joined()
        return """
            CREATE TABLE \(name) (
                id          INTEGER PRIMARY KEY,
                time        INTEGER NOT NULL,
                user        TEXT    NOT NULL,
                walkthrough TEXT    NOT NULL,
                version     INTEGER NOT NULL CHECK (version >= 1),
                event       TEXT    NOT NULL CHECK (event IN (\(names))),
                page        INTEGER NOT NULL CHECK (page >= 0),
                outcome     TEXT    CHECK (outcome IN ('completed', 'skipped')),
                locale      TEXT,
                resumed     INTEGER CHECK (resumed IN (0, 1)),
                forced      INTEGER CHECK (forced IN (0, 1)),
                signal      TEXT\(extra)
            )
            """
    }

    /// The columns of version 2's SQLite table, in order.
    static let sqliteColumns =
        "id, time, user, walkthrough, version, event, page, outcome, locale, resumed, forced, signal"

    /// The indices of the SQLite events table (made again after version 3's rebuild).
    static let sqliteIndexes = [
        "CREATE INDEX events_by_time ON events (time)",
        "CREATE INDEX events_by_user ON events (user, walkthrough)",
        sqliteFunnelIndex,
    ]

    /// The index that covered the funnel counted from the events, in (walkthrough, version,
    /// user, page) order: versions 2 to 6 made it, 7 drops it; `walkthrough-bench stats`
    /// makes it for the query it compares with.
    package static let sqliteFunnelIndex = """
        CREATE INDEX events_funnel
            ON events (walkthrough, version, user, page, event, time, outcome)
        """

    /// What SQLite schema version 7 runs: the funnel's covering index goes. Every step wrote
    /// an entry there for its user, on a page of its own (a random user's place in
    /// (walkthrough, version, user) order), for the one query that read it: the funnel counted
    /// from the events, which `stats` makes only for `--since` once the summaries are there.
    /// That window is read through `events_by_time`.
    static let sqliteFunnelIndexDrop = "DROP INDEX IF EXISTS events_funnel"

    /// The funnel as one query, for `table` whose user column is `userColumn`, with the
    /// walkthrough, the version and the earliest time as the parameters `parameter(1)`,
    /// `parameter(2)` and `parameter(3)`. With `timeIndex`, SQLite reads the window through
    /// that index (`INDEXED BY`: left to itself, a store without the funnel index would read
    /// every event through `events_by_user`, to group by user without sorting); without,
    /// `+time` keeps SQLite on the covering funnel index (a store older than version 7).
    ///
    /// Rows: `(0, users, completed, skipped, median milliseconds to complete)`, then
    /// `(1, page, reached)` for every page shown and `(2, page, dropped)` for every page some
    /// user stopped at. The rules are those of `FunnelStats.init(walkthrough:version:pageCount:events:)`.
    /// The benchmark runs this very text through the `sqlite3` and `psql` shells.
    package static func funnelQuery(
        table: String, userColumn: String, timeIndex: String? = nil,
        parameter: (Int) -> String
    ) -> String {
        // `+time` keeps the time off the index choice: the funnel index (walkthrough, version,
        // user, page, …) is read in order, so both GROUP BYs stream without sorting.
        let scope = """
            FROM \(table)\(timeIndex.map { " INDEXED BY " + $0 } ?? "")
                WHERE walkthrough = \(parameter(1)) AND version = \(parameter(2))
                AND \(timeIndex == nil ? "+" : "")time >= \(parameter(3))
            """
        return """
            WITH per_user AS (
                SELECT \(userColumn) AS u,
                    min(CASE WHEN event = 'started' THEN time END) AS started_at,
                    max(CASE WHEN event = 'page' THEN page END) AS furthest,
                    min(CASE WHEN event = 'finished' AND outcome = 'completed' THEN time END)
                        AS completed_at,
                    max(CASE WHEN event = 'finished' AND outcome = 'skipped' THEN 1 ELSE 0 END)
                        AS skipped
                \(scope)
                GROUP BY \(userColumn)
            ),
            cohort AS (SELECT * FROM per_user WHERE started_at IS NOT NULL),
            durations AS (
                SELECT completed_at - started_at AS d,
                    row_number() OVER (ORDER BY completed_at - started_at) AS n,
                    count(*) OVER () AS total
                FROM cohort WHERE completed_at IS NOT NULL
            ),
            shown AS (
                SELECT page \(scope)
                    AND event = 'page' AND \(userColumn) IN (SELECT u FROM cohort)
                GROUP BY \(userColumn), page
            )
            SELECT 0 AS part, count(*) AS a,
                coalesce(sum(CASE WHEN completed_at IS NOT NULL THEN 1 ELSE 0 END), 0) AS b,
                coalesce(sum(CASE WHEN completed_at IS NULL AND skipped = 1 THEN 1 ELSE 0 END), 0),
                (SELECT avg(CASE WHEN d < 0 THEN 0 ELSE d END) FROM durations
                    WHERE n IN ((total + 1) / 2, (total + 2) / 2))
            FROM cohort
            UNION ALL
            SELECT 1, page, count(*), 0, NULL FROM shown GROUP BY page
            UNION ALL
            SELECT 2, furthest, count(*), 0, NULL FROM cohort
            WHERE completed_at IS NULL AND skipped = 0 AND furthest IS NOT NULL GROUP BY furthest
            """
    }

    /// The funnel from the rows of ``funnelQuery(table:userColumn:timeIndex:parameter:)``.
    package static func funnel(
        walkthrough: String, version: Int, pageCount: Int,
        rows: [(part: Int, a: Int64, b: Int64, c: Int64, median: Double?)]
    ) -> FunnelStats {
        var stats = FunnelStats(
            walkthrough: walkthrough, version: version, users: 0, completed: 0, skipped: 0,
            inProgress: 0, medianSecondsToComplete: nil, pages: [])
        var reached: [Int: Int] = [:]
        var dropped: [Int: Int] = [:]
        for row in rows {
            switch row.part {
            case 0:
                stats.users = Int(row.a)
                stats.completed = Int(row.b)
                stats.skipped = Int(row.c)
                stats.inProgress = stats.users - stats.completed - stats.skipped
                stats.medianSecondsToComplete = row.median.map { $0 / 1000 }
            case 1: reached[Int(row.a)] = Int(row.b)
            default: dropped[Int(row.a)] = Int(row.b)
            }
        }
        let highest = max(
            pageCount, (reached.keys.max() ?? -1) + 1, (dropped.keys.max() ?? -1) + 1)
        stats.pages = (0..<highest).map {
            FunnelStats.Page(number: $0 + 1, reached: reached[$0] ?? 0, dropped: dropped[$0] ?? 0)
        }
        return stats
    }
}
