import Foundation
import WalkthroughKit

/// `gate`: what a login script or a tool pays to ask "has this user seen it?": the whole
/// process `walkthrough seen ID --user U --db DB -q` against `sqlite3 DB "SELECT …"` running the
/// same query on the same file, both spawned, interleaved; wall time per process, and each
/// side's peak RSS (measured apart, through GNU time). Then the same on PostgreSQL against
/// `psql -tAc` (`GateSuite+PostgreSQL.swift`).
///
/// The `walkthrough` binary is `--walkthrough PATH`, else the fully static build that
/// `scripts/build-static.sh` makes (`.build/static/release/walkthrough` under the current
/// folder) when there is one, else the one next to this binary. When it has no working `seen`
/// command (an exit status other than 0 or 1), the suite is reported unavailable with the
/// reason instead of measured.
enum GateSuite {
    /// What both backends' lines share: the binary measured and the environment of its runs.
    struct Setup {
        /// The `walkthrough` binary.
        var binary: String
        /// How it is linked (``Linkage``), for the notes; `nil` when there is no binary.
        var linkage: String?
        /// Why nothing can be measured, when nothing can.
        var unavailable: String?
        /// The environment of both sides: `WALKTHROUGH_PATH` holding `bench.json`, `HOME` in
        /// the run's folder (no `~/.sqliterc`, `~/.psqlrc` or `~/.pgpass` of the user's).
        var environment: [String: String]
    }

    static func run(_ context: BenchContext) throws -> [Measurement] {
        let setup = try setUp(context)
        return (context.measures(.sqlite) ? try sqliteLines(context, setup) : [])
            + (context.measures(.postgresql)
                ? try postgresLines(context, setup) + replicaLines(context, setup) : [])
    }

    private static func setUp(_ context: BenchContext) throws -> Setup {
        let staticBuild = ".build/static/release/walkthrough"
        let binary =
            context.options.walkthroughPath
            ?? (access(staticBuild, X_OK) == 0
                ? staticBuild : FileSystem.folder(of: context.executable) + "/walkthrough")
        var setup = Setup(binary: binary, environment: context.environment)
        guard access(binary, X_OK) == 0 else {
            setup.unavailable =
                "no walkthrough binary at \(binary); build it (scripts/build-static.sh) or "
                + "pass --walkthrough PATH"
            return setup
        }
        setup.linkage = Linkage.describe(binary, path: context.environment["PATH"])
        let definitions = try context.folder.folder("gate-definitions")
        try Data(
            #"{"id": "bench", "pages": [{"heading": "Welcome", "content": "Hello"}]}"#.utf8
        ).write(to: URL(fileURLWithPath: definitions + "/bench.json"))
        setup.environment["WALKTHROUGH_PATH"] = definitions
        setup.environment["HOME"] = context.folder.path
        setup.environment.removeValue(forKey: "WALKTHROUGH_DB")
        // The quiet switch would answer `due` before the store is opened (a CI run sets CI),
        // and the lines would measure nothing of the store or the network.
        for name in ["CI", "WALKTHROUGH_DISABLE"] { setup.environment.removeValue(forKey: name) }
        return setup
    }

    /// The SQLite lines: `walkthrough seen … --db FILE` against `sqlite3 FILE "SELECT …"`.
    private static func sqliteLines(_ context: BenchContext, _ setup: Setup) throws -> [Measurement]
    {
        let users = context.quick ? 10_000 : 1_000_000
        let rounds = context.quick ? 5 : 31
        let binary = setup.binary
        let linkage = setup.linkage
        func unavailable(_ reason: String) -> [Measurement] {
            var measurement = Measurement(
                .gate, "walkthrough seen, whole process", metric: .milliseconds, n: users,
                unavailable: reason)
            measurement.note = linkage.map { "\(binary): \($0)" }
            return [measurement]
        }
        if let reason = setup.unavailable { return unavailable(reason) }
        guard let sqlite3 = Spawn.find("sqlite3", path: context.environment["PATH"]) else {
            return unavailable("the sqlite3 command is not installed (apt-get install sqlite3)")
        }
        let database = try context.database(users: users)
        let environment = setup.environment

        func ours(_ user: String) -> Spawn {
            Spawn(
                executable: binary,
                arguments: [
                    "seen", SeenDatabase.walkthrough, "--user", user, "--db", database, "-q",
                ],
                environment: environment)
        }
        func baseline(_ user: String) -> Spawn {
            // The store's hasSeen query with the values written in, as a shell user would.
            let query =
                "SELECT 1 FROM seen WHERE user = '\(user)' AND walkthrough = "
                + "'\(SeenDatabase.walkthrough)' AND version >= 1 AND outcome <> 'inProgress'"
            return Spawn(
                executable: sqlite3, arguments: [database, query], environment: environment)
        }

        // The contract first: exit 0 for a user who has seen it, 1 for one who has not,
        // nothing printed with -q.
        let seen = try ours(SeenDatabase.user(0)).run(capture: true)
        let notSeen = try ours("nobody-\(users)").run(capture: true)
        guard seen.status == 0, notSeen.status == 1, seen.standardOutput.isEmpty else {
            let failed = seen.status == 0 ? notSeen : seen
            let message = failed.standardError.split(separator: "\n").first.map(String.init) ?? ""
            return unavailable(
                "\(binary) seen exited with \(seen.status) for a seen user and \(notSeen.status) "
                    + "for an unseen one, expected 0 and 1"
                    + (message.isEmpty ? "" : " (\(message))"))
        }
        let check = try baseline(SeenDatabase.user(0)).run(capture: true)
        guard check.status == 0, check.standardOutput == "1\n" else {
            return unavailable(
                "sqlite3 answered \(check.status) \(check.standardOutput) \(check.standardError)")
        }

        var random = SplitMix64(seed: 0x6A7E)
        var user = ""
        let wall = try Interleaved.run(rounds: rounds) { _ in
            user = SeenDatabase.user(random.next(below: users))
            let outcome = try ours(user).run()
            guard outcome.status == 0 else {
                throw BenchError("walkthrough seen exited with \(outcome.status) for \(user)")
            }
            return Double(outcome.wallNanoseconds) / 1e6
        } baseline: { _ in
            let outcome = try baseline(user).run()
            guard outcome.status == 0 else {
                throw BenchError("sqlite3 exited with \(outcome.status)")
            }
            return Double(outcome.wallNanoseconds) / 1e6
        }
        var measurements = [
            Measurement(
                .gate, "walkthrough seen, whole process", metric: .milliseconds, n: users,
                ours: Summary(wall.ours), baseline: Summary(wall.baseline),
                note: "\(binary): \(linkage ?? "")")
        ]
        measurements.append(
            try peakMemory(
                ours: ours(SeenDatabase.user(1)), baseline: baseline(SeenDatabase.user(1)),
                rounds: context.quick ? 2 : 5, users: users, context: context))
        measurements.append(try eventsLine(context, setup, users: users))
        measurements += try negotiation(context)
        return measurements
    }

    /// Each side's peak RSS, measured through GNU time (`/usr/bin/time -f %M`).
    ///
    /// Not from this process's own `wait4`: on Linux a child's `ru_maxrss` starts from the
    /// memory of the process that spawned it (the kernel carries the old address space's peak
    /// across `exec`), so every child of this benchmark would report the benchmark's own tens
    /// of megabytes. GNU time is small, and forks the command from its own small address space.
    static func peakMemory(
        ours: Spawn, baseline: Spawn, rounds: Int, users: Int, context: BenchContext,
        label: String = "peak RSS (ru_maxrss, via GNU time)"
    ) throws -> Measurement {
        let candidates = ["/usr/bin/time", "/bin/time"]
        guard let time = candidates.first(where: { path in access(path, X_OK) == 0 }) else {
            return Measurement(
                .gate, label, metric: .mebibytes, n: users,
                unavailable: "GNU time (/usr/bin/time, apt-get install time) is needed to "
                    + "measure a child's peak memory apart from this process's")
        }
        let report = context.folder.file("gate-time.txt")
        func peak(_ spawn: Spawn) throws -> Double {
            let timed = Spawn(
                executable: time,
                arguments: ["-f", "%M", "-o", report, spawn.executable] + spawn.arguments,
                environment: spawn.environment)
            let outcome = try timed.run()
            let text = (try? String(contentsOfFile: report, encoding: .utf8)) ?? ""
            guard outcome.status == 0,
                let kibibytes = text.split(separator: "\n").last.flatMap({ Double($0) })
            else {
                throw BenchError("GNU time gave '\(text)' (status \(outcome.status))")
            }
            return kibibytes / 1024
        }
        let result = try Interleaved.run(rounds: rounds, warmUp: false) { _ in
            try peak(ours)
        } baseline: { _ in
            try peak(baseline)
        }
        return Measurement(
            .gate, label, metric: .mebibytes, n: users, ours: Summary(result.ours),
            baseline: Summary(result.baseline))
    }
}
