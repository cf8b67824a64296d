import Foundation
import WalkthroughKit

/// `stats`: the funnel of 100,000 users × 10 events (a million), on SQLite and on PostgreSQL:
/// the whole process `walkthrough stats ID --json --db DB` against the same aggregate
/// (``EventSchema/funnelQuery(table:userColumn:parameter:)``, the very text the stores run) as
/// one query run by the `sqlite3` shell or `psql`, on the same data, interleaved. Then what the
/// events add to a page move: `write` of a page move with its `page` event against
/// `saveProgress` alone, durable writes on the same store.
///
/// PostgreSQL is measured when `WALKTHROUGH_TEST_POSTGRES_URL` names a server
/// (`scripts/postgres-test-server.sh run walkthrough-bench stats` starts a throwaway one); the
/// data goes into a schema of its own, dropped at the end.
enum StatsSuite {
    static let walkthrough = "bench-funnel"
    static let pages = 8

    static func run(_ context: BenchContext) throws -> [Measurement] {
        let users = context.quick ? 10_000 : 100_000
        let rounds = context.quick ? 3 : 11
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
        environment.removeValue(forKey: "WALKTHROUGH_DB")
        var measurements: [Measurement] = []

        // SQLite.
        if let sqlite3 = Spawn.find("sqlite3", path: context.environment["PATH"]) {
            let path = context.folder.file("stats.sqlite3")
            _ = try SQLiteSeenStore(path: path)
            context.progress("stats: writing \(users * 10) events to SQLite")
            try shell(sqlite3, [path], input: sqliteData(users: users), environment)
            let query = EventSchema.funnelQuery(
                table: "events", userColumn: "user", parameter: literal)
            measurements.append(
                try compare(
                    "SQLite", users: users, rounds: rounds, binary: binary, database: path,
                    baseline: Spawn(
                        executable: sqlite3, arguments: [path, query], environment: environment),
                    environment: environment))
            let store = try SQLiteSeenStore(path: context.folder.file("stats-write.sqlite3"))
            measurements.append(
                try writeCost("SQLite, synchronous=EXTRA", store, context: context))
            BenchFolder.removeDatabase(path)
        } else {
            measurements.append(
                Measurement(
                    .stats, "SQLite funnel", metric: .milliseconds, n: users,
                    unavailable: "the sqlite3 command is not installed (apt-get install sqlite3)"))
        }

        // PostgreSQL.
        guard let server = context.environment["WALKTHROUGH_TEST_POSTGRES_URL"],
            let psql = Spawn.find("psql", path: context.environment["PATH"])
                ?? ["/usr/lib/postgresql/15/bin/psql"].first(where: { access($0, X_OK) == 0 })
        else {
            measurements.append(
                Measurement(
                    .stats, "PostgreSQL funnel", metric: .milliseconds, n: users,
                    unavailable: "no server: run it as scripts/postgres-test-server.sh run "
                        + "walkthrough-bench stats (WALKTHROUGH_TEST_POSTGRES_URL), with psql"))
            return measurements
        }
        let schema = "bench_stats_\(getpid())"
        try shell(psql, [server, "-X", "-q", "-c", "CREATE SCHEMA \(schema)"], environment)
        defer {
            _ = try? shell(
                psql, [server, "-X", "-q", "-c", "DROP SCHEMA \(schema) CASCADE"], environment)
        }
        let url =
            server + (server.contains("?") ? "&" : "?") + "options=-csearch_path%3D\(schema)"
        _ = try PostgresSeenStore(url: url, environment: environment)
        context.progress("stats: writing \(users * 10) events to PostgreSQL")
        try shell(
            psql, [url, "-X", "-q", "-v", "ON_ERROR_STOP=1"], input: postgresData(users: users),
            environment)
        let query = EventSchema.funnelQuery(
            table: "walkthrough_events", userColumn: "user_name", parameter: literal)
        measurements.append(
            try compare(
                "PostgreSQL", users: users, rounds: rounds, binary: binary, database: url,
                baseline: Spawn(
                    executable: psql, arguments: [url, "-X", "-A", "-t", "-c", query],
                    environment: environment),
                environment: environment))
        let store = try PostgresSeenStore(url: url, environment: environment)
        measurements.append(try writeCost("PostgreSQL", store, context: context))
        return measurements
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
        let result = try Interleaved.run(rounds: rounds) { round in
            let elapsed = try seconds {
                for index in 0..<operations {
                    page = (page + 1) % pages
                    try store.write(
                        SessionStep(
                            user: "writer-\(index % 50)", walkthrough: walkthrough, version: 1,
                            change: .progress(page: page), events: [.init(.page, page: page)]))
                }
            }
            return Double(operations) / elapsed
        } baseline: { _ in
            let elapsed = try seconds {
                for index in 0..<operations {
                    page = (page + 1) % pages
                    try store.saveProgress(
                        user: "plain-\(index % 50)", walkthrough: walkthrough, version: 1,
                        page: page)
                }
            }
            return Double(operations) / elapsed
        }
        return Measurement(
            .stats, "\(backend): page move with its event (write) vs saveProgress alone",
            metric: .operationsPerSecond, n: operations, ours: Summary(result.ours),
            baseline: Summary(result.baseline))
    }

    // MARK: - Data

    /// Ten events a user: `started`, eight `page` (up to the user's furthest page, then
    /// staying there), and a `finished` or `quit`.
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
        COMMIT;
        ANALYZE;
        """
    }

    private static func postgresData(users: Int) -> String {
        """
        INSERT INTO walkthrough_events
            (time, user_name, walkthrough, version, event, page, outcome, resumed, forced)
        SELECT 1764547200000 + i * 1000 + j * 10, 'user-' || i, '\(walkthrough)', 1,
            \(eventCase), CASE WHEN j = 0 THEN 0 WHEN j < 9 THEN least(j - 1, k - 1) ELSE k - 1 END,
            \(outcomeCase), CASE WHEN j = 0 THEN false END, CASE WHEN j = 0 THEN false END
        FROM (SELECT i, (i * 7919) % 8 + 1 AS k FROM generate_series(0, \(users - 1)) i) p,
            generate_series(0, 9) j;
        VACUUM ANALYZE walkthrough_events;
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
