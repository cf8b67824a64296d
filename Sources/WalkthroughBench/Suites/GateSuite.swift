import Foundation

/// `gate`: what a login script or a tool pays to ask "has this user seen it?": the whole
/// process `walkthrough seen ID --user U --db DB -q` against `sqlite3 DB "SELECT …"` running the
/// same query on the same file, both spawned, interleaved; wall time per process and peak RSS
/// (`ru_maxrss` from `wait4`).
///
/// The `walkthrough` binary is the one next to this binary (or `--walkthrough PATH`). When it
/// has no working `seen` command yet (an exit status other than 0 or 1), the suite is reported
/// unavailable with the reason instead of measured.
enum GateSuite {
    static func run(_ context: BenchContext) throws -> [Measurement] {
        let users = context.quick ? 10_000 : 1_000_000
        let rounds = context.quick ? 5 : 31
        let binary =
            context.options.walkthroughPath
            ?? (Self.folder(of: context.executable) + "/walkthrough")
        var linkage: String?
        func unavailable(_ reason: String) -> [Measurement] {
            var measurement = Measurement(
                .gate, "walkthrough seen, whole process", metric: .milliseconds, n: users,
                unavailable: reason)
            measurement.note = linkage.map { "\(binary): \($0)" }
            return [measurement]
        }
        guard access(binary, X_OK) == 0 else {
            return unavailable(
                "no walkthrough binary at \(binary); build it (swift build -c release "
                    + "--static-swift-stdlib) or pass --walkthrough PATH")
        }
        linkage = Linkage.describe(binary, path: context.environment["PATH"])
        guard let sqlite3 = Spawn.find("sqlite3", path: context.environment["PATH"]) else {
            return unavailable("the sqlite3 command is not installed (apt-get install sqlite3)")
        }
        let database = try context.database(users: users)
        let definitions = try context.folder.folder("gate-definitions")
        try Data(
            #"{"id": "bench", "pages": [{"heading": "Welcome", "content": "Hello"}]}"#.utf8
        ).write(to: URL(fileURLWithPath: definitions + "/bench.json"))
        var environment = context.environment
        environment["WALKTHROUGH_PATH"] = definitions
        environment["HOME"] = context.folder.path  // no ~/.sqliterc on either side
        environment.removeValue(forKey: "WALKTHROUGH_DB")

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
        var rss = Interleaved.Result()
        let wall = try Interleaved.run(rounds: rounds) { _ in
            user = SeenDatabase.user(random.next(below: users))
            let outcome = try ours(user).run()
            guard outcome.status == 0 else {
                throw BenchError("walkthrough seen exited with \(outcome.status) for \(user)")
            }
            rss.ours.append(Double(outcome.maxRSSKiB) / 1024)
            return Double(outcome.wallNanoseconds) / 1e6
        } baseline: { _ in
            let outcome = try baseline(user).run()
            guard outcome.status == 0 else {
                throw BenchError("sqlite3 exited with \(outcome.status)")
            }
            rss.baseline.append(Double(outcome.maxRSSKiB) / 1024)
            return Double(outcome.wallNanoseconds) / 1e6
        }
        // The warm-up's values are not part of the rounds.
        rss.ours.removeFirst()
        rss.baseline.removeFirst()
        let note = "\(binary): \(linkage ?? "")"
        return [
            Measurement(
                .gate, "walkthrough seen, whole process", metric: .milliseconds, n: users,
                ours: Summary(wall.ours), baseline: Summary(wall.baseline), note: note),
            Measurement(
                .gate, "peak RSS (ru_maxrss)", metric: .mebibytes, n: users,
                ours: Summary(rss.ours), baseline: Summary(rss.baseline)),
        ]
    }

    /// Everything before the last `/` of `path`.
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return String(path[..<slash])
    }
}
