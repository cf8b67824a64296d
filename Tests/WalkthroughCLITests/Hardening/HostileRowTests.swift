import Foundation
import Testing
import WalkthroughTestSupport

/// Rows another program wrote into a real store: values of the wrong type or out of range, and a
/// trigger that refuses writes. Each reaches the user as one line and exit 74 from the built
/// binary: no crash (a trap would exit 132 or 133), no endless output.
@Suite(.serialized)
struct HostileRowTests {
    /// A sandbox whose store holds `tour` records, then `sql` run on it with the sqlite3 tool.
    private func sandbox(altering sql: String) throws -> Sandbox {
        let sandbox = try Sandbox()
        try sandbox.define("tour.json", definition())
        try sandbox.seed("tour", user: "alice")
        try sandbox.seed("tour", user: "bob")
        let sqlite = try ChildProcess.run(
            ["/usr/bin/sqlite3", sandbox.database, sql], environment: [:],
            directory: sandbox.folder.path)
        try #require(sqlite.status == 0, "\(sqlite.standardError)")
        return sandbox
    }

    private func expectStoreError(
        _ result: ProgramResult, mentioning words: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(result.status == 74, "\(result.standardError)", sourceLocation: sourceLocation)
        #expect(
            result.standardError.filter { $0 == "\n" }.count == 1, "\(result.standardError)",
            sourceLocation: sourceLocation)
        #expect(
            result.standardError.contains(words), "\(result.standardError)",
            sourceLocation: sourceLocation)
    }

    /// Keys stored as BLOBs sort after every text key, so paging by the last key read would
    /// find the same page again for ever; such rows are refused as damage instead.
    @Test func keysStoredAsBlobsEndStatusWithAnError() throws {
        let sandbox = try sandbox(
            altering: """
                WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 1500)
                INSERT INTO seen SELECT CAST(printf('b%05d', x) AS BLOB), 'tour', 1, 'completed',
                0, 1700000000000, NULL FROM n;
                """)
        for command in [["status", "--json"], ["status"]] {
            let result = try sandbox.execute(command)
            expectStoreError(
                result,
                mentioning:
                    "damaged (the seen table holds a blob in its user column, where text belongs")
            #expect(result.standardOutput.utf8.count < 1_000_000, "\(command) kept printing")
        }
    }

    @Test(arguments: [
        ("updated_at = 9223372036854775807", "an updated_at out of range"),
        ("updated_at = 1e300", "a real number in its updated_at column"),
        ("last_page = 9223372036854775807", "a last_page out of range"),
        ("version = 'one'", "text in its version column"),
    ])
    func outOfRangeValuesAreDamageNotACrash(assignment: String, words: String) throws {
        let sandbox = try sandbox(altering: "UPDATE seen SET \(assignment) WHERE user = 'alice';")
        for command in [["status"], ["status", "--json"], ["seen", "tour"], ["play", "tour"]] {
            expectStoreError(try sandbox.execute(command, input: "next\n"), mentioning: words)
        }
    }

    /// A failure SQLite reports for a write (here a trigger someone added) is one line, with
    /// SQLite's message and code, without the statement's SQL.
    @Test func aRefusedWriteIsOneLineWithoutSQL() throws {
        let sandbox = try sandbox(
            altering: """
                CREATE TRIGGER no_more BEFORE INSERT ON seen
                BEGIN SELECT RAISE(ABORT, 'no new users
                please'); END;
                """)
        let result = try sandbox.execute(["mark", "tour", "--user", "carol"])
        expectStoreError(result, mentioning: "refused the change (no new users please")
        #expect(!result.standardError.contains("INSERT"))
    }
}
