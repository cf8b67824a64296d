import Foundation
import WalkthroughFleet
import WalkthroughKit

/// The PostgreSQL server of a run's PostgreSQL lines: the one `WALKTHROUGH_BENCH_POSTGRES_URL`
/// names (a superuser URL), else a throwaway one that `scripts/postgres-test-server.sh start
/// --durable` starts for this run.
///
/// A started server runs with PostgreSQL's durable defaults (`fsync=on`,
/// `synchronous_commit=on`), listens on 127.0.0.1 only and is stopped and removed by
/// ``stop()``, which the runner calls on every way out of a run; the script's watchdog
/// (`--watch` this process) stops it when the run is killed instead. On a given server the run
/// works in schemas of its own (`walkthrough_bench_PID_…`), dropped by ``stop()``.
final class BenchPostgres {
    /// The environment variable naming a server to use instead of starting one.
    static let environmentVariable = "WALKTHROUGH_BENCH_POSTGRES_URL"

    /// The superuser URL (it may hold a password: never print it, see ``displayed``).
    let url: String
    /// The folder of the server this run started, or `nil` for a given one.
    private let folder: String?
    /// The script that started it.
    private let script: String?
    /// Where the server is, for the notes: the URL without its password and how it runs.
    let displayed: String
    /// The folder of PostgreSQL's binaries the server came from (for `psql`), when known.
    let binaries: String?
    /// The schemas this run created, dropped by ``stop()``.
    private var schemas: [String] = []
    /// The schema holding each size of store built so far.
    private var stores: [Int: String] = [:]
    private var stopped = false

    private init(
        url: String, folder: String?, script: String?, displayed: String, binaries: String?
    ) {
        self.url = url
        self.folder = folder
        self.script = script
        self.displayed = displayed
        self.binaries = binaries
    }

    /// The given server, or a new throwaway one, or why there is none.
    static func obtain(
        environment: [String: String], executable: String, progress: (String) -> Void
    ) -> Result<BenchPostgres, BenchError> {
        if let given = environment[environmentVariable], !given.isEmpty {
            return .success(
                BenchPostgres(
                    url: given, folder: nil, script: nil,
                    displayed: "\(SeenStoreBackend.displayed(given)) (\(environmentVariable))",
                    binaries: nil))
        }
        guard let script = findScript(executable: executable) else {
            return .failure(
                BenchError(
                    "scripts/postgres-test-server.sh not found (run from the repository) and "
                        + "\(environmentVariable) not set"))
        }
        progress("starting a throwaway PostgreSQL server (\(script) start --durable)")
        let started: Spawn.Outcome
        do {
            started = try Spawn(
                executable: "/bin/bash",
                arguments: [script, "start", "--watch", String(getpid()), "--durable"],
                environment: environment
            ).run(capture: true)
        } catch {
            return .failure(BenchError("cannot run \(script): \(error)"))
        }
        guard started.status == 0,
            let folder = started.standardOutput.split(separator: "\n").last.map(String.init),
            let url = try? String(contentsOfFile: folder + "/url", encoding: .utf8)
        else {
            let reason = started.standardError.split(separator: "\n").first.map(String.init)
            if started.status == 69 {
                return .failure(BenchError(reason ?? "PostgreSQL is not installed"))
            }
            return .failure(
                BenchError(
                    "\(script) start failed (status \(started.status))"
                        + (reason.map { ": \($0)" } ?? "")))
        }
        let binaries = try? String(contentsOfFile: folder + "/bin", encoding: .utf8)
        let server = BenchPostgres(
            url: url.trimmingCharacters(in: .whitespacesAndNewlines), folder: folder,
            script: script, displayed: "", binaries: binaries?.trimmingCharacters(in: .newlines))
        return .success(server)
    }

    /// Stops and removes a server this run started; on a given server, drops this run's
    /// schemas. Safe to call more than once.
    func stop() {
        guard !stopped else { return }
        stopped = true
        if let folder, let script {
            _ = try? Spawn(
                executable: "/bin/bash", arguments: [script, "stop", folder],
                environment: ProcessInfo.processInfo.environment
            ).run()
        } else if !schemas.isEmpty, let admin = try? RawLibPQ(url: url) {
            for schema in schemas { _ = try? admin.execute("DROP SCHEMA \(schema) CASCADE") }
        }
    }

    /// A line for the notes: where the server is and how it runs (no password).
    func describe() -> String {
        let version = (try? RawLibPQ(url: url).execute("SHOW server_version")) ?? nil
        let server = "PostgreSQL \(version ?? "?")"
        if folder != nil {
            return "\(server), a throwaway server on 127.0.0.1 (TCP, scram-sha-256) with "
                + "fsync=on and synchronous_commit=on, started by scripts/postgres-test-server.sh"
        }
        return "\(server) at \(displayed)"
    }

    // MARK: - Stores

    /// The URL of the server with `schema` first on the search path.
    func url(schema: String) -> String {
        url + (url.contains("?") ? "&" : "?") + "options=-csearch_path%3D" + schema
    }

    /// The schema of a store holding `users` records (``SeenDatabase/user(_:)`` `0 ..< users`,
    /// all `completed` at version 1), built on first use. Read-only use only: suites that
    /// write work on a copy (``copyOfStore(users:as:)``).
    func store(users: Int, progress: (String) -> Void) throws -> String {
        if let schema = stores[users] { return schema }
        let schema = try newStore("store_\(users)")
        progress("building a PostgreSQL store of \(Format.count(users)) records")
        let admin = try RawLibPQ(url: url)
        let elapsed = try Clock.measure {
            try admin.execute(
                """
                INSERT INTO \(schema).walkthrough_seen
                    (user_name, walkthrough, version, outcome, last_page, updated_at)
                SELECT 'user-' || lpad(i::text, 7, '0'), '\(SeenDatabase.walkthrough)', 1,
                    'completed', 2, \(Clock.millisecondsSince1970())
                FROM generate_series(0, \(users - 1)) AS i
                """)
            try admin.execute("VACUUM ANALYZE \(schema).walkthrough_seen")
            try admin.execute("CHECKPOINT")
        }
        progress("  built in \(Format.milliseconds(Double(elapsed) / 1e6))")
        stores[users] = schema
        return schema
    }

    /// A new schema holding a copy of the store of `users` records.
    func copyOfStore(users: Int, as name: String, progress: (String) -> Void) throws -> String {
        let source = try store(users: users, progress: progress)
        let schema = try newStore(name)
        let admin = try RawLibPQ(url: url)
        try admin.execute(
            "INSERT INTO \(schema).walkthrough_seen SELECT * FROM \(source).walkthrough_seen")
        try admin.execute("VACUUM ANALYZE \(schema).walkthrough_seen")
        try admin.execute("CHECKPOINT")
        return schema
    }

    /// A new schema `walkthrough_bench_PID_NAME` with the store's tables in it, made by the
    /// store itself, as `walkthrough db migrate` would.
    private func newStore(_ name: String) throws -> String {
        let schema = "walkthrough_bench_\(getpid())_\(name)"
        try RawLibPQ(url: url).execute("CREATE SCHEMA \(schema)")
        schemas.append(schema)
        do {
            _ = try PostgresSeenStore(url: url(schema: schema))
        } catch {
            throw BenchError("cannot create the store's tables in \(schema): \(error)")
        }
        return schema
    }

    // MARK: - Finding things

    /// `scripts/postgres-test-server.sh` in the current folder, or above this binary's folder
    /// (`.build/release/walkthrough-bench` is three levels below the repository).
    private static func findScript(executable: String) -> String? {
        var candidates = [FileManager.default.currentDirectoryPath]
        var folder = executable
        for _ in 0..<6 {
            folder = FileSystem.folder(of: folder)
            candidates.append(folder)
        }
        return
            candidates
            .map { $0 + "/scripts/postgres-test-server.sh" }
            .first { FileManager.default.isReadableFile(atPath: $0) }
    }

    /// The real `psql` program (not Debian's `pg_wrapper` script in `/usr/bin`, which starts a
    /// Perl interpreter first): `$POSTGRES_BIN`, the server's own binaries, the newest
    /// `/usr/lib/postgresql/*/bin`, else `PATH`.
    func psql(environment: [String: String]) -> String? {
        var folders = [environment["POSTGRES_BIN"], binaries].compactMap { $0 }
        let installed =
            (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
        folders += installed.sorted { (Int($0) ?? 0) > (Int($1) ?? 0) }.map {
            "/usr/lib/postgresql/\($0)/bin"
        }
        if let found = folders.map({ $0 + "/psql" }).first(where: { access($0, X_OK) == 0 }) {
            return found
        }
        return Spawn.find("psql", path: environment["PATH"])
    }
}
