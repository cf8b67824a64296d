import Foundation
import Testing
import WalkthroughTestSupport

/// `walkthrough db grant`: the grants come from the schema, a role with exactly them runs every
/// fleet command, and a write the server refuses for a missing grant is kept until
/// `sync --retry-refused`, never lost.
@Suite(.enabled(if: TestPostgres.unavailableReason == nil, "no PostgreSQL server for the tests"))
struct FleetGrantTests {
    /// A new database migrated by the administrator, and a login role with no grants yet.
    private func store() throws -> (server: TestPostgres, admin: String, role: String) {
        let server = try TestPostgres.shared()
        let admin = try server.freshDatabaseURL()
        let setup = try Sandbox()
        let migrate = try setup.execute(["db", "migrate", "--db", admin])
        #expect(migrate.status == 0, "\(migrate.standardError)")
        let role = TestPostgres.uniqueName("g")
        try RawPostgres(admin).exec("CREATE ROLE \(role) LOGIN PASSWORD 'pw'")
        return (server, admin, role)
    }

    private func dropRole(_ role: String, at admin: String) {
        _ = try? RawPostgres(admin).exec("DROP OWNED BY \(role); DROP ROLE \(role)")
    }

    private func json(_ text: String) throws -> [String: Any] {
        try #require(
            try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "\(text)")
    }

    /// Every table a migrated store has is named in `db grant`'s output, and nothing else.
    @Test func theGrantsNameEveryTableOfTheMigratedSchema() throws {
        let (_, admin, role) = try store()
        defer { dropRole(role, at: admin) }
        let tables = try RawPostgres(admin).rows(
            """
            SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
            WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p')
                AND NOT c.relispartition ORDER BY 1
            """
        ).compactMap { $0[0] }
        #expect(tables.count >= 8)
        let printed = try Sandbox().execute(["db", "grant", role])
        #expect(printed.status == 0, "\(printed.standardError)")
        let lines = printed.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.allSatisfy { $0.hasPrefix("GRANT ") && $0.hasSuffix(" TO \(role);") })
        var named: [String] = []
        for line in lines {
            let on = try #require(line.range(of: " ON "))
            let to = try #require(line.range(of: " TO "))
            named += line[on.upperBound..<to.lowerBound].split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespaces)
            }
        }
        #expect(named.sorted() == tables)
        #expect(lines.contains("GRANT SELECT ON walkthrough_schema TO \(role);"))
        let adminLines = try Sandbox().execute(["db", "grant", role, "--admin"])
        #expect(adminLines.standardOutput.hasPrefix(printed.standardOutput))
        #expect(adminLines.standardOutput.hasSuffix("ALTER ROLE \(role) BYPASSRLS;\n"))
    }

    /// A role given exactly `db grant --apply`'s statements plays, marks, resets, records
    /// goals, syncs and reads the fleet's views through its replica, and in direct mode.
    @Test func aRoleWithExactlyTheGrantsRunsTheFleetCommands() throws {
        let (server, admin, role) = try store()
        defer { dropRole(role, at: admin) }
        let setup = try Sandbox()
        let applied = try setup.execute(["db", "grant", role, "--apply", "--db", admin])
        #expect(applied.status == 0, "\(applied.standardError)")
        #expect(applied.standardOutput.contains("Granted"))
        #expect(!applied.standardOutput.contains(server.password))
        let database = try #require(RawPostgres.parse(admin)["dbname"])
        let url = server.url(database: database, user: role, password: "pw")
        let machine = try FleetMachine(server: server, url: url)
        let steps: [([String], String, Int32)] = [
            (["play", "foodpin", "--plain", "--user", "ann"], "n\nn\nn\n", 0),
            (["mark", "foodpin", "--user", "bob", "--skipped"], "", 0),
            (["goal", "first-pin", "--user", "ann"], "", 0),
            (["reset", "--user", "bob"], "", 0),
            (["mark", "foodpin", "--user", "cid"], "", 0),
            (["sync"], "", 0),
            (["seen", "foodpin", "--user", "ann", "-q"], "", 0),
            (["due", "foodpin", "--user", "dee", "-q"], "", 0),
            (["status", "--user", "ann"], "", 0),
            (["events", "--user", "ann"], "", 0),
            (["stats", "foodpin"], "", 0),
            (["export"], "", 0),
            (["db", "info"], "", 0),
        ]
        for (arguments, input, status) in steps {
            let result = try machine.run(arguments, input: input)
            #expect(
                result.status == status,
                "\(arguments.joined(separator: " ")): \(result.standardError)")
            #expect(!result.standardError.contains("Error"), "\(arguments)")
        }
        let direct = try machine.run(
            ["mark", "foodpin", "--user", "eve"], extra: ["WALKTHROUGH_REPLICA": "off"])
        #expect(direct.status == 0, "\(direct.standardError)")
        #expect(
            try serverRecords(admin)
                == [
                    "ann foodpin completed 1", "cid foodpin completed 1", "eve foodpin completed 1",
                ])
        let info = try json(try machine.run(["db", "info", "--json"]).standardOutput)
        let replica = try #require(info["replica"] as? [String: Any])
        #expect(replica["pending"] as? Int == 0)
        #expect(replica["refused"] as? Int == 0)
    }

    /// With one grant revoked, 100 marks from two replicas are acknowledged; `sync` says the
    /// server refused them (exit 74, never "could not be reached") and keeps them; once the
    /// grant is back, `sync --retry-refused` brings every one to the server.
    @Test func aRevokedGrantLosesNoAcknowledgedWrite() throws {
        let (server, admin, role) = try store()
        defer { dropRole(role, at: admin) }
        let setup = try Sandbox()
        #expect(try setup.execute(["db", "grant", role, "--apply", "--db", admin]).status == 0)
        try RawPostgres(admin).exec("REVOKE ALL ON walkthrough_tombstones FROM \(role)")
        let database = try #require(RawPostgres.parse(admin)["dbname"])
        let url = server.url(database: database, user: role, password: "pw")
        let machines = try (0..<2).map { _ in try FleetMachine(server: server, url: url) }
        for (index, machine) in machines.enumerated() {
            for number in 0..<50 {
                let mark = try machine.run(["mark", "foodpin", "--user", "u\(index)-\(number)"])
                #expect(mark.status == 0, "\(mark.standardError)")
            }
        }
        #expect(try serverRecords(admin).isEmpty)
        for machine in machines {
            let sync = try machine.run(["sync", "--json"])
            #expect(sync.status == 74)
            let report = try json(sync.standardOutput)
            #expect(report["refused"] as? Int == 50)
            #expect(report["pending"] as? Int == 0)
            #expect(report["server"] as? String == "reached")
            #expect(sync.standardError.contains("refused 50 writes"), "\(sync.standardError)")
            #expect(sync.standardError.contains("walkthrough_tombstones"))
            #expect(sync.standardError.contains("--retry-refused"))
            #expect(!sync.standardError.contains("could not be reached"))
            let text = try machine.run(["sync"])
            #expect(text.status == 74)
            #expect(text.standardOutput.contains("50 refused"))
            let info = try json(try machine.run(["db", "info", "--json"]).standardOutput)
            let replica = try #require(info["replica"] as? [String: Any])
            #expect(replica["refused"] as? Int == 50)
        }
        // What each machine wrote still answers there, refused or not.
        for (index, machine) in machines.enumerated() {
            let seen = try machine.run(["seen", "foodpin", "--user", "u\(index)-7", "-q"])
            #expect(seen.status == 0, "\(seen.standardError)")
        }
        // A plain sync does not send them again.
        #expect(try serverRecords(admin).isEmpty)
        #expect(try setup.execute(["db", "grant", role, "--apply", "--db", admin]).status == 0)
        for machine in machines {
            let retried = try machine.run(["sync", "--retry-refused", "--json"])
            #expect(retried.status == 0, "\(retried.standardError)")
            let report = try json(retried.standardOutput)
            #expect(report["pushed"] as? Int == 50)
            #expect(report["refused"] as? Int == 0)
        }
        let count = try RawPostgres(admin).scalar("SELECT count(*) FROM walkthrough_seen")
        #expect(count == "100")
        let pushes = try RawPostgres(admin).scalar("SELECT count(*) FROM walkthrough_pushes")
        #expect(pushes == "100")
    }

    /// Under row security, a mark for another user made while the server could not be asked
    /// (the role's user not known yet) is refused by the server at the push: it is kept with
    /// the server's reason, `sync` exits 74 and says so, and it is never counted as pushed.
    @Test func aPushRowSecurityRefusesIsKeptAndReported() throws {
        let (server, admin, role) = try store()
        defer { dropRole(role, at: admin) }
        let setup = try Sandbox()
        let secured = try setup.execute(["db", "migrate", "--row-security", "--db", admin])
        #expect(secured.status == 0, "\(secured.standardError)")
        #expect(try setup.execute(["db", "grant", role, "--apply", "--db", admin]).status == 0)
        let database = try #require(RawPostgres.parse(admin)["dbname"])
        let machine = try FleetMachine(
            server: server, url: server.url(database: database, user: role, password: "pw"))
        machine.proxy.mode = .refuse
        let mark = try machine.run(["mark", "foodpin", "--user", "someone-else"])
        #expect(mark.status == 0, "\(mark.standardError)")
        machine.proxy.mode = .forward
        let sync = try machine.run(["sync", "--json"])
        #expect(sync.status == 74)
        let report = try json(sync.standardOutput)
        #expect(report["pushed"] as? Int == 0)
        #expect(report["refused"] as? Int == 1)
        #expect(report["server"] as? String == "reached")
        #expect(sync.standardError.contains("row-level security"), "\(sync.standardError)")
        #expect(
            try machine.replicaRows("SELECT user FROM replica_refused") == ["someone-else"])
        #expect(try serverRecords(admin).isEmpty)
    }
}
