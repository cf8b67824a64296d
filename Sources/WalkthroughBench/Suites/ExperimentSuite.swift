import Foundation
import WalkthroughKit

/// `experiment`: `walkthrough stats ID --experiment --json` on 100,000 exposed users (10,000
/// with `--quick`) against the same figures from one SQL query
/// (``ExperimentQueries/counts(events:goals:userColumn:parameter:)``, the text the store runs)
/// and the arithmetic in Python's standard library (`sqlite3`, `statistics.NormalDist`), one
/// process each, interleaved; then what the assignment adds to the gate's decision.
enum ExperimentSuite {
    static let walkthrough = "bench-experiment"
    static let experimentID = "bench-2026-12"

    static func run(_ context: BenchContext) throws -> [Measurement] {
        let users = context.quick ? 10_000 : 100_000
        let rounds = context.quick ? 3 : 11
        var measurements: [Measurement] = []
        if let sqlite3 = Spawn.find("sqlite3", path: context.environment["PATH"]),
            let python = Spawn.find("python3", path: context.environment["PATH"])
        {
            measurements.append(
                try compare(
                    users: users, rounds: rounds, sqlite3: sqlite3, python: python,
                    context: context))
        } else {
            measurements.append(
                Measurement(
                    .experiment, "stats --experiment", metric: .milliseconds, n: users,
                    unavailable: "needs the sqlite3 and python3 commands"))
        }
        measurements.append(assignmentCost(context))
        return measurements
    }

    // MARK: - stats --experiment

    private static func compare(
        users: Int, rounds: Int, sqlite3: String, python: String, context: BenchContext
    ) throws -> Measurement {
        let binary =
            context.options.walkthroughPath
            ?? (FileSystem.folder(of: context.executable) + "/walkthrough")
        let definitions = try context.folder.folder("experiment-definitions")
        try Data(definition.utf8).write(
            to: URL(fileURLWithPath: definitions + "/\(walkthrough).json"))
        var environment = context.environment
        environment["WALKTHROUGH_PATH"] = definitions
        environment["HOME"] = context.folder.path
        environment.removeValue(forKey: "WALKTHROUGH_DB")
        let path = context.folder.file("experiment.sqlite3")
        _ = try SQLiteSeenStore(path: path)
        context.progress("experiment: writing \(users) exposed users to SQLite")
        try StatsSuite.shell(sqlite3, [path], input: data(users: users), environment)
        let ours = Spawn(
            executable: binary,
            arguments: ["stats", walkthrough, "--experiment", "--json", "--db", path],
            environment: environment)
        let baseline = Spawn(
            executable: python, arguments: ["-c", pythonScript, path], environment: environment)
        // Both answer, and agree on the p-value of the first comparison.
        let answer = try ours.run(capture: true)
        let reference = try baseline.run(capture: true)
        guard answer.status == 0, reference.status == 0,
            let p = reference.standardOutput.split(separator: "\n").first,
            let referenceP = Double(p),
            let oursP = pValue(in: answer.standardOutput),
            abs(referenceP - oursP) <= 1e-9 * max(1, abs(referenceP))
        else {
            throw BenchError(
                "stats --experiment and Python disagree: \(answer.standardOutput.prefix(300)) "
                    + "\(answer.standardError) / \(reference.standardOutput.prefix(200)) "
                    + "\(reference.standardError)")
        }
        let wall = try Interleaved.run(rounds: rounds) { _ in
            let outcome = try ours.run()
            guard outcome.status == 0 else { throw BenchError("stats exited \(outcome.status)") }
            return Double(outcome.wallNanoseconds) / 1e6
        } baseline: { _ in
            let outcome = try baseline.run()
            guard outcome.status == 0 else { throw BenchError("python exited \(outcome.status)") }
            return Double(outcome.wallNanoseconds) / 1e6
        }
        BenchFolder.removeDatabase(path)
        return Measurement(
            .experiment,
            "walkthrough stats --experiment --json vs one query + statistics.NormalDist in "
                + "python3, \(Format.count(users)) users",
            metric: .milliseconds, n: users, ours: Summary(wall.ours),
            baseline: Summary(wall.baseline))
    }

    /// The `pValue` of the second variant in `stats --experiment --json`.
    private static func pValue(in json: String) -> Double? {
        guard
            let object = try? JSONSerialization.jsonObject(with: Data(json.utf8))
                as? [String: Any],
            let variants = object["variants"] as? [[String: Any]], variants.count > 1
        else { return nil }
        return variants[1]["pValue"] as? Double
    }

    private static let definition = """
        {"id": "\(walkthrough)", "pages": [{"id": "a", "heading": "A", "content": ""},
         {"id": "b", "heading": "B", "content": ""}],
         "experiment": {"id": "\(experimentID)", "variants": [{"id": "control", "weight": 1},
          {"id": "short", "weight": 1, "pages": ["b"]}], "holdout": 10, "goals": ["goal"]}}
        """

    /// Per user an `exposed` event; for two in three a completion after it; for some a goal
    /// (one in ten before the exposure).
    private static func data(users: Int) -> String {
        """
        BEGIN;
        WITH RECURSIVE u(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM u WHERE i < \(users - 1))
        INSERT INTO events (time, user, walkthrough, version, event, page, variant, experiment,
            outcome)
        SELECT 1764547200000 + i * 1000 + j, 'user-' || i, '\(walkthrough)', 1,
            CASE WHEN j = 0 THEN 'exposed' ELSE 'finished' END, 0,
            CASE WHEN i % 10 = 0 THEN 'holdout' WHEN i % 2 = 0 THEN 'control' ELSE 'short' END,
            '\(experimentID)', CASE WHEN j = 1 THEN 'completed' END
        FROM u, (SELECT 0 AS j UNION ALL SELECT 1) WHERE j = 0 OR (i % 3 <> 0 AND i % 10 <> 0);
        WITH RECURSIVE u(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM u WHERE i < \(users - 1))
        INSERT INTO goals (time, user, goal)
        SELECT 1764547200000 + i * 1000 + CASE WHEN i % 10 = 3 THEN -5 ELSE 500 END,
            'user-' || i, 'goal'
        FROM u WHERE i % 4 = 1 OR i % 10 = 3 OR i % 7 = 0;
        COMMIT;
        ANALYZE;
        """
    }

    /// The same figures as `stats --experiment --json`, from one query and Python's standard
    /// library; prints the second variant's p-value first.
    private static var pythonScript: String {
        let query = ExperimentQueries.counts(
            events: "events", goals: "goals", userColumn: "user",
            parameter: { ["", "'\(walkthrough)'", "'\(experimentID)'", "'goal'"][$0] })
        return """
            import json, math, sqlite3, sys
            from statistics import NormalDist
            rows = {r[0]: r[1:] for r in sqlite3.connect(sys.argv[1]).execute('''\(query)''')}
            names, shares = ["control", "short", "holdout"], [0.45, 0.45, 0.10]
            n0, _, x0 = rows["control"]
            out = []
            for name in names:
                n, done, x = rows[name]
                row = {"variant": name, "exposed": n, "completed": done, "converted": x,
                       "completionRate": done / n, "conversionRate": x / n}
                if name != "control":
                    p1, p0 = x / n, x0 / n0
                    se = math.sqrt(p1 * (1 - p1) / n + p0 * (1 - p0) / n0)
                    pooled = (x + x0) / (n + n0)
                    sp = math.sqrt(pooled * (1 - pooled) * (1 / n + 1 / n0))
                    row.update(difference=p1 - p0, ciLow=p1 - p0 - 1.959964 * se,
                               ciHigh=p1 - p0 + 1.959964 * se,
                               pValue=2 * (1 - NormalDist().cdf(abs((p1 - p0) / sp))))
                out.append(row)
            total = sum(r["exposed"] for r in out)
            chi = sum((r["exposed"] - total * s) ** 2 / (total * s) for r, s in zip(out, shares))
            print(repr(out[1]["pValue"]))
            print(json.dumps({"srmPValue": math.exp(-chi / 2), "variants": out}))
            """
    }

    // MARK: - The assignment in the gate

    /// The gate's decision for a walkthrough with an experiment against the same without:
    /// the difference is what the assignment (SHA-256 of `experimentId/user`) costs.
    private static func assignmentCost(_ context: BenchContext) -> Measurement {
        let operations = context.quick ? 2_000 : 20_000
        let rounds = context.quick ? 3 : 9
        let pages = [
            Page(id: "a", heading: "A", content: ""), Page(id: "b", heading: "B", content: ""),
        ]
        let plain = Walkthrough(id: walkthrough, pages: pages)
        var withExperiment = plain
        withExperiment.experiment = Experiment(
            id: experimentID,
            variants: [.init(id: "control", weight: 1), .init(id: "short", weight: 1)],
            holdout: 10)
        let users = (0..<operations).map { "user-\($0)" }
        let now = Timestamp.now
        func perDecision(_ walkthrough: Walkthrough) -> Double {
            var due = 0
            let elapsed = Clock.measure {
                for user in users {
                    let decision = DueDecision.evaluate(
                        walkthrough, user: user, history: ShowHistory(), environment: [:],
                        now: now)
                    if decision.isDue { due += 1 }
                }
            }
            precondition(due > 0, "some users are due")
            return Double(elapsed) / Double(operations) / 1000
        }
        let result = Interleaved.run(rounds: rounds) { _ in
            perDecision(withExperiment)
        } baseline: { _ in
            perDecision(plain)
        }
        let ours = Summary(result.ours)
        let baseline = Summary(result.baseline)
        let cost = ours.median - baseline.median
        return Measurement(
            .experiment,
            "the gate's decision with an experiment vs without (the assignment's cost)",
            metric: .microsecondsPerOperation, n: operations, ours: ours, baseline: baseline,
            note: "the assignment adds \(Format.fixed(cost, decimals: 3)) µs a decision")
    }
}
