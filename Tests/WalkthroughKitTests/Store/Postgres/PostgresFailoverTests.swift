import Foundation
import Testing
import WalkthroughFleet
import WalkthroughKit
import WalkthroughTestSupport

/// The server going away under a store that is writing: restarted (`pg_ctl restart`) while a
/// writer process writes in a loop, and a primary stopped and its streaming standby promoted
/// behind a two-host URI with `target_session_attrs=read-write`. Each test runs its own
/// servers; every write acknowledged before, during and after must be there afterwards, and the
/// same store object (the same process) must keep writing.
@Suite(.enabled(if: TestPostgres.unavailableReason == nil, "no PostgreSQL server for the tests"))
struct PostgresFailoverTests {
    /// `pg_ctl restart` twice while `StoreTestWriter acks` writes: the writer's store reconnects
    /// each time (it goes on acknowledging, no error), and every acknowledged write is on the
    /// server.
    @Test func aRestartDuringWritesLosesNoAcknowledgedWrite() throws {
        let server = try TestPostgres.start()
        let writer = try ChildProcess([try storeTestWriterPath(), "acks", server.url, "w"])
        var acknowledged = 0
        for restart in 1...2 {
            acknowledged += 20
            #expect(
                writer.waitForOutput("ack \(acknowledged)\n", timeout: 60),
                "before restart \(restart): \(writer.standardError)")
            try server.restart()
            acknowledged = Self.acknowledgements(writer.standardOutput)
        }
        // Writing goes on after the last restart: the store reconnected.
        #expect(
            writer.waitForOutput("ack \(acknowledged + 20)\n", timeout: 60),
            "after the restarts: \(writer.standardError)")
        writer.signal(SIGKILL)
        #expect(writer.wait() == 128 + SIGKILL)
        #expect(writer.standardError.isEmpty, "the writer failed: \(writer.standardError)")
        let count = Self.acknowledgements(writer.standardOutput)
        try Self.expectPresent(prefix: "w", count: count, on: server)
    }

    /// A store opened on `primary,standby` with `target_session_attrs=read-write`: the primary
    /// crashes (after the standby caught up), the standby is promoted, and the same store object
    /// writes on; nothing written before is lost.
    @Test func theSameStoreFollowsAPromotedStandby() throws {
        let primary = try TestPostgres.start()
        let standby = try primary.startStandby()
        let url = primary.url(
            hosts: [primary, standby],
            parameters: ["target_session_attrs=read-write", "connect_timeout=5"])
        let store = try PostgresSeenStore(url: url)
        #expect(store.location.contains("127.0.0.1:\(primary.port),127.0.0.1:\(standby.port)"))
        for index in 0..<10 {
            try store.markSeen(
                user: "before-\(index)", walkthrough: "foodpin", version: 1, outcome: .completed)
        }
        try store.saveProgress(user: "alice", walkthrough: "tour", version: 1, page: 2)
        #expect(waitUntil(timeout: 30, interval: 20) { standby.hasReplayed(everythingOf: primary) })
        try primary.halt(immediately: true)
        try standby.promote()

        try store.markSeen(user: "alice", walkthrough: "tour", version: 1, outcome: .completed)
        for index in 0..<10 {
            try store.markSeen(
                user: "after-\(index)", walkthrough: "foodpin", version: 1, outcome: .skipped)
        }
        #expect(try store.records(user: nil).count == 21)
        let raw = try RawPostgres(standby.url)
        #expect(try raw.scalar("SELECT pg_is_in_recovery()") == "f")
        #expect(try raw.scalar("SELECT count(*) FROM walkthrough_seen") == "21")
        #expect(
            try raw.rows(
                "SELECT outcome, last_page FROM walkthrough_seen WHERE user_name = 'alice'")
                == [["completed", "2"]])
    }

    /// `StoreTestWriter acks` writing in a loop through the two-host URI while the primary is
    /// stopped (`pg_ctl stop -m fast`, which sends the standby all WAL first) and the standby
    /// promoted: the writer goes on acknowledging with no error, and every write it
    /// acknowledged, before or after, is on the promoted standby.
    @Test func aWriterKeepsWritingThroughAFailover() throws {
        let primary = try TestPostgres.start()
        let standby = try primary.startStandby()
        let url = primary.url(
            hosts: [primary, standby],
            parameters: ["target_session_attrs=read-write", "connect_timeout=5"])
        let writer = try ChildProcess([try storeTestWriterPath(), "acks", url, "f"])
        #expect(writer.waitForOutput("ack 30\n", timeout: 60), "\(writer.standardError)")
        try primary.halt()
        try standby.promote()
        let atFailover = Self.acknowledgements(writer.standardOutput)
        #expect(
            writer.waitForOutput("ack \(atFailover + 30)\n", timeout: 60),
            "after the failover: \(writer.standardError)")
        writer.signal(SIGKILL)
        #expect(writer.wait() == 128 + SIGKILL)
        #expect(writer.standardError.isEmpty, "the writer failed: \(writer.standardError)")
        let count = Self.acknowledgements(writer.standardOutput)
        try Self.expectPresent(prefix: "f", count: count, on: standby)
    }

    // MARK: - Helpers

    /// How many writes the writer acknowledged: its whole `ack N` lines (a kill may cut the
    /// last one), checked to be 0, 1, 2, … in order.
    static func acknowledgements(_ output: String) -> Int {
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.enumerated().allSatisfy { $0.element == "ack \($0.offset)" })
        return lines.count
    }

    /// Expects the records `PREFIX-0 … PREFIX-(count-1)` on `server`, and at most the one write
    /// in flight at the kill besides.
    static func expectPresent(prefix: String, count: Int, on server: TestPostgres) throws {
        let users = Set(
            try RawPostgres(server.url).rows(
                "SELECT user_name FROM walkthrough_seen WHERE user_name LIKE '\(prefix)-%'"
            ).compactMap { $0.first ?? nil })
        let lost = (0..<count).filter { !users.contains("\(prefix)-\($0)") }
        #expect(lost.isEmpty, "acknowledged writes lost: \(lost.prefix(10)) of \(count)")
        #expect(users.count == count || users.count == count + 1)
    }
}
