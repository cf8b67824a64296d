import Foundation
import Testing
import WalkthroughKit
import WalkthroughTerminal
import WalkthroughTestSupport

/// Experiments through the local replica, against a real server behind a ``FaultProxy``:
/// exposures recorded on this machine while the server refuses, and pushed; goals queued in the
/// outbox while it refuses or never answers, pushed once by `sync` or the next write, with the
/// time they were reached; `stats --experiment --json` at the server; a reset of a user's
/// everything removing their goals there too.
@Suite(.serialized, .enabled(if: TestPostgres.unavailableReason == nil, "no PostgreSQL server"))
struct FleetReplicaExperimentTests {
    /// A machine with `tour` (control, short, a 10 % holdout; goal `first-pin`), the
    /// server's store made, and the server's own URL.
    private func machine() throws -> (FleetMachine, String) {
        let server = try TestPostgres.shared()
        let serverURL = try server.freshDatabaseURL()
        let machine = try FleetMachine(server: server, url: serverURL)
        try machine.sandbox.define("tour.json", ExperimentEndToEndTests.tour)
        #expect(try machine.run(["db", "migrate"]).status == 0)
        return (machine, serverURL)
    }

    private func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// Plays `tour` for `user` through the replica with `input`, expecting success.
    private func play(_ machine: FleetMachine, _ user: String, _ input: String) throws {
        let result = try machine.run(["play", "tour", "--user", user, "--plain"], input: input)
        #expect(result.status == 0, "\(user): \(result.standardError)")
        #expect(!result.standardError.contains("Error"), "\(user)")
    }

    /// `goal` for `user`; each asks the server (a sync interval of 0 caps the back-off after a
    /// failed contact at nothing), so that every push the proxy cuts is tried.
    private func goal(_ machine: FleetMachine, _ user: String) throws {
        let result = try machine.run(
            ["goal", "first-pin", "--user", user], extra: ["WALKTHROUGH_SYNC_INTERVAL": "0"])
        #expect(result.status == 0, "\(user): \(result.standardError)")
        #expect(result.standardOutput == "Recorded: \(user) reached the goal first-pin.\n")
        #expect(result.standardError.isEmpty, "\(user)")
    }

    private func serverCount(_ url: String, _ sql: String) throws -> Int {
        Int(try RawPostgres(url).scalar(sql) ?? "") ?? -1
    }

    @Test func variantsHoldoutAndGoalsThroughTheReplicaGiveTheServersFigures() throws {
        let (machine, serverURL) = try machine()
        let short = try ExperimentEndToEndTests.users(in: "short", count: 3)
        let control = try ExperimentEndToEndTests.users(in: "control", count: 3)
        let held = try ExperimentEndToEndTests.users(in: "holdout", count: 2)

        // The server refuses: everything is recorded on this machine.
        machine.proxy.mode = .refuse
        try play(machine, short[0], "n\nn\n")  // completed
        try play(machine, control[0], "n\nq\n")  // quit on page 2
        try play(machine, held[0], "")  // held out: shown nothing
        try goal(machine, short[0])
        try goal(machine, control[0])
        try goal(machine, control[2])  // before control[2] is exposed: must not count
        #expect(try serverCount(serverURL, "SELECT count(*) FROM walkthrough_events") == 0)
        #expect(try serverCount(serverURL, "SELECT count(*) FROM walkthrough_goals") == 0)
        #expect(
            try machine.replicaRows(
                "SELECT user, variant FROM events WHERE event = 'exposed' ORDER BY id")
                == ["\(short[0]) short", "\(control[0]) control", "\(held[0]) holdout"])
        #expect(try machine.replicaRows("SELECT count(*) FROM goals") == ["3"])
        #expect(try machine.replicaRows("SELECT count(*) FROM replica_outbox") != ["0"])

        // The server answers again: each command pushes what waited, then its own.
        machine.proxy.mode = .forward
        try play(machine, short[1], "n\nn\n")
        try play(machine, short[2], "q\n")
        try goal(machine, short[2])
        try play(machine, control[0], "n\nn\n")  // resumed and completed: exposed once
        try play(machine, control[1], "n\nn\nn\n")
        try goal(machine, control[1])
        try goal(machine, control[1])  // twice counts once
        try play(machine, control[2], "n\nn\nn\n")
        try play(machine, held[0], "")  // again: no second exposure
        try play(machine, held[1], "")
        try goal(machine, held[1])
        #expect(try machine.replicaRows("SELECT count(*) FROM replica_outbox") == ["0"])

        // At the server: one exposure per user, every goal once, with its own time.
        #expect(
            try RawPostgres(serverURL).rows(
                "SELECT user_name, variant FROM walkthrough_events WHERE event = 'exposed' "
                    + "ORDER BY user_name"
            ).map { "\($0[0] ?? "") \($0[1] ?? "")" }
                == (short.map { "\($0) short" } + control.map { "\($0) control" }
                + held.map { "\($0) holdout" }).sorted())
        #expect(try serverCount(serverURL, "SELECT count(*) FROM walkthrough_goals") == 7)

        // The figures, through the replica and straight from the server, are the same.
        let through = try machine.run(["stats", "tour", "--experiment", "--json"])
        #expect(through.status == 0, "\(through.standardError)")
        let direct = try ChildProcess.run(
            [walkthroughBinary, "stats", "tour", "--experiment", "--json", "--db", serverURL],
            environment: machine.sandbox.environment, directory: machine.sandbox.folder.path)
        #expect(direct.status == 0, "\(direct.standardError)")
        #expect(through.standardOutput == direct.standardOutput)
        let figures = try json(through.standardOutput)
        #expect(figures["experiment"] as? String == "onboarding-2026-12")
        #expect(figures["goal"] as? String == "first-pin")
        let rows = try #require(figures["variants"] as? [[String: Any]])
        #expect(rows.map { $0["variant"] as? String } == ["control", "short", "holdout"])
        #expect(rows.map { $0["exposed"] as? Int } == [3, 3, 2])
        #expect(rows.map { $0["completed"] as? Int } == [3, 2, 0])
        #expect(rows.map { $0["converted"] as? Int } == [2, 2, 1])
        #expect(rows.map { $0["conversionRate"] as? Double } == [2.0 / 3, 2.0 / 3, 0.5])
        #expect(rows.map { $0["completionRate"] as? Double } == [1, 2.0 / 3, 0])
        #expect(rows[0]["difference"] is NSNull)
        #expect(rows[1]["difference"] as? Double == 0)
    }

    /// A reset of all of a user's walkthroughs on one machine reaches the goals another
    /// machine's replica holds of them at its next `sync`.
    @Test func aResetOnAnotherMachineRemovesTheGoalsThisReplicaHolds() throws {
        let (first, serverURL) = try machine()
        let second = try FleetMachine(server: try TestPostgres.shared(), url: serverURL)
        try goal(first, "ivy")
        try goal(first, "jo")
        #expect(try first.replicaRows("SELECT user FROM goals ORDER BY user") == ["ivy", "jo"])
        #expect(try second.run(["reset", "--user", "ivy"]).status == 0)
        #expect(
            try serverCount(
                serverURL, "SELECT count(*) FROM walkthrough_goals WHERE user_name = 'ivy'")
                == 0)
        let sync = try first.run(["sync"])
        #expect(sync.status == 0, "\(sync.standardError)")
        #expect(try first.replicaRows("SELECT user FROM goals ORDER BY user") == ["jo"])
    }

    @Test func goalsQueuedWhileTheServerIsOutOfReachArePushedOnce() throws {
        let (machine, serverURL) = try machine()
        let goals = { (user: String) throws -> Int in
            try self.serverCount(
                serverURL, "SELECT count(*) FROM walkthrough_goals WHERE user_name = '\(user)'")
        }
        var environment = machine.sandbox.replicaEnvironment
        environment["WALKTHROUGH_DB"] = machine.url

        machine.proxy.mode = .refuse
        try goal(machine, "bob")
        let before = Timestamp.now.millisecondsSince1970
        try Onboarding.recordGoal("first-pin", user: "carol", environment: environment)
        let reached = Timestamp.now.millisecondsSince1970
        machine.proxy.mode = .neverAnswer
        try goal(machine, "dave")
        #expect(try serverCount(serverURL, "SELECT count(*) FROM walkthrough_goals") == 0)
        #expect(
            try machine.replicaRows("SELECT user, goal FROM goals ORDER BY id")
                == ["bob first-pin", "carol first-pin", "dave first-pin"])

        machine.proxy.mode = .refuse
        let offline = try machine.run(["sync", "--json"])
        #expect(offline.status == 74)
        #expect(try json(offline.standardOutput)["pending"] as? Int == 3)

        machine.proxy.mode = .forward
        let online = try machine.run(["sync", "--json"])
        #expect(online.status == 0, "\(online.standardError)")
        #expect(try json(online.standardOutput)["pushed"] as? Int == 3)
        #expect(try [goals("bob"), goals("carol"), goals("dave")] == [1, 1, 1])
        // Each with the time it was reached here, not the time it was pushed.
        let carol = try #require(
            Int64(
                try RawPostgres(serverURL).scalar(
                    "SELECT time FROM walkthrough_goals WHERE user_name = 'carol'") ?? ""))
        #expect(carol >= before && carol <= reached)
        let again = try machine.run(["sync", "--json"])
        #expect(try json(again.standardOutput)["pushed"] as? Int == 0)
        #expect(try serverCount(serverURL, "SELECT count(*) FROM walkthrough_goals") == 3)

        // The next write after the back-off pushes it too; a push cut short is repeated, never
        // applied twice.
        machine.proxy.mode = .refuse
        try goal(machine, "erin")
        machine.proxy.mode = .forward
        #expect(
            try machine.run(
                ["mark", "foodpin", "--user", "frank"], extra: ["WALKTHROUGH_SYNC_INTERVAL": "0"]
            ).status == 0)
        #expect(try goals("erin") == 1)
        for cut in stride(from: 200, through: 2400, by: 550) {
            machine.proxy.mode = .cutAfter(bytes: cut)
            try goal(machine, "gina")
        }
        machine.proxy.mode = .forward
        #expect(try machine.run(["sync"]).status == 0)
        #expect(try goals("gina") == 5)

        // A reset of all of a user's walkthroughs removes their goals, here and at the server,
        // whether the goals were pushed already or wait with the reset.
        #expect(try machine.run(["reset", "--user", "bob"]).status == 0)
        machine.proxy.mode = .refuse
        try goal(machine, "hank")
        #expect(try machine.run(["reset", "--user", "hank"]).status == 0)
        #expect(try machine.run(["reset", "--user", "dave", "tour"]).status == 0)
        machine.proxy.mode = .forward
        #expect(try machine.run(["sync"]).status == 0)
        #expect(try [goals("bob"), goals("hank"), goals("carol"), goals("dave")] == [0, 0, 1, 1])
        #expect(
            try machine.replicaRows("SELECT DISTINCT user FROM goals ORDER BY user")
                == ["carol", "dave", "erin", "gina"])
    }
}
