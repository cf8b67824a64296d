#if SERVER
import Foundation
@preconcurrency import Glibc
import Testing
import WalkthroughTestSupport

/// The `/v1` routes against the built `walkthrough serve`: steps written as `play` writes
/// them, read back with the built `walkthrough` command on the same database.
@Suite(.serialized) struct ServeStepsTests {
    let service = ["Authorization": "Bearer \(ServeProcess.serviceSecret)"]
    let admin = ["Authorization": "Bearer \(ServeProcess.adminSecret)"]

    func step(
        _ server: ServeProcess, user: String, _ id: String, _ kind: String, page: Int,
        walkthrough: String = "foodpin"
    ) throws -> HTTPExchange {
        try HTTPExchange.send(
            "POST", server.base + "/v1/users/\(user)/walkthroughs/\(walkthrough)/steps",
            headers: service,
            body: #"{"id": "\#(id)", "step": "\#(kind)", "page": \#(page), "version": 1}"#)
    }

    func walkthrough(_ arguments: [String], database: String) throws -> ProgramResult {
        try ChildProcess.run(
            [builtExecutable("walkthrough")] + arguments + ["--db", database],
            environment: ["PATH": "/usr/bin:/bin", "HOME": "/tmp", "NO_COLOR": "1"])
    }

    @Test func stepsAreTheCommandsOwnWritesAndASecondSendingWritesNothing() throws {
        let server = try ServeProcess()
        let started = try step(
            server, user: "alice", "a0000000-0000-4000-8000-000000000001", "started", page: 1)
        #expect(started.status == 200, "\(started.body)")
        #expect(started.body.contains(#""outcome":"inProgress""#))
        let page = try step(
            server, user: "alice", "a0000000-0000-4000-8000-000000000002", "page", page: 2)
        #expect(page.body.contains(#""lastPage":2"#), "\(page.body)")
        // The same step again: the same answer, nothing written.
        let again = try step(
            server, user: "alice", "a0000000-0000-4000-8000-000000000002", "page", page: 2)
        #expect(again.status == 200)
        #expect(again.body == page.body)
        let record = try HTTPExchange.send(
            "GET", server.base + "/v1/users/alice/walkthroughs/foodpin", headers: service)
        #expect(record.status == 200)
        #expect(record.body.contains(#""lastPage":2"#))
        // What `walkthrough` sees in the same database.
        let status = try walkthrough(
            ["status", "--user", "alice", "--json"], database: server.database)
        #expect(
            status.standardOutput.contains(#""outcome": "inProgress""#), "\(status.standardOutput)")
        let events = try walkthrough(["events", "--user", "alice"], database: server.database)
        let lines = events.standardOutput.split(separator: "\n")
        #expect(lines.count == 2, "\(events.standardOutput)")
        #expect(lines.first?.contains(#""event":"started""#) == true)
        #expect(lines.last?.contains(#""event":"page""#) == true)
        let finished = try step(
            server, user: "alice", "a0000000-0000-4000-8000-000000000003", "finished", page: 3)
        #expect(finished.body.contains(#""outcome":"completed""#))
        let seen = try walkthrough(
            ["seen", "foodpin", "--user", "alice", "-q"], database: server.database)
        #expect(seen.status == 0)
    }

    @Test func aBadStepIsRefusedWithAProblem() throws {
        let server = try ServeProcess()
        for body in [
            #"{"id": "not-a-uuid", "step": "page", "page": 1, "version": 1}"#,
            #"{"id": "a0000000-0000-4000-8000-000000000001", "step": "jump", "page": 1, "version": 1}"#,
            #"{"id": "a0000000-0000-4000-8000-000000000001", "step": "page", "page": 9, "version": 1}"#,
            #"{"id": "a0000000-0000-4000-8000-000000000001", "step": "page", "page": 1, "version": 7}"#,
            #"{"id": "a0000000-0000-4000-8000-0000"#,
        ] {
            let answer = try HTTPExchange.send(
                "POST", server.base + "/v1/users/alice/walkthroughs/foodpin/steps",
                headers: service, body: body)
            #expect(answer.status == 400, "\(body): \(answer.body)")
            #expect(answer.headers["content-type"] == "application/problem+json")
        }
        let unknown = try step(
            server, user: "alice", "a0000000-0000-4000-8000-000000000001", "page", page: 1,
            walkthrough: "nope")
        #expect(unknown.status == 404)
        let status = try walkthrough(
            ["status", "--user", "alice", "--json"], database: server.database)
        #expect(!status.standardOutput.contains("foodpin"))
    }

    @Test func onlyAnAdminKeyResetsAndReadsStats() throws {
        let server = try ServeProcess()
        _ = try step(
            server, user: "bob", "b0000000-0000-4000-8000-000000000001", "started", page: 1)
        _ = try step(
            server, user: "bob", "b0000000-0000-4000-8000-000000000002", "skipped", page: 1)
        let refused = try HTTPExchange.send(
            "DELETE", server.base + "/v1/users/bob/walkthroughs/foodpin", headers: service)
        #expect(refused.status == 403)
        let stats = try HTTPExchange.send(
            "GET", server.base + "/v1/walkthroughs/foodpin/stats", headers: admin)
        #expect(stats.status == 200)
        #expect(stats.body.contains(#""skipped":1"#), "\(stats.body)")
        let reset = try HTTPExchange.send(
            "DELETE", server.base + "/v1/users/bob/walkthroughs/foodpin", headers: admin)
        #expect(reset.status == 200)
        #expect(reset.body.contains(#""outcome":"skipped""#))
        let gone = try HTTPExchange.send(
            "GET", server.base + "/v1/users/bob/walkthroughs/foodpin", headers: service)
        #expect(gone.status == 404)
    }

    @Test func theWalkthroughAsTheUserWouldBeShownItResumes() throws {
        let server = try ServeProcess()
        _ = try step(server, user: "carol", "c0000000-0000-4000-8000-000000000001", "page", page: 2)
        let view = try HTTPExchange.send(
            "GET", server.base + "/v1/walkthroughs/foodpin?user=carol&locale=zh-Hant",
            headers: service)
        #expect(view.status == 200)
        #expect(view.body.contains(#""startPage":2"#), "\(view.body)")
        #expect(view.body.contains(#""locale":"zh-Hant""#))
        #expect(view.body.contains("/v1/walkthroughs/foodpin/images/foodpin-intro-1.png"))
        let image = try HTTPExchange.send(
            "GET", server.base + "/v1/walkthroughs/foodpin/images/foodpin-intro-1.png")
        #expect(image.status == 200)
        #expect(image.headers["content-type"] == "image/png")
        for path in [
            "/v1/walkthroughs/foodpin/images/..%2F..%2Ffoodpin.json",
            "/v1/walkthroughs/foodpin/images/../foodpin.json",
            "/v1/walkthroughs/foodpin/images/schema.json",
            "/v1/walkthroughs/..%2Fwalkthroughs%2Ffoodpin/images/foodpin-intro-1.png",
        ] {
            let answer = try HTTPExchange.send(
                "GET", server.base + path, headers: service, checked: false)
            #expect([400, 404].contains(answer.status), "\(path): \(answer.status)")
            #expect(!answer.body.contains("\"pages\""))
        }
    }
}
#endif
