@preconcurrency import Glibc
import WalkthroughKit

/// The replica's lines of `gate`: `walkthrough seen --db postgresql://…` answered from the
/// local replica (the users' records refreshed once before measuring) against the local gate,
/// `walkthrough seen --db FILE` on the replica's own file (a plain SQLite store); and
/// `walkthrough due` against a server that accepts connections and never answers (a socket
/// listening on 127.0.0.1 that nobody accepts from), against the same `due` on a local file:
/// the first launch pays the network budget, the launches after it (the replica remembers the
/// failed contact) nothing.
extension GateSuite {
    static func replicaLines(_ context: BenchContext, _ setup: Setup) throws -> [Measurement] {
        let users = context.quick ? 1_000 : 10_000
        let rounds = context.quick ? 5 : 31
        let label = "PostgreSQL through the replica, whole process"
        let silentLabel = "a server that never answers: walkthrough due, whole process"
        let downLabel = "a server that never answers: the launches after the first"
        func unavailable(_ reason: String) -> [Measurement] {
            [
                Measurement(.gate, label, metric: .milliseconds, n: users, unavailable: reason),
                Measurement(
                    .gate, silentLabel, metric: .milliseconds, n: 1, unavailable: reason),
                Measurement(.gate, downLabel, metric: .milliseconds, n: 1, unavailable: reason),
            ]
        }
        if let reason = setup.unavailable { return unavailable(reason) }
        let server: BenchPostgres
        switch context.postgres() {
        case .success(let found): server = found
        case .failure(let reason): return unavailable(reason.description)
        }
        let url = server.url(schema: try server.store(users: users, progress: context.progress))
        let replica = context.folder.file("gate-replica.sqlite3")
        var environment = setup.environment
        environment["WALKTHROUGH_REPLICA"] = replica

        func ours(_ user: String) -> Spawn {
            Spawn(
                executable: setup.binary,
                arguments: ["seen", SeenDatabase.walkthrough, "--user", user, "--db", url, "-q"],
                environment: environment)
        }
        func baseline(_ user: String) -> Spawn {
            Spawn(
                executable: setup.binary,
                arguments: [
                    "seen", SeenDatabase.walkthrough, "--user", user, "--db", replica, "-q",
                ],
                environment: environment)
        }
        // Each measured user's records are refreshed once: the launches then read locally.
        let pool = (0..<rounds).map { SeenDatabase.user($0 * (users / rounds)) }
        for user in pool {
            let warm = try ours(user).run(capture: true)
            guard warm.status == 0 else {
                return unavailable(
                    "walkthrough seen through the replica exited with \(warm.status): "
                        + (warm.standardError.split(separator: "\n").first.map(String.init) ?? ""))
            }
        }
        var index = 0
        let wall = try Interleaved.run(rounds: rounds) { _ in
            index = (index + 1) % pool.count
            let outcome = try ours(pool[index]).run()
            guard outcome.status == 0 else {
                throw BenchError("walkthrough seen through the replica exited \(outcome.status)")
            }
            return Double(outcome.wallNanoseconds) / 1e6
        } baseline: { _ in
            let outcome = try baseline(pool[index]).run()
            guard outcome.status == 0 else {
                throw BenchError("walkthrough seen on the replica's file exited \(outcome.status)")
            }
            return Double(outcome.wallNanoseconds) / 1e6
        }
        return [
            Measurement(
                .gate, label, metric: .milliseconds, n: users, ours: Summary(wall.ours),
                baseline: Summary(wall.baseline),
                note: "\(setup.binary) seen --db postgresql://… (replica fresh) vs the local "
                    + "gate, seen --db on the replica's file; target ≤ 1.3×; "
                    + server.describe())
        ]
            + (try silentServerLines(
                context, setup, labels: (silentLabel, downLabel), rounds: rounds))
    }

    /// `due` for a user the replica has no record of, through a server that never answers,
    /// against `due` on a local SQLite file. The first launch (a new replica each round):
    /// ours − baseline is the budget (300 ms) spent. The launches after it (one replica, which
    /// remembers the failed contact): ours − baseline is what the replica adds, target ≤ 1 ms.
    private static func silentServerLines(
        _ context: BenchContext, _ setup: Setup, labels: (first: String, later: String),
        rounds: Int
    ) throws -> [Measurement] {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard listener >= 0 else { throw BenchError("socket failed") }
        defer { close(listener) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, length) == 0 && getsockname(listener, $0, &length) == 0
            }
        }
        guard bound, listen(listener, 128) == 0 else { throw BenchError("listen failed") }
        let port = UInt16(bigEndian: address.sin_port)
        let url = "postgresql://walkthrough@127.0.0.1:\(port)/fleet"
        let file = context.folder.file("gate-silent-local.sqlite3")
        let firstReplica = context.folder.file("gate-silent-first.sqlite3")
        let laterReplica = context.folder.file("gate-silent-later.sqlite3")
        func due(_ database: String, replica: String) -> Spawn {
            var environment = setup.environment
            environment["WALKTHROUGH_REPLICA"] = replica
            return Spawn(
                executable: setup.binary,
                arguments: [
                    "due", SeenDatabase.walkthrough, "--user", "nobody", "--db", database, "-q",
                ],
                environment: environment)
        }
        let first = try Interleaved.run(rounds: rounds) { _ in
            // A new replica: nothing remembered, so this launch asks the server.
            for suffix in ["", "-journal"] { unlink(firstReplica + suffix) }
            return Double(try due(url, replica: firstReplica).run().wallNanoseconds) / 1e6
        } baseline: { _ in
            Double(try due(file, replica: firstReplica).run().wallNanoseconds) / 1e6
        }
        // The first launch of the later line's replica, not measured: it spends the budget
        // and remembers the failed contact.
        _ = try due(url, replica: laterReplica).run()
        let later = try Interleaved.run(rounds: rounds) { _ in
            Double(try due(url, replica: laterReplica).run().wallNanoseconds) / 1e6
        } baseline: { _ in
            Double(try due(file, replica: laterReplica).run().wallNanoseconds) / 1e6
        }
        return [
            Measurement(
                .gate, labels.first, metric: .milliseconds, n: 1, ours: Summary(first.ours),
                baseline: Summary(first.baseline),
                note: "the first due through a server that accepts and never answers vs due on "
                    + "a local file: the difference is the budget (WALKTHROUGH_NETWORK_BUDGET, "
                    + "300 ms); target ≤ budget + 20 ms"),
            Measurement(
                .gate, labels.later, metric: .milliseconds, n: 1, ours: Summary(later.ours),
                baseline: Summary(later.baseline),
                note: "due through the same server after a first launch failed to reach it (the "
                    + "replica backs off) vs due on a local file; target ≤ local + 1 ms"),
        ]
    }
}
