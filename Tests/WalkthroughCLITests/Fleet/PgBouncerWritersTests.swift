import Foundation
import Testing
import WalkthroughTestSupport

/// Many writers through pgbouncer in transaction pooling mode (Debian's 1.18: no
/// protocol-level prepared statements), as a fleet runs PostgreSQL: 16 processes
/// (`StoreTestWriter pooled`, which opens the store as `walkthrough` does), each marking 100
/// users and checking each with a second, read-only store, 16 clients and 16 readers sharing 4
/// server connections; then the built `walkthrough` reads every mark back through the pooler.
/// Round 2's store failed here: a read-only store's session setting reached the writers
/// ("cannot execute CREATE TABLE in a read-only transaction") and prepared statements collided
/// (SQLSTATE 42P05).
@Suite(
    .serialized,
    .enabled(
        if: TestPostgres.unavailableReason == nil && TestPostgres.pgBouncerUnavailableReason == nil,
        "no PostgreSQL server or no pgbouncer for the tests"))
struct PgBouncerWritersTests {
    static let writers = 16
    static let marks = 100

    /// Runs the 16 writers with the replica on (each writer a machine with a replica of its
    /// own) or off.
    private func runWriters(replica: Bool) throws -> (Sandbox, String) {
        let sandbox = try Sandbox()
        try sandbox.copyExample("foodpin.json")
        let url = try TestPostgres.sharedPgBouncer().freshDatabaseURL()
        let children = try (0..<Self.writers).map { index in
            var environment = sandbox.environment
            environment["WALKTHROUGH_REPLICA"] =
                replica ? sandbox.folder.file("replica-\(index).sqlite3") : "off"
            return try ChildProcess(
                [
                    builtExecutable("StoreTestWriter"), "pooled", url, "w\(index)",
                    String(Self.marks),
                ],
                environment: environment, directory: sandbox.folder.path)
        }
        for (index, child) in children.enumerated() {
            let status = child.wait(timeout: 600)
            #expect(status == 0, "writer \(index): \(child.standardError)")
        }
        if replica {
            // Whatever a mark could not push within its budget, each machine pushes now.
            for index in 0..<Self.writers {
                let result = try sandbox.execute(
                    ["sync", "--json"],
                    extra: [
                        "WALKTHROUGH_DB": url,
                        "WALKTHROUGH_REPLICA": sandbox.folder.file("replica-\(index).sqlite3"),
                    ])
                // Exit 0: nothing is left pending.
                #expect(result.status == 0, "sync \(index): \(result.standardError)")
            }
        }
        return (sandbox, url)
    }

    /// Every user every writer marked is on the server, completed, read back through the
    /// pooler in direct mode.
    private func expectEveryMark(_ sandbox: Sandbox, url: String) throws {
        let result = try sandbox.execute(["status", "--json"], extra: ["WALKTHROUGH_DB": url])
        #expect(result.status == 0, "\(result.standardError)")
        let records = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
                as? [[String: Any]])
        let completed = Set(
            records.compactMap { record -> String? in
                record["outcome"] as? String == "completed" ? record["user"] as? String : nil
            })
        let expected = Set(
            (0..<Self.writers).flatMap { writer in
                (0..<Self.marks).map { "w\(writer)-\($0)" }
            })
        #expect(records.count == Self.writers * Self.marks)
        #expect(completed == expected)
    }

    @Test func sixteenWritersInDirectModeLoseNothingAndNeverFail() throws {
        let (sandbox, url) = try runWriters(replica: false)
        try expectEveryMark(sandbox, url: url)
    }

    @Test func sixteenWritersWithReplicasPushEverything() throws {
        let (sandbox, url) = try runWriters(replica: true)
        try expectEveryMark(sandbox, url: url)
    }
}
