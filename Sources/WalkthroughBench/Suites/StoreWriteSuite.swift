import CSQLite
import WalkthroughKit

/// `store-write`: `markSeen`, one durable transaction per call, against the raw C API doing the
/// same upsert (`BEGIN IMMEDIATE`, the store's own statement, `COMMIT`, all prepared once) with
/// the same journal mode and pragmas on both sides; and the cost of the rollback journal itself,
/// raw C against raw C, next to the WAL mode the round-1 store used; then durable writes on
/// PostgreSQL against raw libpq (`StoreWriteSuite+PostgreSQL.swift`).
///
/// Each side writes its own copy of the same database, updating the same random users.
enum StoreWriteSuite {
    /// One line of the suite: which journal mode and `synchronous` level each side runs.
    struct Setup {
        /// `synchronous` on both sides.
        var synchronous: SQLiteSeenStore.Synchronous
        /// The baseline's journal mode and level, when it differs from ours (the WAL line).
        var baseline: (journal: String, synchronous: String)?
        /// Whether our side is the raw C API too (the journal-mode lines) rather than the store.
        var rawOnBothSides = false
        /// Our side's rollback-journal mode: the store's `DELETE`, or on a raw C line one of
        /// the other two SQLite offers.
        var journal = "DELETE"
        /// Durable writes per round: a commit costs one to four `fsync`s.
        var operations: (quick: Int, full: Int)
    }

    static let setups: [Setup] = [
        // The store's default: rollback journal, synchronous=EXTRA.
        Setup(synchronous: .extra, operations: (30, 300)),
        Setup(synchronous: .full, operations: (30, 300)),
        Setup(synchronous: .normal, operations: (200, 2_000)),
        // What the rollback journal costs, C against C, against round 1's WAL/FULL: the
        // store's DELETE/EXTRA, and the two other modes that keep a commit through a power
        // loss, TRUNCATE/FULL and PERSIST/FULL (docs/store.md, "Why DELETE").
        Setup(
            synchronous: .extra, baseline: ("WAL", "FULL"), rawOnBothSides: true,
            operations: (30, 300)),
        Setup(
            synchronous: .full, baseline: ("WAL", "FULL"), rawOnBothSides: true,
            journal: "TRUNCATE", operations: (30, 300)),
        Setup(
            synchronous: .full, baseline: ("WAL", "FULL"), rawOnBothSides: true,
            journal: "PERSIST", operations: (30, 300)),
    ]

    static func run(_ context: BenchContext) throws -> [Measurement] {
        let sizes = context.quick ? [10_000, 1_000] : [1_000_000, 100_000, 1_000]
        // A durable commit's time varies with the disk (±5% between rounds here): more rounds.
        let rounds = context.quick ? 3 : 15
        var measurements: [Measurement] = []
        for setup in setups where context.measures(.sqlite) {
            // The journal-mode lines compare modes, not sizes: the smallest store is enough.
            let sizes =
                setup.rawOnBothSides && setup.journal != "DELETE" ? Array(sizes.suffix(1)) : sizes
            let operations = context.quick ? setup.operations.quick : setup.operations.full
            let level = setup.synchronous.rawValue.uppercased()
            for users in sizes {
                var random = SplitMix64(seed: 0x3717_E000 ^ UInt64(users))
                let names = (0..<operations).map { _ in
                    SeenDatabase.user(random.next(below: users))
                }
                let tag =
                    "\(users)-\(setup.synchronous.rawValue)-\(setup.journal)-"
                    + (setup.baseline?.journal ?? "")
                let oursPath = try context.copyOfDatabase(
                    users: users, as: "write-ours-\(tag).sqlite3")
                let rawPath = try context.copyOfDatabase(
                    users: users, as: "write-raw-\(tag).sqlite3")
                let ours: Side =
                    setup.rawOnBothSides
                    ? .raw(
                        try RawSQLite(
                            path: oursPath, synchronous: level, journalMode: setup.journal))
                    : .store(
                        try SQLiteSeenStore(
                            path: oursPath,
                            options: SQLiteSeenStore.Options(synchronous: setup.synchronous)))
                let raw = try RawSQLite(
                    path: rawPath, synchronous: setup.baseline?.synchronous ?? level,
                    journalMode: setup.baseline?.journal)
                let result = try writes(ours: ours, raw: raw, names: names, rounds: rounds)
                for path in [oursPath, rawPath] { BenchFolder.removeDatabase(path) }
                let label: String
                if let baseline = setup.baseline {
                    label =
                        "raw C upsert, journal_mode=\(setup.journal) synchronous=\(level) vs "
                        + "journal_mode=\(baseline.journal) synchronous=\(baseline.synchronous), "
                        + "\(Format.count(users)) users"
                } else {
                    label =
                        "markSeen, journal_mode=DELETE synchronous=\(level), "
                        + "\(Format.count(users)) users"
                }
                measurements.append(
                    Measurement(
                        .storeWrite, label, metric: .operationsPerSecond, n: users,
                        ours: Summary(result.ours), baseline: Summary(result.baseline)))
            }
        }
        guard context.measures(.postgresql) else { return measurements }
        return measurements + (try postgresLines(context)) + [try replicaLine(context)]
    }

    /// What writes on our side of a line.
    enum Side {
        case store(SQLiteSeenStore)
        case raw(RawSQLite)
    }

    /// Times `names.count` durable upserts per side and round; values in operations per second.
    static func writes(
        ours: Side, raw: RawSQLite, names: [String], rounds: Int
    ) throws -> Interleaved.Result {
        let baseline = try RawUpserts(raw, names: names)
        let oursRaw: RawUpserts?
        if case .raw(let connection) = ours {
            oursRaw = try RawUpserts(connection, names: names)
        } else {
            oursRaw = nil
        }
        let count = names.count
        return try Interleaved.run(rounds: rounds) { _ in
            let elapsed: UInt64
            switch ours {
            case .store(let store):
                elapsed = try Clock.measure {
                    for name in names {
                        try store.markSeen(
                            user: name, walkthrough: SeenDatabase.walkthrough, version: 1,
                            outcome: .completed)
                    }
                }
            case .raw:
                elapsed = try Clock.measure { try oursRaw!.run() }
            }
            return Double(count) / (Double(elapsed) / 1e9)
        } baseline: { _ in
            let elapsed = try Clock.measure { try baseline.run() }
            return Double(count) / (Double(elapsed) / 1e9)
        }
    }
}

/// The raw C side of a write line: `BEGIN IMMEDIATE`, the store's `markSeen` upsert and
/// `COMMIT`, prepared once, text bound with `SQLITE_STATIC`.
final class RawUpserts {
    private let raw: RawSQLite
    private let begin: OpaquePointer
    private let upsert: OpaquePointer
    private let commit: OpaquePointer
    private let names: CStrings
    private let count: Int
    private let texts = CStrings([SeenDatabase.walkthrough, "completed"])

    init(_ raw: RawSQLite, names: [String]) throws {
        self.raw = raw
        begin = try raw.prepare("BEGIN IMMEDIATE")
        upsert = try raw.prepare(SQLiteSeenStore.SQL.markSeen.sql)
        commit = try raw.prepare("COMMIT")
        self.names = CStrings(names)
        count = names.count
    }

    deinit {
        for statement in [begin, upsert, commit] { sqlite3_finalize(statement) }
    }

    /// One durable upsert per name.
    func run() throws {
        for index in 0..<count {
            try step(begin, "BEGIN")
            sqlite3_bind_text(upsert, 1, names.pointer(index), names.length(index), sqliteStatic)
            sqlite3_bind_text(upsert, 2, texts.pointer(0), texts.length(0), sqliteStatic)
            sqlite3_bind_int64(upsert, 3, 1)
            sqlite3_bind_text(upsert, 4, texts.pointer(1), texts.length(1), sqliteStatic)
            sqlite3_bind_int64(upsert, 5, Clock.millisecondsSince1970())
            try step(upsert, "upsert")
            try step(commit, "COMMIT")
        }
    }

    private func step(_ statement: OpaquePointer, _ name: String) throws {
        let code = sqlite3_step(statement)
        sqlite3_reset(statement)
        guard code == SQLITE_DONE else {
            throw BenchError("raw \(name) failed with code \(code): \(raw.message)")
        }
    }
}
