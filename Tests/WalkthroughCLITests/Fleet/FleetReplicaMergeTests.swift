import Foundation
import Testing
import WalkthroughTestSupport

/// Two machines (two state folders, so two replicas) that wrote the same user's record while
/// apart, resets as tombstones, pushes cut at every byte count, a writer killed between its
/// local commit and its push, and row security through replicas.
@Suite(.enabled(if: TestPostgres.unavailableReason == nil, "no PostgreSQL server for the tests"))
struct FleetReplicaMergeTests {
    /// How a machine leaves the record while apart.
    enum Write: String, CaseIterable, Sendable {
        case completed, skipped, inProgress

        var rank: Int { [Write.completed: 3, .skipped: 2, .inProgress: 1][self]! }

        func perform(on machine: FleetMachine) throws {
            let result: ProgramResult
            switch self {
            case .completed: result = try machine.run(["mark", "foodpin"])
            case .skipped: result = try machine.run(["mark", "foodpin", "--skipped"])
            case .inProgress:
                result = try machine.run(["play", "foodpin", "--plain"], input: "n\nq\n")
            }
            #expect(result.status == 0, "\(self): \(result.standardError)")
        }
    }

    static let cases: [(Write, Write, Bool)] = Write.allCases.flatMap { first in
        Write.allCases.flatMap { second in [(first, second, true), (first, second, false)] }
    }

    /// A writes, then B, both offline; they sync in either order (and the first again, to
    /// refresh): the server and both replicas hold the import rule's winner (the stronger
    /// outcome; at equal outcomes the later write, B's). As the tables' owner, and as an
    /// everyday role with exactly `db grant`'s grants.
    @Test(arguments: 0..<cases.count, [false, true])
    func twoMachinesApartEndWithTheMergeRulesRecord(index: Int, granted: Bool) throws {
        let (first, second, firstSyncsFirst) = Self.cases[index]
        let server = try TestPostgres.shared()
        let serverURL = try server.freshDatabaseURL()
        let url = granted ? try grantedRoleURL(server: server, adminURL: serverURL) : serverURL
        let a = try FleetMachine(server: server, url: url)
        let b = try FleetMachine(server: server, url: url)
        #expect(try a.run(["db", "migrate"]).status == 0)
        a.proxy.mode = .refuse
        b.proxy.mode = .refuse
        try first.perform(on: a)
        try second.perform(on: b)
        a.proxy.mode = .forward
        b.proxy.mode = .forward
        let order = firstSyncsFirst ? [a, b, a] : [b, a, b]
        for machine in order {
            let sync = try machine.run(["sync"])
            #expect(sync.status == 0, "\(sync.standardError)")
        }
        let winner = second.rank >= first.rank ? second : first
        let expected = ["alice foodpin \(winner.rawValue) 1"]
        #expect(try serverRecords(serverURL) == expected, "\(first) then \(second)")
        #expect(try a.replicaRecords() == expected, "\(first) then \(second)")
        #expect(try b.replicaRecords() == expected, "\(first) then \(second)")
    }

    /// A reset on one machine reaches the other at its next refresh (as the owner, and as a
    /// role with exactly `db grant`'s grants).
    @Test(arguments: [false, true])
    func aResetReachesAnotherMachineAtItsNextRefresh(granted: Bool) throws {
        let server = try TestPostgres.shared()
        let serverURL = try server.freshDatabaseURL()
        let url = granted ? try grantedRoleURL(server: server, adminURL: serverURL) : serverURL
        let a = try FleetMachine(server: server, url: url)
        let b = try FleetMachine(server: server, url: url)
        // What is tested is the refresh, not the budget: a loaded test server (the first
        // write makes the schema) must not send A's writes to its outbox, or make B answer
        // from its replica before its first refresh.
        let patient = ["WALKTHROUGH_NETWORK_BUDGET": "10000"]
        #expect(try a.run(["mark", "foodpin"], extra: patient).status == 0)
        #expect(try b.run(["seen", "foodpin", "-q"], extra: patient).status == 0)
        #expect(try a.run(["reset", "--user", "alice", "foodpin"], extra: patient).status == 0)
        // Within the interval B answers from its replica; at its next refresh it knows.
        #expect(try b.run(["seen", "foodpin", "-q"], extra: patient).status == 0)
        let refreshed = try b.run(
            ["seen", "foodpin", "-q"],
            extra: patient.merging(["WALKTHROUGH_SYNC_INTERVAL": "0"]) { $1 })
        #expect(refreshed.status == 1)
        #expect(try b.replicaRecords().isEmpty)
        #expect(try serverRecords(serverURL).isEmpty)
    }

    /// A write stamped before a reset, arriving after it, loses; one stamped after it wins (as
    /// the owner, and as a role with exactly `db grant`'s grants).
    @Test(arguments: [false, true], [false, true])
    func aResetAgainstWritesStampedBeforeAndAfterIt(writeAfterReset: Bool, granted: Bool) throws {
        let server = try TestPostgres.shared()
        let serverURL = try server.freshDatabaseURL()
        let url = granted ? try grantedRoleURL(server: server, adminURL: serverURL) : serverURL
        let a = try FleetMachine(server: server, url: url)
        let b = try FleetMachine(server: server, url: url)
        #expect(try a.run(["mark", "foodpin"]).status == 0)
        b.proxy.mode = .refuse
        if !writeAfterReset {
            #expect(try b.run(["mark", "foodpin", "--skipped"]).status == 0)
        }
        #expect(try a.run(["reset", "--user", "alice"]).status == 0)
        // The reset reaches the server first, even when its own push ran out of the budget on
        // a loaded machine: the write from b arrives after it.
        #expect(try a.run(["sync"]).status == 0)
        if writeAfterReset {
            // Stamped after the reset: a later process, so a later millisecond.
            #expect(try b.run(["mark", "foodpin", "--skipped"]).status == 0)
        }
        b.proxy.mode = .forward
        #expect(try b.run(["sync"]).status == 0)
        #expect(try a.run(["sync"]).status == 0)
        let expected = writeAfterReset ? ["alice foodpin skipped 1"] : []
        #expect(try serverRecords(serverURL) == expected)
        #expect(try a.replicaRecords() == expected)
        #expect(try b.replicaRecords() == expected)
    }

    /// A push cut after N bytes, for N over the whole push: a later sync adds every record
    /// and event once.
    @Test func aPushCutAfterEveryNBytesAddsNothingTwice() throws {
        let server = try TestPostgres.shared()
        let serverURL = try server.freshDatabaseURL()
        let machine = try FleetMachine(server: server, url: serverURL)
        #expect(try machine.run(["db", "migrate"]).status == 0)
        var users: [String] = []
        for bytes in stride(from: 100, through: 6100, by: 200) {
            let user = "u\(bytes)"
            users.append(user)
            machine.proxy.mode = .refuse
            let play = try machine.run(
                ["play", "foodpin", "--plain", "--user", user], input: "n\nn\nn\n")
            #expect(play.status == 0, "\(play.standardError)")
            machine.proxy.mode = .cutAfter(bytes: bytes)
            _ = try machine.run(["sync"])
        }
        machine.proxy.mode = .forward
        let sync = try machine.run(["sync", "--json"])
        #expect(sync.status == 0, "\(sync.standardError)")
        #expect(
            try serverRecords(serverURL) == users.sorted().map { "\($0) foodpin completed 1" })
        let admin = try RawPostgres(serverURL)
        let twice = try admin.scalar(
            """
            SELECT count(*) FROM (SELECT user_name, time, event, page FROM walkthrough_events
            GROUP BY 1, 2, 3, 4 HAVING count(*) > 1) AS doubled
            """)
        #expect(twice == "0")
        let perUser = try admin.rows(
            "SELECT count(*)::text FROM walkthrough_events GROUP BY user_name")
        let local = try machine.sandbox.execute(
            ["events", "--user", users[0], "--db", Self.replicaFile(of: machine)])
        let eventsPerPlay = local.standardOutput.split(separator: "\n").count
        #expect(eventsPerPlay > 0)
        #expect(perUser.count == users.count)
        #expect(perUser.allSatisfy { $0 == [String(eventsPerPlay)] })
    }

    /// A writer killed between its local commit and its push: the next command pushes it.
    @Test func aWriterKilledBeforeItsPushIsPushedByTheNextCommand() throws {
        let server = try TestPostgres.shared()
        let serverURL = try server.freshDatabaseURL()
        let machine = try FleetMachine(server: server, url: serverURL)
        // A fresh replica: the write's read then asks nothing of the network.
        #expect(try machine.run(["db", "migrate"]).status == 0)
        #expect(try machine.run(["due", "foodpin", "-q"]).status == 0)
        let connections = machine.proxy.accepted
        machine.proxy.mode = .neverAnswer
        var environment = machine.sandbox.replicaEnvironment
        environment["WALKTHROUGH_NETWORK_BUDGET"] = "60000"
        let writer = try ChildProcess(
            [walkthroughBinary, "mark", "foodpin", "--db", machine.url],
            environment: environment, directory: machine.sandbox.folder.path)
        #expect(
            waitUntil(timeout: 30, interval: 10) {
                (try? machine.replicaRecords()) == ["alice foodpin completed 1"]
            })
        // The record is committed with its outbox entry; the push is waiting on the server.
        #expect(waitUntil(timeout: 30, interval: 10) { machine.proxy.accepted > connections })
        writer.signal(SIGKILL)
        _ = writer.wait(timeout: 30)
        #expect(try serverRecords(serverURL).isEmpty)
        machine.proxy.mode = .forward
        #expect(try machine.run(["seen", "foodpin", "-q"]).status == 0)
        #expect(try serverRecords(serverURL) == ["alice foodpin completed 1"])
    }

    /// Two roles under row security, each through its own replica: each holds and pushes
    /// only its own records, and a write for the other is refused.
    @Test func rowSecurityHoldsThroughReplicas() throws {
        let server = try TestPostgres.shared()
        let serverURL = try server.freshDatabaseURL()
        let database = try #require(RawPostgres.parse(serverURL)["dbname"])
        let setup = try Sandbox()
        let migrate = try setup.execute(["db", "migrate", "--db", serverURL, "--row-security"])
        #expect(migrate.status == 0, "\(migrate.standardError)")
        let admin = try RawPostgres(serverURL)
        let roles = [TestPostgres.uniqueName("r"), TestPostgres.uniqueName("r")]
        for role in roles {
            try admin.exec(
                """
                CREATE ROLE \(role) LOGIN PASSWORD 'pw';
                GRANT SELECT, INSERT, UPDATE, DELETE ON walkthrough_seen, walkthrough_events,
                    walkthrough_pushes, walkthrough_tombstones, walkthrough_summaries,
                    walkthrough_summary_pages TO \(role);
                GRANT USAGE ON SEQUENCE walkthrough_events_id_seq TO \(role);
                GRANT SELECT ON walkthrough_schema TO \(role);
                """)
        }
        defer {
            for role in roles { _ = try? admin.exec("DROP OWNED BY \(role); DROP ROLE \(role)") }
        }
        let machines = try roles.map { role in
            try FleetMachine(
                server: server, url: server.url(database: database, user: role, password: "pw"))
        }
        for (role, machine) in zip(roles, machines) {
            let play = try machine.run(["play", "foodpin", "--plain"], input: "n\nn\nn\n")
            #expect(play.status == 0, "\(play.standardError)")
            #expect(play.standardOutput.contains("Recorded: \(role) completed"))
        }
        let refused = try machines[0].run(["mark", "foodpin", "--user", roles[1]])
        #expect(refused.status == 74)
        #expect(refused.standardError.contains("row-level security"))
        for machine in machines { #expect(try machine.run(["sync"]).status == 0) }
        #expect(
            try serverRecords(serverURL)
                == roles.sorted().map { "\($0) foodpin completed 1" })
        for (role, machine) in zip(roles, machines) {
            #expect(try machine.replicaRecords() == ["\(role) foodpin completed 1"])
        }
    }

    /// The replica file of `machine`.
    static func replicaFile(of machine: FleetMachine) throws -> String {
        let folder = machine.sandbox.folder.path + "/home/.local/state/walkthrough/fleet"
        let name = try #require(
            try FileManager.default.contentsOfDirectory(atPath: folder).first {
                $0.hasSuffix(".sqlite3")
            })
        return folder + "/" + name
    }
}
