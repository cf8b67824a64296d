import Foundation
import Testing
import WalkthroughTestSupport

/// The fleet store through a local replica: with the server stopped, silent, cut off or slow,
/// every command answers within the network budget and records locally; the next command
/// that reaches the server pushes what waited.
@Suite(.enabled(if: TestPostgres.unavailableReason == nil, "no PostgreSQL server for the tests"))
struct FleetReplicaTests {
    /// The failure modes of the issue, by name.
    static let failures: [(String, FaultProxy.Mode)] = [
        ("refuses", .refuse), ("never answers", .neverAnswer),
        ("answers half and stops", .cutAfter(bytes: 600)),
        ("answers after 2 s", .delay(milliseconds: 2000)),
    ]

    /// Every command outside the administrative views, and the gate (`due`, `seen`), finishes
    /// within the budget plus a generous bound, whatever the server does; what `play` and
    /// `mark` recorded reaches the server with the next command once it answers.
    @Test(arguments: 0..<failures.count, [false, true])
    func everyCommandAnswersWithinTheBudget(failure: Int, granted: Bool) throws {
        let (name, mode) = Self.failures[failure]
        let server = try TestPostgres.shared()
        let serverURL = try server.freshDatabaseURL()
        // As the owner, and as an everyday role with exactly `db grant`'s grants.
        let url = granted ? try grantedRoleURL(server: server, adminURL: serverURL) : serverURL
        let machine = try FleetMachine(server: server, url: url)
        // The server knows the store (its tables exist) before it fails.
        #expect(try machine.run(["db", "migrate"]).status == 0)
        machine.proxy.mode = mode
        let commands: [(String, [String], String)] = [
            ("due", ["due", "foodpin", "-q"], ""),
            ("seen", ["seen", "foodpin", "-q"], ""),
            ("list", ["list"], ""),
            ("play", ["play", "foodpin", "--plain"], "n\nn\nn\n"),
            ("mark", ["mark", "foodpin", "--user", "bob", "--skipped"], ""),
            ("reset", ["reset", "--user", "carol"], ""),
            ("due after", ["due", "foodpin", "-q"], ""),
        ]
        var figures: [String] = []
        for (label, arguments, input) in commands {
            let (result, milliseconds) = try machine.timed(arguments, input: input)
            #expect([0, 1].contains(result.status), "\(name), \(label): \(result.standardError)")
            #expect(!result.standardError.contains("Error"), "\(name), \(label)")
            // Generous: the budget is 300 ms; a loaded machine starts a process slowly.
            #expect(milliseconds < 300 + 5000, "\(name), \(label): \(milliseconds) ms")
            figures.append("\(label) \(Int(milliseconds)) ms")
        }
        print("budget figures, server that \(name): " + figures.joined(separator: ", "))
        #expect(try serverRecords(serverURL).isEmpty)
        machine.proxy.mode = .forward
        // The launches above remembered the failed contact and back off; a sync interval of
        // 0 caps the back-off at nothing, so this launch asks the server again (with a budget
        // a loaded test server cannot exceed: what is tested here is that it asks).
        let next = try machine.run(
            ["due", "foodpin", "-q"],
            extra: ["WALKTHROUGH_SYNC_INTERVAL": "0", "WALKTHROUGH_NETWORK_BUDGET": "10000"])
        #expect(next.status == 1)
        #expect(
            waitUntil(timeout: 10, interval: 20) {
                (try? serverRecords(serverURL))
                    == ["alice foodpin completed 1", "bob foodpin skipped 1"]
            })
    }

    /// `sync` prints its counts whether or not the server is reached: 74 when it is not, 0
    /// once everything is pushed; `db info` adds the replica's fields.
    @Test func syncAndDbInfoSayWhatWaits() throws {
        let server = try TestPostgres.shared()
        let serverURL = try server.freshDatabaseURL()
        let machine = try FleetMachine(server: server, url: serverURL)
        machine.proxy.mode = .refuse
        #expect(try machine.run(["mark", "foodpin"]).status == 0)
        let offline = try machine.run(["sync", "--json"])
        #expect(offline.status == 74)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(offline.standardOutput.utf8))
                as? [String: Any])
        #expect(object["pending"] as? Int == 1)
        #expect(object["pushed"] as? Int == 0)
        #expect(object["server"] as? String == "unreachable")
        machine.proxy.mode = .forward
        let online = try machine.run(["sync", "--json"])
        #expect(online.status == 0, "\(online.standardError)")
        let pushed = try #require(
            try JSONSerialization.jsonObject(with: Data(online.standardOutput.utf8))
                as? [String: Any])
        #expect(pushed["pushed"] as? Int == 1)
        #expect(pushed["pending"] as? Int == 0)
        #expect(pushed["server"] as? String == "reached")
        let info = try machine.run(["db", "info", "--json"])
        let infoObject = try #require(
            try JSONSerialization.jsonObject(with: Data(info.standardOutput.utf8))
                as? [String: Any])
        let replica = try #require(infoObject["replica"] as? [String: Any])
        #expect((replica["path"] as? String)?.hasSuffix(".sqlite3") == true)
        #expect(replica["pending"] as? Int == 0)
        #expect(replica["lastPush"] is String)
        #expect(replica["lastPull"] is String)
        #expect(!(replica["path"] as? String ?? "").contains(server.password))
        let attributes = try FileManager.default.attributesOfItem(
            atPath: replica["path"] as? String ?? "")
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: replica["path"] as? String ?? ""))
        #expect(bytes.range(of: Data(server.password.utf8)) == nil)
        #expect(!info.standardOutput.contains(server.password))
        #expect(try serverRecords(serverURL) == ["alice foodpin completed 1"])
    }

    /// The server stopped, `due` answers and `play` records locally; restarted, the first
    /// command after the back-off (capped here by a sync interval of 0) gives the server what
    /// waited.
    @Test func aStoppedServerThenOneCommandLater() throws {
        let server = try TestPostgres.start()
        let serverURL = server.url
        let machine = try FleetMachine(server: server, url: serverURL)
        #expect(try machine.run(["db", "migrate"]).status == 0)
        try server.halt()
        let (due, milliseconds) = try machine.timed(["due", "foodpin", "-q"])
        #expect(due.status == 0, "\(due.standardError)")
        print("due with the server stopped: \(Int(milliseconds)) ms")
        let play = try machine.run(["play", "foodpin", "--plain"], input: "n\nn\nn\n")
        #expect(play.status == 0, "\(play.standardError)")
        #expect(play.standardOutput.contains("Recorded: alice completed FoodPin"))
        try server.restart()
        #expect(
            try machine.run(
                ["seen", "foodpin", "-q"], extra: ["WALKTHROUGH_SYNC_INTERVAL": "0"]
            ).status == 0)
        #expect(try serverRecords(serverURL) == ["alice foodpin completed 1"])
        let events = try RawPostgres(serverURL).scalar("SELECT count(*) FROM walkthrough_events")
        #expect(events != "0")
    }
}
