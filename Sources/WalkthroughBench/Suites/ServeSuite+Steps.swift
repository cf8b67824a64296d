import Foundation
import WalkthroughKit

extension ServeSuite {
    /// Durable steps: `POST /v1/users/U/walkthroughs/bench/steps` (a `page` step, a new UUID
    /// each, users at random), each answered only once in the store, against the raw C API
    /// writing one durable upsert at a time (``RawUpserts``: `BEGIN IMMEDIATE`, the store's
    /// `markSeen` statement, `COMMIT`) on a copy of the same store, in the same journal mode
    /// and `synchronous` level as the server's store (the store's defaults, `DELETE`/`EXTRA`).
    static func stepsLine(_ setup: Setup) throws -> Measurement {
        let script = try script(
            setup, "steps.lua",
            .steps(walkthrough: ServeFixture.walkthrough, pages: ServeFixture.pages))
        let copy = setup.fixture.folder + "/raw-steps.sqlite3"
        try FileManager.default.copyItem(atPath: setup.fixture.store, toPath: copy)
        try BenchFolder.flush(copy)
        defer { BenchFolder.removeDatabase(copy) }
        let raw = try RawSQLite(path: copy, synchronous: "EXTRA", journalMode: "DELETE")
        var random = SplitMix64(seed: 0x5E4E_0001)
        let names = (0..<(setup.context.quick ? 100 : 2_000)).map { _ in
            SeenDatabase.user(random.next(below: setup.fixture.users))
        }
        let upserts = try RawUpserts(raw, names: names)
        var latency: [Double] = []
        var answered = 0
        setup.context.progress("durable steps: \(setup.rounds) rounds of \(setup.seconds) s")
        let result = try Interleaved.run(rounds: setup.rounds) { round in
            let run = try load(
                setup, script, port: setup.server.port, round: round, what: "durable steps")
            if round >= 0 {
                latency.append(run.p99Milliseconds)
                answered += run.requests
            }
            return run.requestsPerSecond
        } baseline: { _ in
            let elapsed = try Clock.measure { try upserts.run() }
            return Double(names.count) / (Double(elapsed) / 1e9)
        }
        let p99 = Summary(latency)
        return Measurement(
            .serve,
            "durable steps, DELETE/EXTRA: serve (\(setup.wrk.connections) connections) vs raw "
                + "C one at a time",
            metric: .requestsPerSecond, n: setup.fixture.users,
            ours: Summary(result.ours), baseline: Summary(result.baseline),
            note:
                "durable steps: POST /v1/users/U/walkthroughs/\(ServeFixture.walkthrough)/steps, "
                + "a page step with a new UUID each, on SQLite journal_mode=DELETE "
                + "synchronous=EXTRA (the store's); \(Format.count(answered)) answered 200, p99 "
                + "\(Format.milliseconds(p99.median)) (\(Format.value(p99.min))-"
                + "\(Format.value(p99.max))); raw C: BEGIN IMMEDIATE, the store's upsert, "
                + "COMMIT, \(Format.count(names.count)) per round on its own copy of the store, "
                + "same journal mode and level; target ≥ 5× raw C")
    }
}
