import WalkthroughFleet
import WalkthroughKit

/// The replica's line of `store-write`: `markSeen` through a fleet replica (the local commit
/// with its outbox entry in one transaction; the server unreachable, so nothing waits on the
/// network) against `SQLiteSeenStore.markSeen` on a copy of the same database.
extension StoreWriteSuite {
    static func replicaLine(_ context: BenchContext) throws -> Measurement {
        let users = context.quick ? 1_000 : 100_000
        let operations = context.quick ? 30 : 300
        let rounds = context.quick ? 3 : 15
        var random = SplitMix64(seed: 0x4E71_CA00)
        let names = (0..<operations).map { _ in SeenDatabase.user(random.next(below: users)) }
        let replicaPath = try context.copyOfDatabase(users: users, as: "write-replica.sqlite3")
        let localPath = try context.copyOfDatabase(users: users, as: "write-local.sqlite3")
        defer { for path in [replicaPath, localPath] { BenchFolder.removeDatabase(path) } }
        // A port nothing listens on, and no budget: every push gives up at once.
        let url = "postgresql://walkthrough@127.0.0.1:1/fleet"
        let environment = [
            "WALKTHROUGH_REPLICA": replicaPath, "WALKTHROUGH_NETWORK_BUDGET": "0",
            "PGPASSFILE": "/dev/null",
        ]
        let replica = try ReplicaSeenStore(
            url: url, settings: try ReplicaSettings(url: url, environment: environment),
            options: StoreOpenOptions(), environment: environment)
        let local = try SQLiteSeenStore(path: localPath)
        func run(_ store: any SeenStore) throws -> Double {
            let elapsed = try Clock.measure {
                for name in names {
                    try store.markSeen(
                        user: name, walkthrough: SeenDatabase.walkthrough, version: 1,
                        outcome: .completed)
                }
            }
            return Double(operations) / (Double(elapsed) / 1e9)
        }
        let result = try Interleaved.run(rounds: rounds) { _ in
            try run(replica)
        } baseline: {
            _ in
            try run(local)
        }
        return Measurement(
            .storeWrite,
            "replica markSeen (local commit + outbox), \(Format.count(users)) users",
            metric: .operationsPerSecond, n: users, ours: Summary(result.ours),
            baseline: Summary(result.baseline),
            note: "ReplicaSeenStore.markSeen vs SQLiteSeenStore.markSeen; target ≥ 0.9×")
    }
}
