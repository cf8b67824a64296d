import CSQLite
import WalkthroughKit

/// `store-lookup`: `hasSeen` on a store of many users against the raw C API doing the same
/// query with a reused prepared statement on the same file, the floor for this work; then the
/// same on PostgreSQL against raw libpq (`StoreLookupSuite+PostgreSQL.swift`).
///
/// Both sides look up the same random users (all present), one read transaction per lookup, as
/// the store does.
enum StoreLookupSuite {
    /// The store's `hasSeen` query, word for word.
    static let hasSeenSQL = """
        SELECT 1 FROM seen
        WHERE user = ?1 AND walkthrough = ?2 AND version >= ?3 AND outcome <> 'inProgress'
        """

    static func run(_ context: BenchContext) throws -> [Measurement] {
        let sizes =
            !context.measures(.sqlite)
            ? [] : context.quick ? [10_000, 1_000] : [1_000_000, 100_000]
        let rounds = context.quick ? 5 : 11
        let operations = context.quick ? 2_000 : 20_000
        var measurements: [Measurement] = []
        for users in sizes {
            let path = try context.database(users: users)
            var random = SplitMix64(seed: 0x5EE0_0000 ^ UInt64(users))
            let names = (0..<operations).map { _ in SeenDatabase.user(random.next(below: users)) }
            let result = try lookups(path: path, names: names, rounds: rounds)
            measurements.append(
                Measurement(
                    .storeLookup, "hasSeen, \(Format.count(users)) users",
                    metric: .nanosecondsPerOperation,
                    n: users, ours: Summary(result.ours), baseline: Summary(result.baseline)))
        }
        guard context.measures(.postgresql) else { return measurements }
        return measurements + (try postgresLines(context))
    }

    /// Times `names.count` lookups per side and round; values in ns per lookup.
    static func lookups(
        path: String, names: [String], rounds: Int
    ) throws -> Interleaved.Result {
        let store = try SQLiteSeenStore(path: path)
        let raw = try RawSQLite(path: path)
        let statement = try raw.prepare(hasSeenSQL)
        defer { sqlite3_finalize(statement) }
        let cNames = CStrings(names)
        let walkthrough = CStrings([SeenDatabase.walkthrough])
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
            return Double(elapsed) / Double(count)
        } baseline: { _ in
            var hits = 0
            var failure: Int32 = SQLITE_OK
            let elapsed = Clock.measure {
                for index in 0..<count {
                    sqlite3_bind_text(
                        statement, 1, cNames.pointer(index), cNames.length(index), sqliteStatic)
                    sqlite3_bind_text(
                        statement, 2, walkthrough.pointer(0), walkthrough.length(0), sqliteStatic)
                    sqlite3_bind_int64(statement, 3, 1)
                    let code = sqlite3_step(statement)
                    if code == SQLITE_ROW {
                        hits += 1
                    } else if code != SQLITE_DONE {
                        failure = code
                    }
                    sqlite3_reset(statement)
                }
            }
            guard failure == SQLITE_OK, hits == count else {
                throw BenchError("raw lookup found \(hits) of \(count) users (code \(failure))")
            }
            return Double(elapsed) / Double(count)
        }
    }
}
