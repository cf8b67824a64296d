#if SERVER
import Foundation
@preconcurrency import Glibc
import Testing
import WalkthroughTestSupport

/// `POST /v1/users/{user}/events/{name}` (a donation) and the `snoozed` step against the built
/// `walkthrough serve`, every answer checked against the OpenAPI document, the store read back
/// with the built `walkthrough` command.
@Suite(.serialized) struct ServeDonationsTests {
    let service = ["Authorization": "Bearer \(ServeProcess.serviceSecret)"]

    static let deploys = """
        {"id": "deploys", "title": "Deploys", "snooze": "2h",
         "when": {"events": {"deployed": {"min": 2, "within": "7d"}, "usedSearch": {"max": 0}}},
         "pages": [{"heading": "One", "content": "1"}, {"heading": "Two", "content": "2"}]}
        """

    /// A server of one folder holding `deploys`.
    func server() throws -> (ServeProcess, TemporaryFolder) {
        let definitions = try TemporaryFolder()
        try definitions.write(Self.deploys, to: "deploys.json")
        return (try ServeProcess(folders: [definitions.path]), definitions)
    }

    func donate(_ server: ServeProcess, _ user: String, _ name: String) throws -> HTTPExchange {
        try HTTPExchange.send(
            "POST", server.base + "/v1/users/\(user)/events/\(name)", headers: service)
    }

    func evaluate(_ server: ServeProcess, _ user: String) throws -> HTTPExchange {
        try HTTPExchange.send(
            "POST", server.base + "/ofrep/v1/evaluate/flags/deploys", headers: service,
            body: #"{"context": {"targetingKey": "\#(user)"}}"#)
    }

    func walkthrough(
        _ arguments: [String], server: ServeProcess, definitions: String
    )
        throws -> ProgramResult
    {
        try ChildProcess.run(
            [builtExecutable("walkthrough")] + arguments + ["--db", server.database],
            environment: [
                "PATH": "/usr/bin:/bin", "HOME": "/tmp", "NO_COLOR": "1",
                "WALKTHROUGH_PATH": definitions,
            ])
    }

    @Test func donationsAreKeptAndTheRulesCountThem() throws {
        let (server, definitions) = try server()
        let before = try evaluate(server, "alice")
        #expect(before.status == 200)
        #expect(before.body.contains(#""variant":"events""#), "\(before.body)")
        #expect(before.body.contains(#""value":false"#))
        for _ in 0..<2 {
            let answer = try donate(server, "alice", "deployed")
            #expect(answer.status == 204, "\(answer.body)")
            #expect(answer.body.isEmpty)
        }
        let after = try evaluate(server, "alice")
        #expect(after.body.contains(#""value":true"#), "\(after.body)")
        // What the command line reads from the same database.
        let due = try walkthrough(
            ["due", "deploys", "--user", "alice"], server: server, definitions: definitions.path)
        #expect(due.status == 0, "\(due.standardOutput)\(due.standardError)")
        #expect(try donate(server, "alice", "usedSearch").status == 204)
        let never = try evaluate(server, "alice")
        #expect(never.body.contains(#""variant":"events""#))
        #expect(
            never.body.contains("alice did usedSearch 1 time; when.events wants never"),
            "\(never.body)")
    }

    @Test func aBadNameOrUserOrCallerIsRefused() throws {
        let (server, definitions) = try server()
        let badName = try donate(server, "alice", "bad%20name")
        #expect(badName.status == 400)
        #expect(badName.headers["content-type"] == "application/problem+json")
        #expect(badName.body.contains("is not valid"))
        let badUser = try donate(server, "%01", "deployed")
        #expect(badUser.status == 400, "\(badUser.body)")
        let noKey = try HTTPExchange.send("POST", server.base + "/v1/users/alice/events/deployed")
        #expect(noKey.status == 401)
        let wrongMethod = try HTTPExchange.send(
            "GET", server.base + "/v1/users/alice/events/deployed", headers: service,
            checked: false)
        #expect(wrongMethod.status == 405)
        // A user token acts for its own user only.
        let token = try ServeUserTokenTests.token(
            #"{"sub": "alice", "exp": now + 600, "iss": "\#(ServeProcess.issuer)"}"#,
            key: ServeProcess.tokenSecret, algorithm: "HS256")
        let own = try HTTPExchange.send(
            "POST", server.base + "/v1/users/alice/events/deployed",
            headers: ["Authorization": "Bearer " + token])
        #expect(own.status == 204, "\(own.body)")
        let other = try HTTPExchange.send(
            "POST", server.base + "/v1/users/bob/events/deployed",
            headers: ["Authorization": "Bearer " + token])
        #expect(other.status == 403)
        let status = try walkthrough(
            ["due", "deploys", "--user", "bob", "--json"], server: server,
            definitions: definitions.path)
        #expect(status.standardOutput.contains("bob did deployed 0 times"))
    }

    @Test func aSnoozedStepPutsTheWalkthroughOffUntilItsSnooze() throws {
        let (server, definitions) = try server()
        for _ in 0..<2 { _ = try donate(server, "carol", "deployed") }
        let started = try HTTPExchange.send(
            "POST", server.base + "/v1/users/carol/walkthroughs/deploys/steps", headers: service,
            body:
                #"{"id": "c0000000-0000-4000-8000-000000000001", "step": "started", "page": 1, "version": 1}"#
        )
        #expect(started.status == 200)
        let snoozed = try HTTPExchange.send(
            "POST", server.base + "/v1/users/carol/walkthroughs/deploys/steps", headers: service,
            body:
                #"{"id": "c0000000-0000-4000-8000-000000000002", "step": "snoozed", "page": 2, "version": 1}"#
        )
        #expect(snoozed.status == 200, "\(snoozed.body)")
        #expect(snoozed.body.contains(#""outcome":"snoozed""#), "\(snoozed.body)")
        #expect(snoozed.body.contains(#""lastPage":2"#))
        #expect(snoozed.body.contains(#""snoozedUntil":""#))
        let record = try HTTPExchange.send(
            "GET", server.base + "/v1/users/carol/walkthroughs/deploys", headers: service)
        #expect(record.body.contains(#""outcome":"snoozed""#))
        let evaluation = try evaluate(server, "carol")
        #expect(evaluation.body.contains(#""variant":"snoozed""#), "\(evaluation.body)")
        #expect(evaluation.body.contains(#""dueAt":""#))
        let events = try walkthrough(
            ["events", "--user", "carol"], server: server, definitions: definitions.path)
        #expect(events.standardOutput.contains(#""event":"snoozed""#), "\(events.standardOutput)")
    }
}
#endif
