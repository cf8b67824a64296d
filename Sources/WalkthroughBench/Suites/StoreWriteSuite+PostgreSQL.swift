import CLibPQ
import WalkthroughFleet
import WalkthroughKit

/// The PostgreSQL lines of `store-write`: durable `PostgresSeenStore.markSeen` (one statement,
/// committed when it returns) against raw libpq running the store's own prepared upsert
/// (`PQexecPrepared`, autocommit) on the same server, each side on its own copy of the table,
/// updating the same random users, interleaved. A started server runs with `fsync=on` and
/// `synchronous_commit=on`, so every commit waits for its WAL flush on both sides.
extension StoreWriteSuite {
    static func postgresLines(_ context: BenchContext) throws -> [Measurement] {
        let sizes = context.quick ? [1_000] : [1_000_000, 1_000]
        let rounds = context.quick ? 3 : 15
        let operations = context.quick ? 30 : 300
        let server: BenchPostgres
        switch context.postgres() {
        case .success(let found): server = found
        case .failure(let reason):
            return sizes.map { users in
                Measurement(
                    .storeWrite, postgresLabel(users), metric: .operationsPerSecond, n: users,
                    unavailable: reason.description)
            }
        }
        var measurements: [Measurement] = []
        for users in sizes {
            var random = SplitMix64(seed: 0x9057_E000 ^ UInt64(users))
            let names = (0..<operations).map { _ in SeenDatabase.user(random.next(below: users)) }
            let ours = try server.copyOfStore(
                users: users, as: "write_ours_\(users)", progress: context.progress)
            let raw = try server.copyOfStore(
                users: users, as: "write_raw_\(users)", progress: context.progress)
            let result = try postgresWrites(
                oursURL: server.url(schema: ours), rawURL: server.url(schema: raw), names: names,
                rounds: rounds)
            var measurement = Measurement(
                .storeWrite, postgresLabel(users), metric: .operationsPerSecond, n: users,
                ours: Summary(result.ours), baseline: Summary(result.baseline))
            if measurements.isEmpty {
                measurement.note =
                    "PostgreSQL lines: PostgresSeenStore.markSeen vs raw libpq (PQexecPrepared "
                    + "of the store's upsert, autocommit); \(server.describe())"
            }
            measurements.append(measurement)
        }
        return measurements
    }

    private static func postgresLabel(_ users: Int) -> String {
        "PostgreSQL markSeen, synchronous_commit=on, \(Format.count(users)) users"
    }

    /// Times `names.count` durable upserts per side and round; values in operations per second.
    static func postgresWrites(
        oursURL: String, rawURL: String, names: [String], rounds: Int
    ) throws -> Interleaved.Result {
        let store: PostgresSeenStore
        do {
            store = try PostgresSeenStore(url: oursURL)
        } catch {
            throw BenchError("cannot open the PostgreSQL store: \(error)")
        }
        let raw = try RawLibPQ(url: rawURL)
        let statement = PostgresSeenStore.SQL.markSeen
        try raw.prepare(
            name: statement.name, sql: statement.sql,
            types: [RawLibPQ.text, RawLibPQ.text, RawLibPQ.int8, RawLibPQ.text, RawLibPQ.int8])
        let cNames = CStrings(names)
        let constants = CStrings([SeenDatabase.walkthrough, "1", "completed"])
        let count = names.count
        return try Interleaved.run(rounds: rounds) { _ in
            let elapsed = try Clock.measure {
                for name in names {
                    try store.markSeen(
                        user: name, walkthrough: SeenDatabase.walkthrough, version: 1,
                        outcome: .completed)
                }
            }
            return Double(count) / (Double(elapsed) / 1e9)
        } baseline: { _ in
            var failure: String?
            let elapsed = Clock.measure {
                for index in 0..<count {
                    // The stamp as the store makes it: milliseconds since 1970, as text.
                    String(Clock.millisecondsSince1970()).withCString { stamp in
                        let values: [UnsafePointer<CChar>?] = [
                            cNames.pointer(index), constants.pointer(0), constants.pointer(1),
                            constants.pointer(2), stamp,
                        ]
                        let result = PQexecPrepared(
                            raw.handle, statement.name, 5, values, nil, nil, 0)
                        if PQresultStatus(result) != PGRES_COMMAND_OK, failure == nil {
                            failure = raw.message
                        }
                        PQclear(result)
                    }
                }
            }
            if let failure { throw BenchError("raw libpq upsert failed: \(failure)") }
            return Double(count) / (Double(elapsed) / 1e9)
        }
    }
}
