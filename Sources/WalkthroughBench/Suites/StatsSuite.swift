import Foundation
import WalkthroughFleet
import WalkthroughKit

/// `stats`: the funnel of 100,000 and 1,000,000 users × 10 events (a million and ten million;
/// 10,000 users in the quick mode), on SQLite and on PostgreSQL: the whole process
/// `walkthrough stats ID --json --db DB`, which reads the per-user summaries, against the same
/// funnel computed from the raw events by one query
/// (``EventSchema/funnelQuery(table:userColumn:timeIndex:parameter:)``, the very text the stores ran
/// before the summaries) in the `sqlite3` shell or `psql`, on the same data, interleaved. Each
/// line's note gives the bytes a record, an event and a summary take there (tables and their
/// indexes). Then what the summary adds to a page move: `write` of a page move with its `page`
/// event (which updates the summary) against the same write with a `quit` event (which the
/// summary ignores: round 2's statement, the record's upsert and one event), durable writes on
/// the same store.
///
/// PostgreSQL runs on the run's server (``BenchPostgres``: a throwaway one it starts, or
/// `WALKTHROUGH_BENCH_POSTGRES_URL`), in a schema of its own a size.
enum StatsSuite {
    static let walkthrough = "bench-funnel"
    static let pages = 8

    static func run(_ context: BenchContext) throws -> [Measurement] {
        let sizes = context.quick ? [10_000] : [100_000, 1_000_000]
        let binary =
            context.options.walkthroughPath
            ?? (FileSystem.folder(of: context.executable) + "/walkthrough")
        let definitions = try context.folder.folder("stats-definitions")
        let pageList = (1...pages).map { "{\"heading\": \"Page \($0)\", \"content\": \"\"}" }
        try Data(
            "{\"id\": \"\(walkthrough)\", \"pages\": [\(pageList.joined(separator: ", "))]}".utf8
        ).write(to: URL(fileURLWithPath: definitions + "/\(walkthrough).json"))
        var environment = context.environment
        environment["WALKTHROUGH_PATH"] = definitions
        environment["HOME"] = context.folder.path  // no ~/.sqliterc or ~/.psqlrc
        environment["WALKTHROUGH_REPLICA"] = "off"  // the fleet's view, as `stats` reads it
        environment.removeValue(forKey: "WALKTHROUGH_DB")
        var measurements: [Measurement] = []

        // SQLite.
        if let sqlite3 = Spawn.find("sqlite3", path: context.environment["PATH"]) {
            for users in sizes {
                let path = context.folder.file("stats-\(users).sqlite3")
                _ = try SQLiteSeenStore(path: path)
                context.progress("stats: writing \(Format.count(users * 10)) events to SQLite")
                try shell(sqlite3, [path], input: sqliteData(users: users), environment)
                let query = EventSchema.funnelQuery(
                    table: "events", userColumn: "user", parameter: literal)
                var line = try compare(
                    "SQLite", users: users, rounds: rounds(users, context), binary: binary,
                    database: path,
                    baseline: Spawn(
                        executable: sqlite3, arguments: [path, query], environment: environment),
                    environment: environment)
                line.note = try sqliteSizes(sqlite3, path: path, users: users, environment)
                measurements.append(line)
                BenchFolder.removeDatabase(path)
            }
            let store = try SQLiteSeenStore(path: context.folder.file("stats-write.sqlite3"))
            measurements.append(try writeCost("SQLite, synchronous=EXTRA", store, context: context))
        } else {
            measurements.append(
                Measurement(
                    .stats, "SQLite funnel", metric: .milliseconds, n: sizes[0] * 10,
                    unavailable: "the sqlite3 command is not installed (apt-get install sqlite3)"))
        }

        // PostgreSQL.
        let server: BenchPostgres
        switch context.postgres() {
        case .success(let found): server = found
        case .failure(let reason):
            measurements.append(
                Measurement(
                    .stats, "PostgreSQL funnel", metric: .milliseconds, n: sizes[0] * 10,
                    unavailable: reason.description))
            return measurements
        }
        guard let psql = server.psql(environment: context.environment) else {
            measurements.append(
                Measurement(
                    .stats, "PostgreSQL funnel", metric: .milliseconds, n: sizes[0] * 10,
                    unavailable: "no psql (apt-get install postgresql-client)"))
            return measurements
        }
        for users in sizes {
            let schema = "bench_stats_\(getpid())_\(users)"
            try shell(psql, [server.url, "-X", "-q", "-c", "CREATE SCHEMA \(schema)"], environment)
            defer {
                _ = try? shell(
                    psql, [server.url, "-X", "-q", "-c", "DROP SCHEMA \(schema) CASCADE"],
                    environment)
            }
            let url = server.url(schema: schema)
            _ = try PostgresSeenStore(url: url, environment: environment)
            context.progress("stats: writing \(Format.count(users * 10)) events to PostgreSQL")
            try shell(
                psql, [url, "-X", "-q", "-v", "ON_ERROR_STOP=1"], input: postgresData(users: users),
                environment)
            let query = EventSchema.funnelQuery(
                table: "walkthrough_events", userColumn: "user_name", parameter: literal)
            var line = try compare(
                "PostgreSQL", users: users, rounds: rounds(users, context), binary: binary,
                database: url,
                baseline: Spawn(
                    executable: psql, arguments: [url, "-X", "-A", "-t", "-c", query],
                    environment: environment),
                environment: environment)
            line.note =
                try postgresSizes(psql, url: url, users: users, environment) + "; "
                + server.describe()
            measurements.append(line)
            if users == sizes.last {
                let store = try PostgresSeenStore(url: url, environment: environment)
                measurements.append(try writeCost("PostgreSQL", store, context: context))
            }
        }
        return measurements
    }

    /// Rounds a size: fewer for the big one, whose baseline takes seconds a round.
    private static func rounds(_ users: Int, _ context: BenchContext) -> Int {
        context.quick ? 3 : users >= 1_000_000 ? 5 : 11
    }

    // MARK: - Sizes

    /// Bytes a record, an event and a summary take in the SQLite file (each table with its
    /// indexes, from `dbstat`; not the baseline's funnel index, which the store does not keep).
    private static func sqliteSizes(
        _ sqlite3: String, path: String, users: Int, _ environment: [String: String]
    ) throws -> String {
        let output = try shell(
            sqlite3,
            [
                path,
                """
                SELECT coalesce(tbl_name, ''), sum(pgsize) FROM dbstat
                JOIN sqlite_master ON sqlite_master.name = dbstat.name
                WHERE dbstat.name <> 'events_funnel' GROUP BY tbl_name
                """,
            ], environment)
        var bytes: [String: Double] = [:]
        for line in output.split(separator: "\n") {
            let parts = line.split(separator: "|")
            if parts.count == 2 { bytes[String(parts[0])] = Double(parts[1]) }
        }
        return sizeNote(
            record: (bytes["seen"] ?? 0) / Double(users),
            event: (bytes["events"] ?? 0) / Double(users * 10),
            summary: ((bytes["summaries"] ?? 0) + (bytes["summary_pages"] ?? 0)) / Double(users))
    }

    /// Bytes a record, an event and a summary take on the server (`pg_total_relation_size`:
    /// heap, TOAST and indexes; the events over every monthly partition).
    private static func postgresSizes(
        _ psql: String, url: String, users: Int, _ environment: [String: String]
    ) throws -> String {
        let output = try shell(
            psql,
            [
                url, "-X", "-A", "-t", "-c",
                """
                SELECT pg_total_relation_size('walkthrough_seen'),
                    (SELECT sum(pg_total_relation_size(inhrelid)) FROM pg_inherits
                     WHERE inhparent = 'walkthrough_events'::regclass),
                    pg_total_relation_size('walkthrough_summaries')
                        + pg_total_relation_size('walkthrough_summary_pages')
                """,
            ], environment)
        let values = output.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "|")
            .map { Double($0) ?? 0 }
        guard values.count == 3 else { throw BenchError("psql sizes: \(output)") }
        return sizeNote(
            record: values[0] / Double(users), event: values[1] / Double(users * 10),
            summary: values[2] / Double(users))
    }

    private static func sizeNote(record: Double, event: Double, summary: Double) -> String {
        "bytes with indexes: \(Int(record.rounded())) a record, \(Int(event.rounded())) an event, "
            + "\(Int(summary.rounded())) a summary"
    }

    // MARK: - The funnel

    /// The query's three parameters written in, as a shell user would: the walkthrough, version
    /// 1, and no earliest time.
    private static func literal(_ index: Int) -> String {
        switch index {
        case 1: return "'\(walkthrough)'"
        case 2: return "1"
        default: return "-9223372036854775808"
        }
    }

    private static func compare(
        _ backend: String, users: Int, rounds: Int, binary: String, database: String,
        baseline: Spawn, environment: [String: String]
    ) throws -> Measurement {
        let ours = Spawn(
            executable: binary, arguments: ["stats", walkthrough, "--json", "--db", database],
            environment: environment)
        // Both answer, and agree on the number of users.
        let answer = try ours.run(capture: true)
        let shell = try baseline.run(capture: true)
        guard answer.status == 0, shell.status == 0,
            let first = shell.standardOutput.split(separator: "\n").first(where: {
                $0.hasPrefix("0|")
            }),
            answer.standardOutput.contains("\"users\": \(first.split(separator: "|")[1])")
        else {
            throw BenchError(
                "\(backend): walkthrough stats and the shell disagree: "
                    + "\(answer.standardOutput.prefix(200)) \(answer.standardError) / "
                    + "\(shell.standardOutput.prefix(200)) \(shell.standardError)")
        }
        let wall = try Interleaved.run(rounds: rounds) { _ in
            let outcome = try ours.run()
            guard outcome.status == 0 else { throw BenchError("stats exited \(outcome.status)") }
            return Double(outcome.wallNanoseconds) / 1e6
        } baseline: { _ in
            let outcome = try baseline.run()
            guard outcome.status == 0 else { throw BenchError("shell exited \(outcome.status)") }
            return Double(outcome.wallNanoseconds) / 1e6
        }
        return Measurement(
            .stats,
            "\(backend) funnel, walkthrough stats --json vs one query in "
                + "\(backend == "SQLite" ? "sqlite3" : "psql"), \(Format.count(users)) users "
                + "× 10 events",
            metric: .milliseconds, n: users * 10, ours: Summary(wall.ours),
            baseline: Summary(wall.baseline))
    }

    // MARK: - What events add to a page move

    private static func writeCost(
        _ backend: String, _ store: some EventRecordingStore, context: BenchContext
    ) throws -> Measurement {
        let operations = context.quick ? 20 : 200
        let rounds = context.quick ? 3 : 9
        var page = 0
        func seconds(_ body: () throws -> Void) rethrows -> Double {
            Double(try Clock.measure(body)) / 1e9
        }
        func moves(_ prefix: String, _ kind: WalkthroughEvent.Kind) throws -> Double {
            let elapsed = try seconds {
                for index in 0..<operations {
                    page = (page + 1) % pages
                    try store.write(
                        SessionStep(
                            user: "\(prefix)-\(index % 50)", walkthrough: walkthrough,
                            version: 1, change: .progress(page: page),
                            events: [.init(kind, page: page)]))
                }
            }
            return Double(operations) / elapsed
        }
        let result = try Interleaved.run(rounds: rounds) { _ in
            try moves("writer", .page)
        } baseline: { _ in
            try moves("plain", .quit)
        }
        return Measurement(
            .stats,
            "\(backend): page move with its page event (summary kept) vs with a quit event "
                + "(no summary: round 2's statement)",
            metric: .operationsPerSecond, n: operations, ours: Summary(result.ours),
            baseline: Summary(result.baseline))
    }

    // MARK: - Data

    /// Ten events a user: `started`, eight `page` (up to the user's furthest page, then
    /// staying there), and a `finished` or `quit`; then the covering index the events' query
    /// was written for, which the store itself no longer keeps (schema version 7).
    private static func sqliteData(users: Int) -> String {
        """
        BEGIN;
        WITH RECURSIVE u(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM u WHERE i < \(users - 1)),
        e(j) AS (SELECT 0 UNION ALL SELECT j + 1 FROM e WHERE j < 9),
        p AS (SELECT i, (i * 7919) % 8 + 1 AS k FROM u)
        INSERT INTO events (time, user, walkthrough, version, event, page, outcome, resumed, forced)
        SELECT 1764547200000 + i * 1000 + j * 10, 'user-' || i, '\(walkthrough)', 1,
            \(eventCase), CASE WHEN j = 0 THEN 0 WHEN j < 9 THEN min(j - 1, k - 1) ELSE k - 1 END,
            \(outcomeCase), CASE WHEN j = 0 THEN 0 END, CASE WHEN j = 0 THEN 0 END
        FROM p, e;
        WITH RECURSIVE u(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM u WHERE i < \(users - 1))
        INSERT INTO seen (user, walkthrough, version, outcome, last_page, updated_at)
        SELECT 'user-' || i, '\(walkthrough)', 1, 'inProgress', 0, 1764547200000 FROM u;
        \(SummarySQL.rebuild(.sqlite, scoped: .all).joined(separator: ";\n"));
        \(EventSchema.sqliteFunnelIndex);
        COMMIT;
        ANALYZE;
        """
    }

    /// The same events, in December 2025's partition; the records; the summaries built from
    /// the events as `db migrate` builds them.
    private static func postgresData(users: Int) -> String {
        """
        SELECT walkthrough_event_partition(1764547200000);
        INSERT INTO walkthrough_events
            (time, user_name, walkthrough, version, event, page, outcome, resumed, forced)
        SELECT 1764547200000 + i * 1000 + j * 10, 'user-' || i, '\(walkthrough)', 1,
            \(eventCase), CASE WHEN j = 0 THEN 0 WHEN j < 9 THEN least(j - 1, k - 1) ELSE k - 1 END,
            \(outcomeCase), CASE WHEN j = 0 THEN false END, CASE WHEN j = 0 THEN false END
        FROM (SELECT i, (i * 7919) % 8 + 1 AS k FROM generate_series(0::bigint, \(users - 1)) i) p,
            generate_series(0, 9) j;
        INSERT INTO walkthrough_seen (user_name, walkthrough, version, outcome, last_page, updated_at)
        SELECT 'user-' || i, '\(walkthrough)', 1, 'inProgress', 0, 1764547200000
        FROM generate_series(0::bigint, \(users - 1)) i;
        \(SummarySQL.rebuild(.postgresql, scoped: .all).joined(separator: ";\n"));
        VACUUM ANALYZE;
        """
    }

    private static let eventCase = """
        CASE WHEN j = 0 THEN 'started' WHEN j < 9 THEN 'page'
            WHEN (k = 8 AND i % 3 <> 0) OR i % 5 = 0 THEN 'finished' ELSE 'quit' END
        """

    private static let outcomeCase = """
        CASE WHEN j = 9 AND k = 8 AND i % 3 <> 0 THEN 'completed'
            WHEN j = 9 AND i % 5 = 0 THEN 'skipped' END
        """

    @discardableResult
    static func shell(
        _ executable: String, _ arguments: [String], input: String? = nil,
        _ environment: [String: String]
    ) throws -> String {
        var arguments = arguments
        var file: String?
        if let input {
            let path = NSTemporaryDirectory() + "/walkthrough-bench-\(getpid()).sql"
            try Data(input.utf8).write(to: URL(fileURLWithPath: path))
            file = path
            arguments += executable.hasSuffix("psql") ? ["-f", path] : [".read \(path)"]
        }
        defer { if let file { unlink(file) } }
        let outcome = try Spawn(
            executable: executable, arguments: arguments, environment: environment
        )
        .run(capture: true)
        guard outcome.status == 0, outcome.standardError.isEmpty else {
            throw BenchError("\(executable) failed: \(outcome.standardError)")
        }
        return outcome.standardOutput
    }
}
