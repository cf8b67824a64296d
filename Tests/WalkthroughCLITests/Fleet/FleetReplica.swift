import Foundation
import Testing
import WalkthroughTestSupport

/// One machine of a fleet in the replica tests: a sandbox of its own (so a state folder and a
/// replica of its own) that reaches the test server through a ``FaultProxy`` the test
/// switches between forwarding and failing.
final class FleetMachine {
    let sandbox: Sandbox
    let proxy: FaultProxy
    /// The fleet store's URL through the proxy.
    let url: String

    /// A machine whose `walkthrough` reaches `serverURL` (of `server`) through a proxy.
    init(server: TestPostgres, url serverURL: String, user: String = "alice") throws {
        sandbox = try Sandbox(user: user)
        try sandbox.copyExample("foodpin.json")
        proxy = try FaultProxy(host: server.host, port: Int(server.port) ?? 5432)
        url = serverURL.replacingOccurrences(
            of: "@\(server.host):\(server.port)/", with: "@127.0.0.1:\(proxy.port)/")
    }

    /// Runs `walkthrough ARGUMENTS --db URL` with the replica on.
    func run(
        _ arguments: [String], input: String = "", extra: [String: String] = [:]
    ) throws -> ProgramResult {
        try ChildProcess.run(
            [walkthroughBinary] + arguments + ["--db", url], input: input,
            environment: sandbox.replicaEnvironment.merging(extra) { $1 },
            directory: sandbox.folder.path)
    }

    /// ``run(_:input:extra:)`` and how long it took, in milliseconds.
    func timed(
        _ arguments: [String], input: String = "", extra: [String: String] = [:]
    ) throws -> (result: ProgramResult, milliseconds: Double) {
        let start = ContinuousClock.now
        let result = try run(arguments, input: input, extra: extra)
        let elapsed = ContinuousClock.now - start
        return (
            result,
            Double(elapsed.components.seconds) * 1000
                + Double(elapsed.components.attoseconds) / 1e15
        )
    }

    /// The records this machine's replica holds, as `user walkthrough outcome version` lines.
    func replicaRecords() throws -> [String] {
        guard let file = try replicaFile() else { return [] }
        let export = try sandbox.execute(["export", "--db", file])
        return Self.lines(ofExport: export.standardOutput)
    }

    /// The replica's file in the state folder, once a command made it.
    func replicaFile() throws -> String? {
        let folder = sandbox.folder.path + "/home/.local/state/walkthrough/fleet"
        guard FileManager.default.fileExists(atPath: folder) else { return nil }
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter {
            $0.hasSuffix(".sqlite3")
        }
        return files.first.map { folder + "/" + $0 }
    }

    /// The rows of `sql` in the replica, read by the `sqlite3` program (read-only), each
    /// row's columns joined by a space.
    func replicaRows(_ sql: String) throws -> [String] {
        let file = try #require(try replicaFile(), "the replica exists")
        let result = try ChildProcess.run(
            ["sqlite3", "-readonly", "-separator", " ", file, sql],
            environment: ["PATH": "/usr/bin:/bin"])
        #expect(result.status == 0, "\(result.standardError)")
        return result.standardOutput.split(separator: "\n").map(String.init)
    }

    /// `export`'s JSON Lines as `user walkthrough outcome version` lines.
    static func lines(ofExport text: String) -> [String] {
        text.split(separator: "\n").compactMap { line in
            guard
                let object = try? JSONSerialization.jsonObject(with: Data(line.utf8))
                    as? [String: Any]
            else { return nil }
            return [
                object["user"] as? String ?? "", object["walkthrough"] as? String ?? "",
                object["outcome"] as? String ?? "", String(object["version"] as? Int ?? 0),
            ].joined(separator: " ")
        }
    }
}

/// The URL of a new login role of `adminURL`'s database given exactly what
/// `walkthrough db grant ROLE --apply` grants, after the administrator migrated the schema: the
/// everyday role the fleet suites also run as.
func grantedRoleURL(server: TestPostgres, adminURL: String) throws -> String {
    let setup = try Sandbox()
    let migrate = try setup.execute(["db", "migrate", "--db", adminURL])
    #expect(migrate.status == 0, "\(migrate.standardError)")
    let role = TestPostgres.uniqueName("g")
    try RawPostgres(adminURL).exec("CREATE ROLE \(role) LOGIN PASSWORD 'pw'")
    let grant = try setup.execute(["db", "grant", role, "--apply", "--db", adminURL])
    #expect(grant.status == 0, "\(grant.standardError)")
    let database = try #require(try RawPostgres.parse(adminURL)["dbname"])
    return server.url(database: database, user: role, password: "pw")
}

/// The server's records, as `user walkthrough outcome version` lines.
func serverRecords(_ url: String) throws -> [String] {
    try RawPostgres(url).rows(
        "SELECT user_name, walkthrough, outcome, version::text FROM walkthrough_seen "
            + "ORDER BY 1, 2"
    ).map { $0.map { $0 ?? "" }.joined(separator: " ") }
}
