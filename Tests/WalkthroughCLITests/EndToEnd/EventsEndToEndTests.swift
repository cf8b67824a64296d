import Foundation
import Testing
import WalkthroughTestSupport

/// Events and the funnel through the built binary, as a user runs it, on SQLite and on
/// PostgreSQL: a known population of sessions and every figure of `stats --json`; events
/// after SIGKILL; `WALKTHROUGH_EVENTS=off`; reset and prune; a version-1 store left as it is.
@Suite(.serialized)
struct EventsEndToEndTests {
    /// The stores the tests run on: a file, and the test server when there is one.
    enum Backend: String, CaseIterable, CustomTestStringConvertible {
        case sqlite
        case postgres
        /// The server with the replica on: what a `postgresql://` URL opens by default.
        case replica
        /// The server through pgbouncer in transaction pooling mode, in direct mode.
        case pgbouncer
        /// The server through pgbouncer, with the replica on.
        case pgbouncerReplica

        static var available: [Backend] {
            guard TestPostgres.unavailableReason == nil else { return [.sqlite] }
            guard TestPostgres.pgBouncerUnavailableReason == nil else {
                return [.sqlite, .postgres, .replica]
            }
            return [.sqlite, .postgres, .replica, .pgbouncer, .pgbouncerReplica]
        }

        var testDescription: String { rawValue }

        /// The `WALKTHROUGH_DB` for a sandbox: its file, a fresh schema on the server, or a
        /// fresh database through the pooler (which passes no search path).
        func database(for sandbox: Sandbox) throws -> String {
            switch self {
            case .sqlite: return sandbox.database
            case .postgres, .replica: return try TestPostgres.shared().freshSchemaURL()
            case .pgbouncer, .pgbouncerReplica:
                return try TestPostgres.sharedPgBouncer().freshDatabaseURL()
            }
        }

        /// What the backend adds to the sandbox's environment: the replica, on.
        var environment: [String: String] {
            self == .replica || self == .pgbouncerReplica ? ["WALKTHROUGH_REPLICA": ""] : [:]
        }
    }

    /// A sandbox with a 4-page `tour` (free navigation), and its environment: the store, CI
    /// cleared.
    private func setUp(_ backend: Backend, version: Int = 1) throws -> (Sandbox, [String: String]) {
        let sandbox = try Sandbox()
        try sandbox.define(
            "tour.json", definition(version: version, pages: 4, navigation: "free"))
        return (
            sandbox,
            ["WALKTHROUGH_DB": try backend.database(for: sandbox), "CI": ""].merging(
                backend.environment
            ) { $1 }
        )
    }

    @discardableResult
    private func play(
        _ sandbox: Sandbox, _ env: [String: String], _ user: String, _ input: String,
        _ flags: [String] = []
    ) throws -> ProgramResult {
        let result = try sandbox.execute(
            ["play", "tour", "--user", user, "--plain"] + flags, input: input, extra: env)
        #expect(result.status == 0, "\(user): \(result.standardError)")
        return result
    }

    private func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    private func events(
        _ sandbox: Sandbox, _ env: [String: String], _ arguments: [String] = []
    ) throws -> [[String: Any]] {
        let result = try sandbox.execute(["events"] + arguments, extra: env)
        #expect(result.status == 0, "\(result.standardError)")
        return try result.standardOutput.split(separator: "\n").map { try json(String($0)) }
    }

    // MARK: - A known population

    @Test(arguments: Backend.available)
    func statsCountsAKnownPopulationExactly(backend: Backend) throws {
        let (sandbox, env) = try setUp(backend)
        try play(sandbox, env, "u1", "n\nn\nn\nn\n")  // completed
        try play(sandbox, env, "u2", "n\ns\n")  // skipped on page 2
        for (user, moves) in [("u3", 0), ("u4", 1), ("u5", 2), ("u6", 3)] {
            // quit on page 1, 2, 3, 4
            try play(sandbox, env, user, String(repeating: "n\n", count: moves) + "q\n")
        }
        try play(sandbox, env, "u7", "n\nn\nq\n")  // quit on page 3 ...
        let resumed = try play(sandbox, env, "u7", "n\nn\n")  // ... resumed and completed
        #expect(resumed.standardOutput.contains("Resuming Tour at page 3/4"))
        // interrupted by SIGINT on page 2
        let child = try sandbox.start(["play", "tour", "--user", "u8", "--plain"], extra: env)
        child.send("n\n")
        #expect(child.waitForOutput("2/4"))
        child.signal(SIGINT)
        #expect(child.wait() == 130)
        try play(sandbox, env, "u9", "n\nn\nn\nn\n")  // completed, then a replay quit at once
        try play(sandbox, env, "u9", "q\n", ["--force"])

        // The version bump: two users of version 2, one of them u1 again.
        try sandbox.define(
            "tour.json", definition(version: 2, pages: 4, navigation: "free"))
        try play(sandbox, env, "u1", "s\n")
        try play(sandbox, env, "u10", "n\nq\n")

        let v1 = try json(
            try sandbox.execute(["stats", "tour", "--version", "1", "--json"], extra: env)
                .standardOutput)
        #expect(
            Set(v1.keys) == [
                "walkthrough", "version", "users", "completed", "skipped", "inProgress",
                "completionRate", "medianSecondsToComplete", "pages",
            ])
        #expect(v1["walkthrough"] as? String == "tour")
        #expect(v1["version"] as? Int == 1)
        #expect(v1["users"] as? Int == 9)
        #expect(v1["completed"] as? Int == 3)
        #expect(v1["skipped"] as? Int == 1)
        #expect(v1["inProgress"] as? Int == 5)
        #expect(v1["completionRate"] as? Double == 0.3333)
        let pages = try #require(v1["pages"] as? [[String: Any]])
        #expect(
            pages.map { Set($0.keys) }
                == Array(repeating: ["page", "id", "reached", "dropped"], count: 4))
        #expect(pages.map { $0["page"] as? Int } == [1, 2, 3, 4])
        // An older version: the definition's ids are those of version 2, so none are shown.
        #expect(pages.allSatisfy { $0["id"] is NSNull })
        #expect(pages.map { $0["reached"] as? Int } == [9, 8, 5, 4])
        #expect(pages.map { $0["dropped"] as? Int } == [1, 2, 1, 1])

        // The median, from the events themselves: first start to first completion, per user.
        let all = try events(sandbox, env, ["tour"])
        var durations: [Double] = []
        for user in ["u1", "u7", "u9"] {
            let mine = all.filter { $0["user"] as? String == user && $0["version"] as? Int == 1 }
            let start = try #require(mine.first { $0["event"] as? String == "started" })
            let end = try #require(mine.first { $0["outcome"] as? String == "completed" })
            durations.append(try seconds(end) - seconds(start))
        }
        durations.sort()
        let median = try #require(v1["medianSecondsToComplete"] as? Double)
        #expect(abs(median - durations[1]) < 0.0005, "\(median) vs \(durations)")

        let v2 = try json(
            try sandbox.execute(["stats", "tour", "--json"], extra: env).standardOutput)
        #expect(v2["version"] as? Int == 2)
        #expect(v2["users"] as? Int == 2)
        #expect(v2["completed"] as? Int == 0)
        #expect(v2["skipped"] as? Int == 1)
        #expect(v2["inProgress"] as? Int == 1)
        #expect(v2["completionRate"] as? Double == 0)
        #expect(v2["medianSecondsToComplete"] is NSNull)
        let pages2 = try #require(v2["pages"] as? [[String: Any]])
        #expect(pages2.map { $0["id"] as? String } == ["page-1", "page-2", "page-3", "page-4"])
        #expect(pages2.map { $0["reached"] as? Int } == [2, 1, 0, 0])
        #expect(pages2.map { $0["dropped"] as? Int } == [0, 1, 0, 0])

        // Not a terminal: a summary line and plain rows.
        let text = try sandbox.execute(["stats", "tour", "--version", "1"], extra: env)
        #expect(text.status == 0)
        #expect(
            text.standardOutput.hasPrefix(
                "Tour (version 1): 9 users started; 3 completed (33.3%), 1 skipped, 5 in "
                    + "progress; median time to complete "))
        #expect(
            text.standardOutput.hasSuffix(
                """
                page  id  reached  dropped
                1     -   9        1
                2     -   8        2
                3     -   5        1
                4     -   4        1

                """))
        #expect(!text.standardOutput.contains("\u{1B}"))
    }

    @Test(arguments: Backend.available)
    func eventsPrintEveryKindWithItsExactKeys(backend: Backend) throws {
        let (sandbox, env) = try setUp(backend)
        try play(sandbox, env, "alice", "n\nq\n")
        let child = try sandbox.start(["play", "tour", "--user", "alice", "--plain"], extra: env)
        #expect(child.waitForOutput("2/4"))
        // The page is recorded once it is on the screen: wait for its `started` and `page`
        // before the signal, or a loaded machine's signal lands before them.
        #expect(waitUntil(timeout: 30, interval: 50) { (try? events(sandbox, env))?.count == 6 })
        child.signal(SIGTERM)
        #expect(child.wait() == 143)
        try play(sandbox, env, "alice", "n\nn\nn\nn\n", ["--restart"])
        let lines = try events(sandbox, env)
        try #require(lines.count == 13, "\(lines)")
        #expect(
            lines.map { "\($0["event"]!) \($0["page"]!)" } == [
                "started 1", "page 1", "page 2", "quit 2", "started 2", "page 2",
                "interrupted 2", "started 1", "page 1", "page 2", "page 3", "page 4",
                "finished 4",
            ])
        let common: Set<String> = [
            "time", "user", "walkthrough", "version", "event", "page", "outcome", "locale",
            "variant",
        ]
        for line in lines {
            switch line["event"] as? String {
            case "started": #expect(Set(line.keys) == common.union(["resumed", "forced"]))
            case "interrupted": #expect(Set(line.keys) == common.union(["signal"]))
            default: #expect(Set(line.keys) == common)
            }
            let time = try #require(line["time"] as? String)
            #expect(time.count == 24 && time.hasSuffix("Z"), "\(time)")
        }
        #expect(lines[4]["resumed"] as? Bool == true)
        #expect(lines[6]["signal"] as? String == "SIGTERM")
        #expect(lines[12]["outcome"] as? String == "completed")
        #expect(
            lines.map { try? seconds($0) }
                == lines.map { try? seconds($0) }.sorted { ($0 ?? 0) < ($1 ?? 0) })
        // Filters: by user, by id (or file), by date.
        #expect(try events(sandbox, env, ["--user", "bob"]).isEmpty)
        #expect(try events(sandbox, env, ["other"]).isEmpty)
        #expect(try events(sandbox, env, [sandbox.definitions + "/tour.json"]).count == 13)
        #expect(try events(sandbox, env, ["--since", "2999-01-01"]).isEmpty)
        let since = try #require(lines[7]["time"] as? String)
        #expect(try events(sandbox, env, ["--since", since]).count == 6)
    }

    // MARK: - Crashes, switches, forgetting

    @Test(arguments: Backend.available)
    func eventsAreCompleteAndInOrderAfterSIGKILL(backend: Backend) throws {
        let (sandbox, env) = try setUp(backend)
        let child = try sandbox.start(["play", "tour", "--user", "kim", "--plain"], extra: env)
        #expect(child.waitForOutput("1/4"))
        child.send("n\n")
        #expect(child.waitForOutput("2/4"))
        child.send("j 4\n")
        #expect(child.waitForOutput("4/4"))
        child.send("b\n")
        // A page is shown only after its move (record and events) was committed.
        #expect(child.waitForOutput("3/4"))
        child.signal(SIGKILL)
        #expect(child.wait() == 137)
        let lines = try events(sandbox, env)
        try #require(lines.count == 5, "\(lines)")
        #expect(
            lines.map { "\($0["event"]!) \($0["page"]!)" } == [
                "started 1", "page 1", "page 2", "page 4", "page 3",
            ])
        let status = try sandbox.execute(["status", "--json"], extra: env)
        #expect(status.standardOutput.contains("\"lastPage\": 3"))
        // The next run resumes where the record and the events say.
        try play(sandbox, env, "kim", "q\n")
        let after = try events(sandbox, env)
        #expect(after.count == 8)
        #expect(after[5]["event"] as? String == "started")
        #expect(after[5]["page"] as? Int == 3)
        #expect(after[5]["resumed"] as? Bool == true)
    }

    @Test(arguments: Backend.available)
    func eventsOffRecordsNoneAndKeepsTheRecords(backend: Backend) throws {
        let (sandbox, env) = try setUp(backend)
        var off = env
        off["WALKTHROUGH_EVENTS"] = "off"
        let result = try sandbox.execute(
            ["play", "tour", "--user", "quiet", "--plain"], input: "n\nn\nn\nn\n", extra: off)
        #expect(result.status == 0)
        #expect(try events(sandbox, env).isEmpty)
        #expect(
            try sandbox.execute(["seen", "tour", "--user", "quiet", "-q"], extra: env).status == 0)
        let stats = try json(
            try sandbox.execute(["stats", "tour", "--json"], extra: env).standardOutput)
        #expect(stats["users"] as? Int == 0)
        // Any other value records.
        var on = env
        on["WALKTHROUGH_EVENTS"] = "on"
        try play(sandbox, on, "loud", "q\n")
        #expect(try events(sandbox, env).count == 3)
    }

    /// Through the replica, a view shows what this machine recorded even when no launch could
    /// create the server's tables within its budget (a slow server or pooler; here a budget of
    /// 1 ms): `events` pushes the outbox first, creating the tables as those pushes would have.
    @Test(.enabled(if: TestPostgres.unavailableReason == nil, "no PostgreSQL server for the tests"))
    func aViewThroughTheReplicaPushesWhatNoLaunchCouldWhileTheServerHadNoTables() throws {
        let sandbox = try Sandbox()
        try sandbox.define(
            "tour.json", definition(version: 1, pages: 4, navigation: "free"))
        let env = [
            "WALKTHROUGH_DB": try TestPostgres.shared().freshSchemaURL(), "CI": "",
            "WALKTHROUGH_REPLICA": "", "WALKTHROUGH_NETWORK_BUDGET": "1",
        ]
        try play(sandbox, env, "early", "q\n")
        #expect(try events(sandbox, env).count == 3)
        let stats = try json(
            try sandbox.execute(["stats", "tour", "--json"], extra: env).standardOutput)
        #expect(stats["users"] as? Int == 1)
    }

    @Test(arguments: Backend.available)
    func resetAndPruneForgetEvents(backend: Backend) throws {
        let (sandbox, env) = try setUp(backend)
        try play(sandbox, env, "ann", "n\nq\n")
        try play(sandbox, env, "ben", "q\n")
        #expect(try events(sandbox, env).count == 7)
        let reset = try sandbox.execute(["reset", "--user", "ann"], extra: env)
        #expect(reset.status == 0, "\(reset.standardError)")
        #expect(try events(sandbox, env).map { $0["user"] as? String } == ["ben", "ben", "ben"])

        let dry = try sandbox.execute(
            ["events", "prune", "--before", "2999-01-01", "--dry-run"], extra: env)
        #expect(dry.status == 0)
        #expect(
            dry.standardOutput
                == "Would remove 3 events recorded before 2999-01-01 00:00:00 UTC (dry run: "
                + "nothing was removed).\n")
        #expect(try events(sandbox, env).count == 3)
        let none = try sandbox.execute(
            ["events", "prune", "--before", "2000-01-01T00:00:00+01:00"], extra: env)
        #expect(
            none.standardOutput == "Removed 0 events recorded before 1999-12-31 23:00:00 UTC.\n")
        let pruned = try sandbox.execute(["events", "prune", "--before", "2999-01-01"], extra: env)
        #expect(pruned.status == 0)
        #expect(
            pruned.standardOutput == "Removed 3 events recorded before 2999-01-01 00:00:00 UTC.\n")
        #expect(try events(sandbox, env).isEmpty)
        // The records stay.
        #expect(
            try sandbox.execute(["status", "--json"], extra: env).standardOutput.contains("ben"))
    }

    @Test func badDatesAndAMissingBeforeAreUsageErrors() throws {
        let (sandbox, env) = try setUp(.sqlite)
        for arguments in [
            ["stats", "tour", "--since", "yesterday"], ["events", "--since", "2026-02-30"],
            ["events", "prune", "--before", "2026-12-01T25:00:00Z"],
            ["stats", "tour", "--version", "0"],
        ] {
            let result = try sandbox.execute(arguments, extra: env)
            #expect(result.status == 64, "\(arguments)")
            #expect(result.standardError.split(separator: "\n").count == 1)
            if !arguments.contains("--version") {
                #expect(result.standardError.contains("use YYYY-MM-DD or RFC 3339"))
            }
        }
        let missing = try sandbox.execute(["events", "prune"], extra: env)
        #expect(missing.status == 64)
        #expect(missing.standardError.hasPrefix("Error: Missing '--before <date>'"))
        #expect(sandbox.createdFiles.isEmpty)
    }

    // MARK: - Stores written before events

    @Test func readCommandsOnAVersion1StoreAnswerAndChangeNothing() throws {
        let (sandbox, env) = try setUp(.sqlite)
        try FileManager.default.createDirectory(
            atPath: sandbox.folder.path + "/state/walkthrough", withIntermediateDirectories: true)
        try RoundOneStore.create(
            at: sandbox.database, users: ["old1", "old2"], walkthrough: "tour")
        let before = try Data(contentsOf: URL(fileURLWithPath: sandbox.database))
        let folder = sandbox.folder.path + "/state/walkthrough"
        let files = try FileManager.default.contentsOfDirectory(atPath: folder)

        let listed = try sandbox.execute(["events"], extra: env)
        #expect(listed.status == 0, "\(listed.standardError)")
        #expect(listed.standardOutput.isEmpty)
        let stats = try json(
            try sandbox.execute(["stats", "tour", "--json"], extra: env).standardOutput)
        #expect(stats["users"] as? Int == 0)
        let dry = try sandbox.execute(
            ["events", "prune", "--before", "2999-01-01", "--dry-run"], extra: env)
        #expect(dry.standardOutput.hasPrefix("Would remove 0 events"))
        let info = try json(
            try sandbox.execute(["db", "info", "--json"], extra: env).standardOutput)
        #expect(info["schemaVersion"] as? Int == 1)
        #expect(try Data(contentsOf: URL(fileURLWithPath: sandbox.database)) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == files)

        // The first write migrates, keeping every record of version 1.
        try play(sandbox, env, "new", "q\n")
        let records = try sandbox.recordsFromStatus().map { $0["user"] as? String }
        #expect(records == ["new", "old1", "old2"])
        #expect(try events(sandbox, env).count == 3)
        let migrated = try json(
            try sandbox.execute(["db", "info", "--json"], extra: env).standardOutput)
        #expect(migrated["schemaVersion"] as? Int == 7)
    }

    /// Seconds since 1970 of an event line's `time` (`2026-12-01T07:26:01.123Z`).
    private func seconds(_ line: [String: Any]) throws -> Double {
        let text = try #require(line["time"] as? String)
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return try #require(formatter.date(from: text)).timeIntervalSince1970
    }
}
