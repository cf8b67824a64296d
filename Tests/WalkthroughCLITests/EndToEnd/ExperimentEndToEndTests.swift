import Foundation
import Synchronization
import Testing
import WalkthroughFleet
import WalkthroughKit
import WalkthroughTestSupport

/// Experiments through the built binary, on SQLite and on PostgreSQL: `stats --experiment
/// --json` figure for figure against Python's `statistics.NormalDist` on a known population,
/// the sample-ratio warning, and a variant played in plain mode with its events.
@Suite(.serialized)
struct ExperimentEndToEndTests {
    typealias Backend = EventsEndToEndTests.Backend

    /// `tour`: three pages, an experiment of `control` and `short` (welcome and finish only)
    /// 50 : 50, a 10 % holdout, the goal `first-pin`.
    static let tour = """
        {"id": "tour", "title": "Tour",
         "pages": [{"id": "welcome", "heading": "Welcome", "content": "Hello"},
                   {"id": "pins", "heading": "Pins", "content": "Pin things"},
                   {"id": "finish", "heading": "Finish", "content": "Done"}],
         "experiment": {"id": "onboarding-2026-12",
                        "variants": [{"id": "control", "weight": 50},
                                     {"id": "short", "weight": 50, "pages": ["welcome", "finish"]}],
                        "holdout": 10, "goals": ["first-pin", "second"]}}
        """

    private func setUp(_ backend: Backend) throws -> (Sandbox, [String: String]) {
        let sandbox = try Sandbox()
        try sandbox.define("tour.json", Self.tour)
        return (sandbox, ["WALKTHROUGH_DB": try backend.database(for: sandbox), "CI": ""])
    }

    /// The store at `location`, stamping with `clock`.
    private func store(
        _ location: String, clock: Clock
    ) throws -> any ExperimentStore {
        let now: @Sendable () -> Timestamp = { clock.now() }
        if location.hasPrefix("postgresql://") || location.hasPrefix("postgres://") {
            return try PostgresSeenStore(url: location, now: now)
        }
        return try SQLiteSeenStore(path: location, now: now)
    }

    /// A clock that tests move by hand.
    final class Clock: Sendable {
        private let milliseconds = Mutex<Int64>(1_796_078_823_000)
        func now() -> Timestamp { Timestamp(millisecondsSince1970: milliseconds.withLock { $0 }) }
        func advance(_ step: Int64 = 1000) { milliseconds.withLock { $0 += step } }
    }

    /// One group of the population: how many users were exposed, completed after their
    /// exposure, reached the goal after it, and reached it only before it (which must not count).
    struct Group {
        var name: String
        var exposed: Int
        var completed: Int
        var converted: Int
        var goalBeforeExposure: Int
    }

    /// Writes the population: per group, exposures, completions and goals, each at its own
    /// moment; plus users who reached the goal without ever being exposed.
    private func populate(_ location: String, _ groups: [Group]) throws {
        let clock = Clock()
        let store = try store(location, clock: clock)
        for group in groups {
            for index in 0..<group.exposed {
                let user = "\(group.name)-\(index)"
                let converted = index < group.converted
                // Goals before the exposure: among those who do not convert afterwards.
                if !converted, index >= group.exposed - group.goalBeforeExposure {
                    try store.recordGoal("first-pin", user: user)
                    clock.advance()
                }
                try store.write(
                    SessionStep(
                        user: user, walkthrough: "tour", version: 1, change: nil,
                        events: [.init(.exposed, page: 0)], variant: group.name,
                        experiment: "onboarding-2026-12"))
                clock.advance()
                if index < group.completed {
                    try store.write(
                        SessionStep(
                            user: user, walkthrough: "tour", version: 1,
                            change: .seen(.completed),
                            events: [.init(.finished(.completed), page: 2)],
                            variant: group.name, experiment: "onboarding-2026-12"))
                    clock.advance()
                }
                if converted {
                    try store.recordGoal("first-pin", user: user)
                    try store.recordGoal("first-pin", user: user)  // twice counts once
                    clock.advance()
                }
                if index % 3 == 0 { try store.recordGoal("second", user: user) }
            }
        }
        for index in 0..<7 { try store.recordGoal("first-pin", user: "never-exposed-\(index)") }
    }

    /// The figures `stats --experiment --json` must print, computed by Python from the counts
    /// with the documented formulas and `statistics.NormalDist`.
    private func expected(_ groups: [Group], shares: [Double]) throws -> [String: Any] {
        let script = """
            import json, math, sys
            from statistics import NormalDist
            spec = json.load(sys.stdin)
            groups, shares = spec["groups"], spec["shares"]
            z = 1.959964
            out = []
            c = groups[0]
            for g in groups:
                n, x = g["exposed"], g["converted"]
                row = {"variant": g["name"], "exposed": n, "completed": g["completed"],
                       "converted": x, "completionRate": g["completed"] / n,
                       "conversionRate": x / n, "difference": None, "ciLow": None,
                       "ciHigh": None, "pValue": None}
                if g is not c:
                    p1, p0 = x / n, c["converted"] / c["exposed"]
                    d = p1 - p0
                    se = math.sqrt(p1 * (1 - p1) / n + p0 * (1 - p0) / c["exposed"])
                    pooled = (x + c["converted"]) / (n + c["exposed"])
                    sp = math.sqrt(pooled * (1 - pooled) * (1 / n + 1 / c["exposed"]))
                    row.update(difference=d, ciLow=d - z * se, ciHigh=d + z * se,
                               pValue=2 * (1 - NormalDist().cdf(abs(d / sp))))
                out.append(row)
            total = sum(g["exposed"] for g in groups)
            chi = sum((g["exposed"] - total * s) ** 2 / (total * s) for g, s in zip(groups, shares))
            # Three groups: two degrees of freedom, whose survival function is exp(-x/2).
            assert len(groups) == 3
            print(json.dumps({"srmPValue": math.exp(-chi / 2), "variants": out}))
            """
        let input = try JSONSerialization.data(withJSONObject: [
            "groups": groups.map {
                [
                    "name": $0.name, "exposed": $0.exposed, "completed": $0.completed,
                    "converted": $0.converted,
                ] as [String: Any]
            },
            "shares": shares,
        ])
        let result = try ChildProcess.run(
            ["python3", "-c", script], input: String(decoding: input, as: UTF8.self),
            environment: ["PATH": "/usr/bin:/bin"])
        #expect(result.status == 0, "\(result.standardError)")
        return try json(result.standardOutput)
    }

    private func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    private func close(_ actual: Any?, _ expected: Any?) -> Bool {
        if expected is NSNull { return actual is NSNull }
        guard let a = actual as? Double, let e = expected as? Double else {
            return "\(actual ?? "nil")" == "\(expected ?? "nil")"
        }
        return abs(a - e) <= 1e-9 * max(1, abs(e))
    }

    // MARK: - The figures

    @Test(arguments: Backend.available)
    func statsFiguresMatchAnIndependentComputation(backend: Backend) throws {
        let (sandbox, env) = try setUp(backend)
        let groups = [
            Group(
                name: "control", exposed: 120, completed: 70, converted: 30, goalBeforeExposure: 10),
            Group(name: "short", exposed: 110, completed: 80, converted: 45, goalBeforeExposure: 5),
            Group(name: "holdout", exposed: 25, completed: 0, converted: 4, goalBeforeExposure: 3),
        ]
        try populate(try #require(env["WALKTHROUGH_DB"]), groups)
        let result = try sandbox.execute(
            ["stats", "tour", "--experiment", "--json"], extra: env)
        #expect(result.status == 0, "\(result.standardError)")
        let actual = try json(result.standardOutput)
        let reference = try expected(groups, shares: [0.45, 0.45, 0.10])
        #expect(actual["walkthrough"] as? String == "tour")
        #expect(actual["experiment"] as? String == "onboarding-2026-12")
        #expect(actual["goal"] as? String == "first-pin")
        #expect(close(actual["srmPValue"], reference["srmPValue"]))
        let rows = try #require(actual["variants"] as? [[String: Any]])
        let expectedRows = try #require(reference["variants"] as? [[String: Any]])
        #expect(rows.map { $0["variant"] as? String } == ["control", "short", "holdout"])
        for (row, expectedRow) in zip(rows, expectedRows) {
            #expect(Set(row.keys) == Set(expectedRow.keys))
            for (key, value) in expectedRow {
                #expect(close(row[key], value), "\(row["variant"] ?? "") \(key)")
            }
        }
        // The plain words: enough users, and the sample ratio is as the weights say.
        let text = try sandbox.execute(["stats", "tour", "--experiment"], extra: env)
        #expect(text.standardOutput.contains("255 users exposed"))
        #expect(text.standardOutput.contains("short vs control: short converts better"))
        #expect(text.standardOutput.contains("holdout vs control: too few users to tell yet"))
        #expect(text.standardOutput.contains("Sample ratio check"))
        #expect(!text.standardOutput.contains("Warning"))
        // Another goal: every third user reached `second`, before or after; all after exposure
        // but the first writes, so only the count matters here.
        let second = try json(
            try sandbox.execute(
                ["stats", "tour", "--experiment", "--goal", "second", "--json"], extra: env
            ).standardOutput)
        #expect(second["goal"] as? String == "second")
        let converted = (second["variants"] as? [[String: Any]])?.map { $0["converted"] as? Int }
        #expect(converted == [40, 37, 9])
    }

    @Test(arguments: Backend.available)
    func aMismatchedPopulationWarns(backend: Backend) throws {
        let (sandbox, env) = try setUp(backend)
        try populate(
            try #require(env["WALKTHROUGH_DB"]),
            [
                Group(
                    name: "control", exposed: 300, completed: 0, converted: 0, goalBeforeExposure: 0
                ),
                Group(
                    name: "short", exposed: 200, completed: 0, converted: 0, goalBeforeExposure: 0),
                Group(
                    name: "holdout", exposed: 60, completed: 0, converted: 0, goalBeforeExposure: 0),
            ])
        let result = try sandbox.execute(["stats", "tour", "--experiment"], extra: env)
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("Warning: sample ratio mismatch (p < 0.001)"))
        let figures = try json(
            try sandbox.execute(["stats", "tour", "--experiment", "--json"], extra: env)
                .standardOutput)
        #expect((figures["srmPValue"] as? Double ?? 1) < 0.001)
    }

    // MARK: - Playing a variant

    /// Users of `group` of `tour`'s experiment, found by the documented formula in Python.
    static func users(in group: String, count: Int) throws -> [String] {
        let script = """
            import hashlib
            found = []
            i = 0
            while len(found) < \(count):
                user = "user-%d" % i
                b = int.from_bytes(hashlib.sha256(("onboarding-2026-12/" + user).encode()).digest()[:8], "big") % 10000
                group = "holdout" if b < 1000 else ("control" if b < 5500 else "short")
                if group == "\(group)":
                    found.append(user)
                i += 1
            print("\\n".join(found))
            """
        let result = try ChildProcess.run(
            ["python3", "-c", script], environment: ["PATH": "/usr/bin:/bin"])
        return result.standardOutput.split(separator: "\n").map(String.init)
    }

    private func events(
        _ sandbox: Sandbox, _ env: [String: String], user: String
    ) throws
        -> [[String: Any]]
    {
        let result = try sandbox.execute(["events", "tour", "--user", user], extra: env)
        return try result.standardOutput.split(separator: "\n").map { try json(String($0)) }
    }

    @Test(arguments: Backend.available)
    func eachGroupPlaysItsPagesAndRecordsItsExposureOnce(backend: Backend) throws {
        let (sandbox, env) = try setUp(backend)
        let short = try #require(try Self.users(in: "short", count: 1).first)
        let control = try #require(try Self.users(in: "control", count: 1).first)
        let held = try #require(try Self.users(in: "holdout", count: 1).first)
        for (user, group) in [(short, "short"), (control, "control"), (held, "holdout")] {
            let variant = try sandbox.execute(["variant", "tour", "--user", user], extra: env)
            #expect(variant.standardOutput == group + "\n")
        }

        // The short variant: two pages, numbered among themselves; events keep the definition's.
        let played = try sandbox.execute(
            ["play", "tour", "--user", short, "--plain"], input: "n\nn\n", extra: env)
        #expect(played.status == 0, "\(played.standardError)")
        #expect(played.standardOutput.contains("Tour · 1/2 · Welcome"))
        #expect(played.standardOutput.contains("Tour · 2/2 · Finish"))
        #expect(!played.standardOutput.contains("Pins"))
        let shortEvents = try events(sandbox, env, user: short)
        #expect(
            shortEvents.map { "\($0["event"] ?? "") \($0["page"] ?? "")" } == [
                "exposed 1", "started 1", "page 1", "page 3", "finished 3",
            ])
        #expect(shortEvents.allSatisfy { $0["variant"] as? String == "short" })
        #expect(shortEvents[0]["experiment"] as? String == "onboarding-2026-12")

        // The control: every page; quitting and resuming exposes once.
        _ = try sandbox.execute(
            ["play", "tour", "--user", control, "--plain"], input: "n\nq\n", extra: env)
        let resumed = try sandbox.execute(
            ["play", "tour", "--user", control, "--plain"], input: "n\nn\n", extra: env)
        #expect(resumed.standardOutput.contains("Tour · 3/3 · Finish"))
        let controlEvents = try events(sandbox, env, user: control)
        #expect(controlEvents.filter { $0["event"] as? String == "exposed" }.count == 1)
        #expect(controlEvents.allSatisfy { $0["variant"] as? String == "control" })

        // The holdout: nothing shown, not due with its reason, exposed once; `due` only reads.
        let due = try sandbox.execute(["due", "tour", "--user", held, "--json"], extra: env)
        #expect(due.status == 1)
        #expect(try json(due.standardOutput)["reason"] as? String == "holdout")
        #expect(try events(sandbox, env, user: held).isEmpty)
        for _ in 0..<2 {
            let skipped = try sandbox.execute(
                ["play", "tour", "--user", held, "--plain"], extra: env)
            #expect(skipped.status == 0)
            #expect(skipped.standardOutput.contains("not due for \(held): holdout"))
        }
        let heldEvents = try events(sandbox, env, user: held)
        #expect(heldEvents.map { $0["event"] as? String } == ["exposed"])
        #expect(heldEvents.first?["variant"] as? String == "holdout")

        // A goal after the exposure converts; the result counts each group.
        let goal = try sandbox.execute(["goal", "first-pin", "--user", short], extra: env)
        #expect(goal.standardOutput == "Recorded: \(short) reached the goal first-pin.\n")
        let figures = try json(
            try sandbox.execute(["stats", "tour", "--experiment", "--json"], extra: env)
                .standardOutput)
        let rows = try #require(figures["variants"] as? [[String: Any]])
        #expect(rows.map { $0["exposed"] as? Int } == [1, 1, 1])
        #expect(rows.map { $0["completed"] as? Int } == [1, 1, 0])
        #expect(rows.map { $0["converted"] as? Int } == [0, 1, 0])
    }

    /// What the store holds of `user`: `(exposures, goals)`, read with the `sqlite3` program
    /// or straight from the server.
    private func held(_ database: String, user: String) throws -> (Int, Int) {
        let exposures = "SELECT count(*) FROM %@ WHERE event = 'exposed' AND %@ = '\(user)'"
        let goals = "SELECT count(*) FROM %@ WHERE %@ = '\(user)'"
        if database.hasPrefix("postgresql://") {
            let server = try RawPostgres(database)
            return (
                Int(
                    try server.scalar(String(format: exposures, "walkthrough_events", "user_name"))
                        ?? "") ?? -1,
                Int(
                    try server.scalar(String(format: goals, "walkthrough_goals", "user_name")) ?? ""
                ) ?? -1
            )
        }
        func count(_ sql: String) throws -> Int {
            let result = try ChildProcess.run(
                ["sqlite3", "-readonly", database, sql], environment: ["PATH": "/usr/bin:/bin"])
            return Int(result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
        }
        return (
            try count(String(format: exposures, "events", "user")),
            try count(String(format: goals, "goals", "user"))
        )
    }

    /// `reset --user NAME ID` removes the walkthrough's exposure and keeps the user's goals;
    /// `reset --user NAME` removes everything of the user, goals included; other users keep
    /// theirs.
    @Test(arguments: Backend.available)
    func resetOfAUserRemovesTheirExposuresAndAllOfThemTheirGoals(backend: Backend) throws {
        let (sandbox, env) = try setUp(backend)
        let database = try #require(env["WALKTHROUGH_DB"])
        let users = try Self.users(in: "short", count: 2)
        for user in users {
            let played = try sandbox.execute(
                ["play", "tour", "--user", user, "--plain"], input: "n\nn\n", extra: env)
            #expect(played.status == 0, "\(played.standardError)")
            for _ in 0..<2 {
                #expect(
                    try sandbox.execute(["goal", "first-pin", "--user", user], extra: env).status
                        == 0)
            }
        }
        let (alice, bob) = (users[0], users[1])
        #expect(try held(database, user: alice) == (1, 2))

        let one = try sandbox.execute(["reset", "--user", alice, "tour"], extra: env)
        #expect(one.status == 0, "\(one.standardError)")
        #expect(one.standardOutput.hasPrefix("Removed 1 record:"))
        #expect(try held(database, user: alice) == (0, 2))

        let all = try sandbox.execute(["reset", "--user", alice], extra: env)
        #expect(all.status == 0, "\(all.standardError)")
        #expect(try held(database, user: alice) == (0, 0))
        #expect(try held(database, user: bob) == (1, 2))
        let figures = try json(
            try sandbox.execute(["stats", "tour", "--experiment", "--json"], extra: env)
                .standardOutput)
        let rows = try #require(figures["variants"] as? [[String: Any]])
        #expect(rows.map { $0["exposed"] as? Int } == [0, 1, 0])
        #expect(rows.map { $0["converted"] as? Int } == [0, 1, 0])
    }

    @Test func variantAndGoalRefuseWhatTheyCannotDo() throws {
        let sandbox = try Sandbox()
        try sandbox.define("plain.json", #"{"pages": [{"heading": "A", "content": ""}]}"#)
        let variant = try sandbox.execute(["variant", "plain"])
        #expect(variant.status == 65)
        #expect(variant.standardError.hasPrefix("Error: plain has no experiment"))
        let goal = try sandbox.execute(["goal", "no goal"])
        #expect(goal.status == 64)
        #expect(goal.standardError.contains("Invalid goal name \"no goal\""))
        #expect(sandbox.createdFiles.isEmpty)
    }
}
