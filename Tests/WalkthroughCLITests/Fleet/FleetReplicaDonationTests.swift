import Foundation
import Testing
import WalkthroughKit
import WalkthroughTerminal
import WalkthroughTestSupport

/// Donations through the local replica, against a real server behind a ``FaultProxy``: made
/// while the server is away they are kept and queued on this machine, pushed once by `sync`
/// with the time they were made, and then counted at the server and on another machine.
@Suite(.serialized, .enabled(if: TestPostgres.unavailableReason == nil, "no PostgreSQL server"))
struct FleetReplicaDonationTests {
    static let deploys = """
        {"id": "deploys", "title": "Deploys",
         "when": {"events": {"deployed": {"min": 3, "within": "7d"}}},
         "pages": [{"heading": "Ship it", "content": "You deploy often: here is how to go faster."}]}
        """

    private func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    private func serverCount(_ url: String, _ sql: String) throws -> Int {
        Int(try RawPostgres(url).scalar(sql) ?? "") ?? -1
    }

    /// `donate deployed` for `user`; each asks the server (a sync interval of 0 caps the
    /// back-off after a failed contact at nothing).
    private func donate(_ machine: FleetMachine, _ user: String) throws {
        let result = try machine.run(
            ["donate", "deployed", "--user", user], extra: ["WALKTHROUGH_SYNC_INTERVAL": "0"])
        #expect(result.status == 0, "\(user): \(result.standardError)")
        #expect(result.standardOutput == "Recorded: \(user) did deployed.\n")
        #expect(result.standardError.isEmpty, "\(user)")
    }

    @Test func donationsMadeWhileTheServerIsAwayAreCountedAfterSync() throws {
        let server = try TestPostgres.shared()
        let serverURL = try server.freshDatabaseURL()
        let machine = try FleetMachine(server: server, url: serverURL)
        try machine.sandbox.define("deploys.json", Self.deploys)
        #expect(try machine.run(["db", "migrate"]).status == 0)
        let atServer = { (user: String) throws -> Int in
            try self.serverCount(
                serverURL,
                "SELECT count(*) FROM walkthrough_donations WHERE user_name = '\(user)'")
        }

        // The server refuses, then never answers: every donation is kept here and queued.
        machine.proxy.mode = .refuse
        try donate(machine, "alice")
        try donate(machine, "alice")
        var environment = machine.sandbox.replicaEnvironment
        environment["WALKTHROUGH_DB"] = machine.url
        let before = Timestamp.now.millisecondsSince1970
        let result = Onboarding.donate("deployed", user: "alice", environment: environment)
        let made = Timestamp.now.millisecondsSince1970
        #expect(result.isRecorded, "\(result)")
        machine.proxy.mode = .neverAnswer
        try donate(machine, "bob")
        #expect(try atServer("alice") == 0)
        #expect(
            try machine.replicaRows("SELECT user, name FROM donations ORDER BY id")
                == ["alice deployed", "alice deployed", "alice deployed", "bob deployed"])
        machine.proxy.mode = .refuse
        let offline = try machine.run(["sync", "--json"])
        #expect(offline.status == 74)
        #expect(try json(offline.standardOutput)["pending"] as? Int == 4)
        // This machine counts what it holds.
        let local = try machine.run(["due", "deploys", "--user", "alice"])
        #expect(local.status == 0, "\(local.standardOutput)\(local.standardError)")

        // The server answers again: sync pushes each donation once, with its own time.
        machine.proxy.mode = .forward
        let online = try machine.run(["sync", "--json"])
        #expect(online.status == 0, "\(online.standardError)")
        #expect(try json(online.standardOutput)["pushed"] as? Int == 4)
        #expect(try [atServer("alice"), atServer("bob")] == [3, 1])
        let third = try #require(
            Int64(
                try RawPostgres(serverURL).scalar(
                    "SELECT max(time) FROM walkthrough_donations WHERE user_name = 'alice'")
                    ?? ""))
        #expect(third >= before && third <= made)
        #expect(try json(machine.run(["sync", "--json"]).standardOutput)["pushed"] as? Int == 0)

        // Counted at the server…
        let direct = try ChildProcess.run(
            [walkthroughBinary, "due", "deploys", "--user", "alice", "--db", serverURL],
            environment: machine.sandbox.environment, directory: machine.sandbox.folder.path)
        #expect(direct.status == 0, "\(direct.standardOutput)\(direct.standardError)")
        let bob = try ChildProcess.run(
            [walkthroughBinary, "due", "deploys", "--user", "bob", "--db", serverURL, "--json"],
            environment: machine.sandbox.environment, directory: machine.sandbox.folder.path)
        #expect(bob.status == 1)
        #expect(
            try json(bob.standardOutput)["detail"] as? String
                == "bob did deployed 1 time in the last 7d; when.events wants at least 3")
        // …and on another machine, whose replica brings them with the user's records.
        let other = try FleetMachine(server: server, url: serverURL)
        try other.sandbox.define("deploys.json", Self.deploys)
        let there = try other.run(["due", "deploys", "--user", "alice", "--json"])
        #expect(there.status == 0, "\(there.standardOutput)\(there.standardError)")
        #expect(try json(there.standardOutput)["source"] as? String == "server")

        // A reset of all of alice's walkthroughs forgets her donations everywhere.
        #expect(try machine.run(["reset", "--user", "alice"]).status == 0)
        #expect(try atServer("alice") == 0)
        #expect(try other.run(["sync"]).status == 0)
        #expect(
            try other.replicaRows("SELECT count(*) FROM donations WHERE user = 'alice'") == ["0"])
    }
}
