import CSQLite
import Foundation
import WalkthroughKit

extension GateSuite {
    /// What `when.events` adds to a decision: the whole process `walkthrough due ID --user U
    /// --db DB -q` for a definition whose `when` counts a donated name (at least 3 in the last
    /// 7 days, and another never) against the same for a definition without rules, on the same
    /// store, where each user asked has 1,000 donations of the name (half of them in the
    /// window) and no record, so that every rule is read. The donations are one indexed query
    /// per decision. Target: within 1.2× of the definition without rules.
    static func eventsLine(
        _ context: BenchContext, _ setup: Setup, users: Int
    ) throws -> Measurement {
        let label = "walkthrough due, when.events over 1,000 donations (vs no rules)"
        let donors = 20
        if let reason = setup.unavailable {
            return Measurement(.gate, label, metric: .milliseconds, n: 1_000, unavailable: reason)
        }
        let database = try context.copyOfDatabase(users: users, as: "gate-events.sqlite3")
        try donate(into: database, donors: donors)
        let definitions = try context.folder.folder("gate-events-definitions")
        try Data(
            #"""
            {"id": "bench-events", "when": {"events": {"deployed": {"min": 3, "within": "7d"},
             "usedSearch": {"max": 0}}}, "pages": [{"heading": "Welcome", "content": "Hello"}]}
            """#.utf8
        ).write(to: URL(fileURLWithPath: definitions + "/bench-events.json"))
        try Data(
            #"{"id": "bench-plain", "pages": [{"heading": "Welcome", "content": "Hello"}]}"#.utf8
        ).write(to: URL(fileURLWithPath: definitions + "/bench-plain.json"))
        var environment = setup.environment
        environment["WALKTHROUGH_PATH"] = definitions
        func due(_ id: String, _ user: String) -> Spawn {
            Spawn(
                executable: setup.binary,
                arguments: ["due", id, "--user", user, "--db", database, "-q"],
                environment: environment)
        }
        // The contract first: both are due for a donor (the rule holds), and the rule is read.
        for id in ["bench-events", "bench-plain"] {
            let outcome = try due(id, "donor-0").run(capture: true)
            guard outcome.status == 0 else {
                return Measurement(
                    .gate, label, metric: .milliseconds, n: 1_000,
                    unavailable: "walkthrough due \(id) exited with \(outcome.status) for a "
                        + "donor, expected 0 (\(outcome.standardError.prefix(200)))")
            }
        }
        guard try due("bench-events", "nobody").run(capture: true).status == 1 else {
            return Measurement(
                .gate, label, metric: .milliseconds, n: 1_000,
                unavailable: "walkthrough due bench-events was due for a user with no donations")
        }
        var random = SplitMix64(seed: 0xE7E4)
        var user = ""
        let wall = try Interleaved.run(rounds: context.quick ? 5 : 31) { _ in
            user = "donor-\(random.next(below: donors))"
            let outcome = try due("bench-events", user).run()
            guard outcome.status == 0 else {
                throw BenchError("walkthrough due bench-events exited with \(outcome.status)")
            }
            return Double(outcome.wallNanoseconds) / 1e6
        } baseline: { _ in
            let outcome = try due("bench-plain", user).run()
            guard outcome.status == 0 else {
                throw BenchError("walkthrough due bench-plain exited with \(outcome.status)")
            }
            return Double(outcome.wallNanoseconds) / 1e6
        }
        return Measurement(
            .gate, label, metric: .milliseconds, n: 1_000, ours: Summary(wall.ours),
            baseline: Summary(wall.baseline),
            note: "target ≤ 1.2×; baseline: the same due for a definition without rules; "
                + "\(donors) users of \(users) records, 1,000 donations each")
    }

    /// Gives each of `donors` users (`donor-N`) 1,000 donations of `deployed`, one every 20
    /// minutes back from now (the newest 504 within 7 days), in one transaction.
    private static func donate(into database: String, donors: Int) throws {
        let raw = try RawSQLite(path: database, synchronous: "OFF")
        try raw.execute("BEGIN IMMEDIATE")
        let insert = try raw.prepare(
            "INSERT INTO donations (time, user, name) VALUES (?1, ?2, 'deployed')")
        defer { sqlite3_finalize(insert) }
        let now = Clock.millisecondsSince1970()
        let names = CStrings((0..<donors).map { "donor-\($0)" })
        for donor in 0..<donors {
            sqlite3_bind_text(insert, 2, names.pointer(donor), names.length(donor), sqliteStatic)
            for index in 0..<1_000 {
                sqlite3_bind_int64(insert, 1, now - Int64(index) * 20 * 60_000)
                guard sqlite3_step(insert) == SQLITE_DONE else {
                    throw BenchError("cannot add donations to \(database): \(raw.message)")
                }
                sqlite3_reset(insert)
            }
        }
        try raw.execute("COMMIT")
    }
}
