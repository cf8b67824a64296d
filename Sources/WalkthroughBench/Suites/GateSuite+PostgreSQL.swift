import WalkthroughKit

/// The PostgreSQL lines of `gate`: the whole process `walkthrough seen ID --user U --db
/// postgresql://… -q` against `psql -X -tAc "SELECT …" postgresql://…` running the store's
/// `hasSeen` query with the values written in, as a shell script would; same server, same
/// table, same users, interleaved. Both connect over TCP with SCRAM authentication, which is
/// most of either side's time; `walkthrough seen` also checks the schema and prepares its
/// statements (a few more round trips).
extension GateSuite {
    static func postgresLines(_ context: BenchContext, _ setup: Setup) throws -> [Measurement] {
        let users = context.quick ? 1_000 : 1_000_000
        let rounds = context.quick ? 3 : 31
        let label = "PostgreSQL walkthrough seen --db postgresql://, whole process"
        func unavailable(_ reason: String) -> [Measurement] {
            [Measurement(.gate, label, metric: .milliseconds, n: users, unavailable: reason)]
        }
        if let reason = setup.unavailable { return unavailable(reason) }
        let server: BenchPostgres
        switch context.postgres() {
        case .success(let found): server = found
        case .failure(let reason): return unavailable(reason.description)
        }
        guard let psql = server.psql(environment: context.environment) else {
            return unavailable(
                "the psql command is not installed (apt-get install postgresql-client)")
        }
        let url = server.url(schema: try server.store(users: users, progress: context.progress))
        let binary = setup.binary
        // Round 2's direct line: every launch asks the server.
        var environment = setup.environment
        environment["WALKTHROUGH_REPLICA"] = "off"

        func ours(_ user: String) -> Spawn {
            Spawn(
                executable: binary,
                arguments: ["seen", SeenDatabase.walkthrough, "--user", user, "--db", url, "-q"],
                environment: environment)
        }
        func baseline(_ user: String) -> Spawn {
            let query =
                "SELECT 1 FROM walkthrough_seen WHERE user_name = '\(user)' AND walkthrough = "
                + "'\(SeenDatabase.walkthrough)' AND version >= 1 AND outcome <> 'inProgress'"
            return Spawn(
                executable: psql, arguments: ["-X", "-q", "-t", "-A", "-c", query, url],
                environment: environment)
        }

        // The contract first, as for SQLite; then psql's answer.
        let seen = try ours(SeenDatabase.user(0)).run(capture: true)
        let notSeen = try ours("nobody-\(users)").run(capture: true)
        guard seen.status == 0, notSeen.status == 1, seen.standardOutput.isEmpty else {
            let failed = seen.status == 0 ? notSeen : seen
            let message = failed.standardError.split(separator: "\n").first.map(String.init) ?? ""
            return unavailable(
                "\(binary) seen --db postgresql://… exited with \(seen.status) for a seen user "
                    + "and \(notSeen.status) for an unseen one, expected 0 and 1"
                    + (message.isEmpty ? "" : " (\(message))"))
        }
        let check = try baseline(SeenDatabase.user(0)).run(capture: true)
        guard check.status == 0, check.standardOutput == "1\n" else {
            let message = check.standardError.split(separator: "\n").first.map(String.init) ?? ""
            return unavailable("psql answered \(check.status) \(check.standardOutput) \(message)")
        }

        var random = SplitMix64(seed: 0x9057_6A7E)
        var user = ""
        let wall = try Interleaved.run(rounds: rounds) { _ in
            user = SeenDatabase.user(random.next(below: users))
            let outcome = try ours(user).run()
            guard outcome.status == 0 else {
                throw BenchError(
                    "walkthrough seen --db postgresql://… exited with \(outcome.status) for \(user)"
                )
            }
            return Double(outcome.wallNanoseconds) / 1e6
        } baseline: { _ in
            let outcome = try baseline(user).run()
            guard outcome.status == 0 else {
                throw BenchError("psql exited with \(outcome.status)")
            }
            return Double(outcome.wallNanoseconds) / 1e6
        }
        return [
            Measurement(
                .gate, label, metric: .milliseconds, n: users, ours: Summary(wall.ours),
                baseline: Summary(wall.baseline),
                note: "PostgreSQL gate: \(binary) vs \(psql); \(server.describe())"),
            try peakMemory(
                ours: ours(SeenDatabase.user(1)), baseline: baseline(SeenDatabase.user(1)),
                rounds: context.quick ? 2 : 5, users: users, context: context,
                label: "PostgreSQL peak RSS (ru_maxrss, via GNU time)"),
        ]
    }
}
