import CSQLite
import WalkthroughKit

/// `store-write`: `markSeen`, one durable transaction per call, against the raw C API doing the
/// same upsert (`BEGIN IMMEDIATE`, the store's statement, `COMMIT`, all prepared once) with the
/// same pragmas, at `synchronous=FULL` (the store's default) and `NORMAL`.
///
/// Each side writes its own copy of the same database, updating the same random users.
enum StoreWriteSuite {
    /// The store's `markSeen` upsert, word for word.
    static let markSeenSQL = """
        INSERT INTO seen (user, walkthrough, version, outcome, last_page, updated_at)
        VALUES (?1, ?2, ?3, ?4, 0, ?5)
        ON CONFLICT (user, walkthrough) DO UPDATE SET
            version = excluded.version, outcome = excluded.outcome,
            updated_at = excluded.updated_at
        WHERE NOT (seen.outcome <> 'inProgress' AND seen.version > excluded.version)
        """

    static func run(_ context: BenchContext) throws -> [Measurement] {
        let sizes = context.quick ? [10_000, 1_000] : [1_000_000, 100_000, 1_000]
        // A durable commit's time varies with the disk (±5% between rounds here): more rounds.
        let rounds = context.quick ? 3 : 15
        var measurements: [Measurement] = []
        for synchronous in [SQLiteSeenStore.Synchronous.full, .normal] {
            let operations: Int
            switch synchronous {
            case .full: operations = context.quick ? 30 : 300
            case .normal: operations = context.quick ? 200 : 2_000
            }
            for users in sizes {
                var random = SplitMix64(seed: 0x3717_E000 ^ UInt64(users))
                let names = (0..<operations).map { _ in
                    SeenDatabase.user(random.next(below: users))
                }
                let tag = "\(users)-\(synchronous.rawValue)"
                let oursPath = try context.copyOfDatabase(
                    users: users, as: "write-ours-\(tag).sqlite3")
                let rawPath = try context.copyOfDatabase(
                    users: users, as: "write-raw-\(tag).sqlite3")
                let result = try writes(
                    oursPath: oursPath, rawPath: rawPath, synchronous: synchronous, names: names,
                    rounds: rounds)
                for path in [oursPath, rawPath] { BenchFolder.removeDatabase(path) }
                measurements.append(
                    Measurement(
                        .storeWrite,
                        "markSeen, synchronous=\(synchronous.rawValue.uppercased()), "
                            + "\(Format.count(users)) users",
                        metric: .operationsPerSecond, n: users, ours: Summary(result.ours),
                        baseline: Summary(result.baseline)))
            }
        }
        return measurements
    }

    /// Times `names.count` durable upserts per side and round; values in operations per second.
    static func writes(
        oursPath: String, rawPath: String, synchronous: SQLiteSeenStore.Synchronous,
        names: [String], rounds: Int
    ) throws -> Interleaved.Result {
        let store = try SQLiteSeenStore(
            path: oursPath, options: SQLiteSeenStore.Options(synchronous: synchronous))
        let raw = try RawSQLite(path: rawPath, synchronous: synchronous.rawValue.uppercased())
        let begin = try raw.prepare("BEGIN IMMEDIATE")
        let upsert = try raw.prepare(markSeenSQL)
        let commit = try raw.prepare("COMMIT")
        defer {
            for statement in [begin, upsert, commit] { sqlite3_finalize(statement) }
        }
        let cNames = CStrings(names)
        let texts = CStrings([SeenDatabase.walkthrough, "completed"])
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
            var failure: (Int32, String)?
            let elapsed = Clock.measure {
                for index in 0..<count {
                    var code = sqlite3_step(begin)
                    sqlite3_reset(begin)
                    guard code == SQLITE_DONE else {
                        failure = (code, "BEGIN")
                        break
                    }
                    sqlite3_bind_text(
                        upsert, 1, cNames.pointer(index), cNames.length(index), sqliteStatic)
                    sqlite3_bind_text(upsert, 2, texts.pointer(0), texts.length(0), sqliteStatic)
                    sqlite3_bind_int64(upsert, 3, 1)
                    sqlite3_bind_text(upsert, 4, texts.pointer(1), texts.length(1), sqliteStatic)
                    sqlite3_bind_int64(upsert, 5, Clock.millisecondsSince1970())
                    code = sqlite3_step(upsert)
                    sqlite3_reset(upsert)
                    guard code == SQLITE_DONE else {
                        failure = (code, "upsert")
                        break
                    }
                    code = sqlite3_step(commit)
                    sqlite3_reset(commit)
                    guard code == SQLITE_DONE else {
                        failure = (code, "COMMIT")
                        break
                    }
                }
            }
            if let failure {
                throw BenchError("raw \(failure.1) failed with code \(failure.0): \(raw.message)")
            }
            return Double(count) / (Double(elapsed) / 1e9)
        }
    }
}
