#if SERVER
import Foundation
@preconcurrency import Glibc
import Testing
import WalkthroughTestSupport

/// `walkthrough serve` on PostgreSQL: two servers sharing one store through pgbouncer in
/// transaction mode, and a database server that goes down and comes back.
@Suite(
    .serialized,
    .enabled(
        if: TestPostgres.unavailableReason == nil
            && TestPostgres.pgBouncerUnavailableReason == nil,
        "no PostgreSQL server or no pgbouncer for the tests"))
struct ServePostgresTests {
    let service = ["Authorization": "Bearer \(ServeProcess.serviceSecret)"]

    func step(
        _ server: ServeProcess, user: String, id: String, _ kind: String, page: Int
    ) throws -> HTTPExchange {
        try HTTPExchange.send(
            "POST", server.base + "/v1/users/\(user)/walkthroughs/foodpin/steps",
            headers: service,
            body: #"{"id": "\#(id)", "step": "\#(kind)", "page": \#(page), "version": 1}"#)
    }

    static func uuid(_ user: Int, _ step: Int) -> String {
        String(format: "%08x-0000-4000-8000-%012x", user, step)
    }

    /// `walkthrough events --user USER` on the server, in direct mode: one line an event.
    func events(of user: String, url: String) throws -> [Substring] {
        let result = try ChildProcess.run(
            [builtExecutable("walkthrough"), "events", "--user", user, "--db", url],
            environment: [
                "PATH": "/usr/bin:/bin", "HOME": "/tmp", "WALKTHROUGH_REPLICA": "off",
            ])
        #expect(result.status == 0, "\(result.standardError)")
        return result.standardOutput.split(separator: "\n")
    }

    @Test func twoServersThroughPgBouncerShareOneStoreAndWriteEachStepOnce() throws {
        let url = try TestPostgres.sharedPgBouncer().freshDatabaseURL()
        let first = try ServeProcess(database: url)
        let second = try ServeProcess(database: url)
        for user in 0..<10 {
            for page in 1...3 {
                let server = (user + page).isMultiple(of: 2) ? first : second
                let answer = try step(
                    server, user: "u\(user)", id: Self.uuid(user, page), "page", page: page)
                #expect(answer.status == 200, "\(answer.body)")
            }
            // The last step again, to the other server: not written twice.
            let again = try step(
                user.isMultiple(of: 2) ? second : first, user: "u\(user)",
                id: Self.uuid(user, 3), "page", page: 3)
            #expect(again.status == 200)
            #expect(again.body.contains(#""lastPage":3"#))
        }
        for user in 0..<10 {
            #expect(try events(of: "u\(user)", url: url).count == 3)
            for server in [first, second] {
                let record = try HTTPExchange.send(
                    "GET", server.base + "/v1/users/u\(user)/walkthroughs/foodpin",
                    headers: service)
                #expect(record.body.contains(#""lastPage":3"#), "\(record.body)")
            }
        }
        #expect(first.stop() == 0)
        #expect(second.stop() == 0)
    }

    @Test func aDatabaseThatGoesDownGives500sThenAnswersAgainWithNothingHalfWritten() throws {
        let database = try TestPostgres.start()
        let server = try ServeProcess(database: database.url)
        let evaluate = {
            try HTTPExchange.send(
                "POST", server.base + "/ofrep/v1/evaluate/flags/foodpin",
                headers: self.service, body: #"{"context": {"targetingKey": "alice"}}"#)
        }
        #expect(try evaluate().status == 200)
        try database.halt()
        let down = try evaluate()
        #expect(down.status == 500)
        #expect(down.body.contains("errorDetails"))
        #expect(!down.body.contains(database.password) || database.password.isEmpty)
        let lost = try step(server, user: "alice", id: Self.uuid(1, 1), "finished", page: 3)
        #expect(lost.status == 500)
        #expect(lost.headers["content-type"] == "application/problem+json")
        try database.restart()
        var back = HTTPExchange(status: 0, headers: [:], body: "", failure: "")
        #expect(
            waitUntil(timeout: 60, interval: 200) {
                back = (try? evaluate()) ?? back
                return back.status == 200
            }, "\(back.status) \(back.body)")
        // The step refused while down was not written; sent again, it is, once.
        #expect(try events(of: "alice", url: database.url).isEmpty)
        let again = try step(server, user: "alice", id: Self.uuid(1, 1), "finished", page: 3)
        #expect(again.status == 200, "\(again.body)")
        #expect(try events(of: "alice", url: database.url).count == 1)
        #expect(server.stop() == 0)
    }
}
#endif
