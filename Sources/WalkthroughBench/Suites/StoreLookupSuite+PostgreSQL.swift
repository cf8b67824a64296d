import CLibPQ
import WalkthroughFleet
import WalkthroughKit

/// The PostgreSQL lines of `store-lookup`: `PostgresSeenStore.hasSeen` against raw libpq
/// running the store's own prepared statement (`PQexecPrepared`) on the same server, the same
/// table and the same random users, interleaved. Both sides pay the same round trip to the
/// server; the ratio is what the store adds to it (the lock, the copies of the values, the
/// result's checks).
extension StoreLookupSuite {
    static func postgresLines(_ context: BenchContext) throws -> [Measurement] {
        let sizes = context.quick ? [1_000] : [1_000_000, 100_000]
        let rounds = context.quick ? 3 : 11
        let operations = context.quick ? 300 : 10_000
        let server: BenchPostgres
        switch context.postgres() {
        case .success(let found): server = found
        case .failure(let reason):
            return sizes.map { users in
                Measurement(
                    .storeLookup, postgresLabel(users), metric: .microsecondsPerOperation,
                    n: users, unavailable: reason.description)
            }
        }
        var measurements: [Measurement] = []
        for users in sizes {
            let schema = try server.store(users: users, progress: context.progress)
            var random = SplitMix64(seed: 0x9057_0000 ^ UInt64(users))
            let names = (0..<operations).map { _ in SeenDatabase.user(random.next(below: users)) }
            let result = try postgresLookups(
                url: server.url(schema: schema), names: names, rounds: rounds)
            var measurement = Measurement(
                .storeLookup, postgresLabel(users), metric: .microsecondsPerOperation, n: users,
                ours: Summary(result.ours), baseline: Summary(result.baseline))
            if measurements.isEmpty {
                measurement.note =
                    "PostgreSQL lines: PostgresSeenStore vs raw libpq (PQexecPrepared of the "
                    + "store's statement, one connection each); \(server.describe())"
            }
            measurements.append(measurement)
        }
        measurements.append(try scaleLine(context, server: server, rounds: rounds))
        return measurements
    }

    /// The store's lookup on a table of 10M users against one of 100k (10k against 1k with
    /// `--quick`): what the table's size costs a lookup (the index's depth, what of it stays
    /// cached). Target ≤ 1.2×. Both sides run the store's own statement, prepared once per
    /// table, on one connection: two connections' round trips differ by up to 5× with where
    /// the scheduler puts their server processes (18 against 85–120 µs here, flipping from run
    /// to run), which would swamp what the table's size does.
    private static func scaleLine(
        _ context: BenchContext, server: BenchPostgres, rounds: Int
    ) throws -> Measurement {
        let (large, small) = context.quick ? (10_000, 1_000) : (10_000_000, 100_000)
        let operations = context.quick ? 300 : 10_000
        let label =
            "PostgreSQL lookup, \(Format.count(large)) users vs \(Format.count(small)) users"
        let raw = try RawLibPQ(url: server.url)
        let statement = PostgresSeenStore.SQL.hasSeen
        let table = "FROM walkthrough_seen "
        guard statement.sql.contains(table) else {
            throw BenchError("the store's lookup no longer reads \(table): \(statement.sql)")
        }
        func side(users: Int) throws -> (name: String, users: CStrings) {
            let schema = try server.store(users: users, progress: context.progress)
            let name = "bench_scale_\(users)"
            try raw.prepare(
                name: name,
                sql: statement.sql.replacing(table, with: "FROM \(schema).walkthrough_seen "),
                types: [RawLibPQ.text, RawLibPQ.text, RawLibPQ.int8])
            var random = SplitMix64(seed: 0x5CA1_0000 ^ UInt64(users))
            return (
                name,
                CStrings((0..<operations).map { _ in SeenDatabase.user(random.next(below: users)) })
            )
        }
        let ours = try side(users: large)
        let baseline = try side(users: small)
        func time(_ side: (name: String, users: CStrings)) throws -> Double {
            try rawLookups(raw, statement: side.name, users: side.users, count: operations)
        }
        let result = try Interleaved.run(rounds: rounds) { _ in
            try time(ours)
        } baseline: { _ in
            try time(baseline)
        }
        var measurement = Measurement(
            .storeLookup, label, metric: .microsecondsPerOperation, n: large,
            ours: Summary(result.ours), baseline: Summary(result.baseline))
        measurement.note =
            "\(label): the store's statement (\(statement.name)) on each table, one connection, "
            + "random users; target ≤ 1.2×"
        return measurement
    }

    private static func postgresLabel(_ users: Int) -> String {
        "PostgreSQL hasSeen, \(Format.count(users)) users"
    }

    /// Times `names.count` lookups per side and round; values in µs per lookup.
    static func postgresLookups(
        url: String, names: [String], rounds: Int
    ) throws -> Interleaved.Result {
        let store: PostgresSeenStore
        do {
            store = try PostgresSeenStore(url: url)
        } catch {
            throw BenchError("cannot open the PostgreSQL store: \(error)")
        }
        let raw = try RawLibPQ(url: url)
        let statement = PostgresSeenStore.SQL.hasSeen
        try raw.prepare(
            name: statement.name, sql: statement.sql,
            types: [RawLibPQ.text, RawLibPQ.text, RawLibPQ.int8])
        let cNames = CStrings(names)
        let count = names.count
        return try Interleaved.run(rounds: rounds) { _ in
            var hits = 0
            let elapsed = try Clock.measure {
                for name in names
                where try store.hasSeen(
                    user: name, walkthrough: SeenDatabase.walkthrough, version: 1)
                {
                    hits += 1
                }
            }
            guard hits == count else { throw BenchError("hasSeen found \(hits) of \(count) users") }
            return Double(elapsed) / Double(count) / 1e3
        } baseline: { _ in
            try rawLookups(raw, statement: statement.name, users: cNames, count: count)
        }
    }

    /// Runs the prepared lookup `statement` on `raw` for each of the first `count` of `users`
    /// (walkthrough and version as ``SeenDatabase`` writes them); µs per lookup. Every user must
    /// be found.
    static func rawLookups(
        _ raw: RawLibPQ, statement: String, users: CStrings, count: Int
    ) throws -> Double {
        let constants = CStrings([SeenDatabase.walkthrough, "1"])
        var hits = 0
        var failure: String?
        // `constants` is kept alive to the end: `values` holds pointers into it.
        let elapsed = withExtendedLifetime(constants) {
            var values: [UnsafePointer<CChar>?] = [nil, constants.pointer(0), constants.pointer(1)]
            return Clock.measure {
                for index in 0..<count {
                    values[0] = users.pointer(index)
                    let result = PQexecPrepared(raw.handle, statement, 3, values, nil, nil, 0)
                    if PQresultStatus(result) == PGRES_TUPLES_OK {
                        if PQntuples(result) == 1 { hits += 1 }
                    } else if failure == nil {
                        failure = raw.message
                    }
                    PQclear(result)
                }
            }
        }
        guard failure == nil, hits == count else {
            throw BenchError(
                "raw libpq lookup found \(hits) of \(count) users\(failure.map { ": \($0)" } ?? "")"
            )
        }
        return Double(elapsed) / Double(count) / 1e3
    }
}
