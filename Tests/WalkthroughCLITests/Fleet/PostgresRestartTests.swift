import Foundation
import Synchronization
import Testing
import WalkthroughKit
import WalkthroughTestSupport

/// A PostgreSQL server that restarts while commands run: a new command waits for it within its
/// connect budget instead of failing, and prints nothing of the server's notices.
@Suite(
    .serialized,
    .enabled(if: TestPostgres.unavailableReason == nil, "no PostgreSQL server for the tests"))
struct PostgresRestartTests {
    /// `pg_ctl restart -m immediate` over and over while 300 `mark` commands run one after the
    /// other: none fails, none prints anything on standard error.
    @Test func marksDuringImmediateRestartsAllSucceedAndPrintNothing() throws {
        let server = try TestPostgres.start()
        let sandbox = try Sandbox()
        try sandbox.define("tour.json", definition())
        let first = try sandbox.execute(["mark", "tour", "--db", server.url, "--user", "first"])
        try #require(first.status == 0, "\(first.standardError)")

        let restartErrors = Mutex<[String]>([])
        let restarter = BackgroundThread {
            for _ in 0..<4 {
                do {
                    try server.restart(immediately: true)
                } catch {
                    restartErrors.withLock { $0.append("\(error)") }
                }
            }
        }
        var failures: [String] = []
        for number in 1...300 {
            let result = try sandbox.execute(
                ["mark", "tour", "--db", server.url, "--user", "user-\(number)"])
            if result.status != 0 || !result.standardError.isEmpty {
                failures.append("mark \(number): exit \(result.status): \(result.standardError)")
            }
        }
        restarter.join()
        #expect(restartErrors.withLock { $0 }.isEmpty)
        #expect(failures.isEmpty, "\(failures.count) failed: \(failures.prefix(3))")
        let count = try server.withAdmin {
            try $0.scalar("SELECT count(*) FROM walkthrough_seen WHERE user_name LIKE 'user-%'")
        }
        #expect(count == "300")
    }

    /// A URL whose one server that answers is a read-only standby, for a command that writes:
    /// the message says so, not "connection refused".
    @Test func aReadOnlyStandbyIsNamedAsSuch() throws {
        let primary = try TestPostgres.start()
        let standby = try primary.startStandby()
        let sandbox = try Sandbox()
        try sandbox.define("tour.json", definition())
        // A host where nothing listens first, so that libpq's message holds a refusal too.
        let url = standby.url(hosts: [standby], parameters: ["target_session_attrs=read-write"])
            .replacingOccurrences(
                of: "@\(standby.host):\(standby.port)",
                with: "@127.0.0.1:1,\(standby.host):\(standby.port)")
        #expect(url.contains("127.0.0.1:1,"))
        let result = try sandbox.execute(["mark", "tour", "--db", url])
        #expect(result.status == 74, "\(result.standardError)")
        #expect(result.standardError.contains("read-only standby"), "\(result.standardError)")
        #expect(!result.standardError.contains("connection refused"), "\(result.standardError)")
    }
}
