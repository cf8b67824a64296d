import Foundation
import Testing
import WalkthroughTestSupport

/// `walkthrough goal NAME` is a `goal` event: `events` lists it in its place in time, with its
/// name in `"goal"` and the keys of every event, on SQLite and on PostgreSQL (directly, through
/// pgbouncer, and pushed through the replica, also after waiting in its outbox while the server
/// refused); `events ID` and the funnel leave it out.
@Suite(.serialized)
struct GoalEventEndToEndTests {
    typealias Backend = EventsEndToEndTests.Backend

    private func setUp(_ backend: Backend) throws -> (Sandbox, [String: String]) {
        let sandbox = try Sandbox()
        try sandbox.define("tour.json", definition(pages: 3, navigation: "free"))
        let environment = ["WALKTHROUGH_DB": try backend.database(for: sandbox), "CI": ""]
        return (sandbox, environment.merging(backend.environment) { $1 })
    }

    private func run(
        _ sandbox: Sandbox, _ env: [String: String], _ arguments: [String], input: String = ""
    ) throws -> ProgramResult {
        let result = try sandbox.execute(arguments, input: input, extra: env)
        #expect(result.status == 0, "\(arguments): \(result.standardError)")
        return result
    }

    private func events(
        _ sandbox: Sandbox, _ env: [String: String], _ arguments: [String] = []
    ) throws -> [[String: Any]] {
        let result = try run(sandbox, env, ["events"] + arguments)
        return try result.standardOutput.split(separator: "\n").map {
            try #require(
                try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    @Test(arguments: Backend.available)
    func aGoalIsAGoalEventInItsPlaceAndNotAStepOfTheFunnel(backend: Backend) throws {
        let (sandbox, env) = try setUp(backend)
        _ = try run(sandbox, env, ["play", "tour", "--user", "alice", "--plain"], input: "n\nq\n")
        let funnel = try run(sandbox, env, ["stats", "tour", "--json"]).standardOutput

        let goal = try run(sandbox, env, ["goal", "first-pin", "--user", "alice"])
        #expect(goal.standardOutput == "Recorded: alice reached the goal first-pin.\n")
        _ = try run(sandbox, env, ["goal", "other", "--user", "bob"])
        _ = try run(sandbox, env, ["play", "tour", "--user", "alice", "--plain"], input: "n\nn\n")

        let alice = try events(sandbox, env, ["--user", "alice"])
        #expect(
            alice.map { $0["event"] as? String ?? "?" }
                == [
                    "started", "page", "page", "quit", "goal", "started", "page", "page",
                    "finished",
                ])
        let line = try #require(alice.first { $0["event"] as? String == "goal" })
        #expect(line["goal"] as? String == "first-pin")
        #expect(line["user"] as? String == "alice")
        #expect(
            Set(line.keys) == [
                "time", "user", "walkthrough", "version", "event", "page", "outcome", "locale",
                "variant", "goal",
            ])
        for key in ["walkthrough", "version", "page", "outcome", "locale", "variant"] {
            #expect(line[key] is NSNull, "\(key)")
        }
        let times = alice.compactMap { $0["time"] as? String }
        #expect(times == times.sorted(), "oldest first")

        let everyone = try events(sandbox, env)
        #expect(
            everyone.compactMap { $0["goal"] as? String } == ["first-pin", "other"],
            "every user's goals")
        let since = try events(sandbox, env, ["--since", try #require(line["time"] as? String)])
        #expect(since.first?["goal"] as? String == "first-pin")
        #expect(
            try events(sandbox, env, ["tour"]).allSatisfy { $0["event"] as? String != "goal" },
            "a goal belongs to no walkthrough")

        // The funnel of the walkthrough counts the sessions only: alice's second session
        // completes it, and nothing of the goals.
        let after = try run(sandbox, env, ["stats", "tour", "--json"]).standardOutput
        let before = try #require(
            try JSONSerialization.jsonObject(with: Data(funnel.utf8)) as? [String: Any])
        let stats = try #require(
            try JSONSerialization.jsonObject(with: Data(after.utf8)) as? [String: Any])
        #expect(before["users"] as? Int == 1)
        #expect(stats["users"] as? Int == 1)
        #expect(stats["completed"] as? Int == 1)
        let pages = try #require(stats["pages"] as? [[String: Any]])
        #expect(pages.map { $0["reached"] as? Int } == [1, 1, 1])
    }

    /// A goal reached while the server refuses waits in the replica's outbox; once `sync`
    /// pushes it, `events` (the server's) lists it with the time it was reached, once.
    @Test(.enabled(if: TestPostgres.unavailableReason == nil, "no PostgreSQL server"))
    func aGoalQueuedInTheReplicaIsListedOnceItIsPushed() throws {
        let server = try TestPostgres.shared()
        let machine = try FleetMachine(server: server, url: try server.freshDatabaseURL())
        #expect(try machine.run(["db", "migrate"]).status == 0)

        machine.proxy.mode = .refuse
        let goal = try machine.run(["goal", "first-pin", "--user", "alice"])
        #expect(goal.status == 0, "\(goal.standardError)")
        let reached = Date()
        machine.proxy.mode = .forward
        let sync = try machine.run(["sync"])
        #expect(sync.status == 0, "\(sync.standardError)")

        let listed = try machine.run(["events", "--user", "alice"])
        #expect(listed.status == 0, "\(listed.standardError)")
        let lines = try listed.standardOutput.split(separator: "\n").map {
            try #require(
                try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        #expect(lines.count == 1, "\(listed.standardOutput)")
        #expect(lines.first?["event"] as? String == "goal")
        #expect(lines.first?["goal"] as? String == "first-pin")
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let text = try #require(lines.first?["time"] as? String)
        let time = try #require(formatter.date(from: text))
        #expect(time <= reached, "the time it was reached, not the time it was pushed")
    }

    @Test func eventsOffRecordsNoGoal() throws {
        let (sandbox, env) = try setUp(.sqlite)
        _ = try run(sandbox, env, ["play", "tour", "--user", "alice", "--plain"], input: "q\n")
        let off = try run(
            sandbox, env.merging(["WALKTHROUGH_EVENTS": "off"]) { $1 },
            ["goal", "first-pin", "--user", "alice"])
        #expect(off.standardOutput.contains("Not recorded"))
        #expect(try events(sandbox, env).allSatisfy { $0["event"] as? String != "goal" })
    }
}
