import Foundation
import Synchronization
import Testing
import WalkthroughFleet
import WalkthroughKit
import WalkthroughTestSupport

/// The events partitioned by month on PostgreSQL (schema version 6): a writer whose event
/// finds no partition makes it; `pruneEvents(before:)` drops the months wholly before the date
/// and deletes the rest; reading is unchanged; a role bound by row security only deletes its
/// own.
@Suite(.enabled(if: TestPostgres.unavailableReason == nil, "no PostgreSQL server for the tests"))
struct PostgresPartitionTests {
    /// Milliseconds since 1970 of a UTC date and time.
    private static func instant(_ text: String) -> Timestamp {
        let date = ISO8601DateFormatter().date(from: text)!
        return Timestamp(timeIntervalSince1970: date.timeIntervalSince1970)
    }

    /// A clock the test sets.
    final class SetClock: Sendable {
        private let value: Mutex<Timestamp>
        init(_ date: Timestamp) { value = Mutex(date) }
        func set(_ date: Timestamp) { value.withLock { $0 = date } }
        func now() -> Timestamp { value.withLock { $0 } }
    }

    /// A store whose clock is `clock`.
    private func store(url: String, clock: SetClock) throws -> PostgresSeenStore {
        try PostgresSeenStore(url: url, now: { clock.now() })
    }

    private func partitions(_ admin: RawPostgres) throws -> [String] {
        try admin.rows(
            """
            SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
            WHERE i.inhparent = 'walkthrough_events'::regclass ORDER BY 1
            """
        ).compactMap { $0.first ?? nil }
    }

    /// A page move with its event; the first page's also starts the session.
    private func step(_ user: String, page: Int) -> SessionStep {
        let started = SessionStep.Event(
            .started(locale: nil, resumed: false, forced: false), page: page)
        return SessionStep(
            user: user, walkthrough: "tour", version: 1, change: .progress(page: page),
            events: (page == 0 ? [started] : []) + [.init(.page, page: page)])
    }

    @Test func writersMakeTheirMonthAndPruneDropsWholeMonths() throws {
        let url = try TestPostgres.shared().freshSchemaURL()
        let clock = SetClock(Self.instant("2020-01-10T12:00:00Z"))
        let store = try store(url: url, clock: clock)
        let admin = try RawPostgres(url)
        let ahead = try partitions(admin)
        #expect(ahead.count == 3, "\(ahead)")
        #expect(!ahead.contains("walkthrough_events_2020_01"))

        // Events in months that have no partition yet: each write makes its own.
        try store.write(step("ann", page: 0))
        clock.set(Self.instant("2020-01-31T23:59:59Z"))
        try store.write(step("ann", page: 1))
        clock.set(Self.instant("2020-02-01T00:00:00Z"))
        try store.write(step("ben", page: 0))
        clock.set(Self.instant("2020-02-20T08:00:00Z"))
        try store.write(step("ben", page: 1))
        let made = try partitions(admin)
        #expect(made.contains("walkthrough_events_2020_01"))
        #expect(made.contains("walkthrough_events_2020_02"))
        #expect(
            try admin.scalar("SELECT count(*) FROM walkthrough_events_2020_01") == "3")
        #expect(try store.events().map(\.user) == ["ann", "ann", "ann", "ben", "ben", "ben"])

        // Before 15 February: January goes as a whole, February's first event row by row.
        let before = Self.instant("2020-02-15T00:00:00Z")
        #expect(try store.pruneEvents(before: before, dryRun: true) == 5)
        #expect(try partitions(admin) == made)
        #expect(try store.pruneEvents(before: before, dryRun: false) == 5)
        let left = try partitions(admin)
        #expect(!left.contains("walkthrough_events_2020_01"))
        #expect(left.contains("walkthrough_events_2020_02"))
        let events = try store.events()
        #expect(events.map(\.user) == ["ben"])
        #expect(events.first?.time == Self.instant("2020-02-20T08:00:00Z"))
        // The funnel keeps what the pruned events said.
        let funnel = try store.funnelStats(
            walkthrough: "tour", version: 1, since: nil, pageCount: 2)
        #expect(funnel.users == 2)
        #expect(funnel.pages.map(\.reached) == [2, 2])
        #expect(try store.record(user: "ann", walkthrough: "tour")?.lastPage == 1)
    }

    @Test func aRoleBoundByRowSecurityOnlyDeletesItsOwnEvents() throws {
        let secured = try RowSecuredStore(TestPostgres.shared())
        let clock = SetClock(Self.instant("2020-03-05T12:00:00Z"))
        let owner = try store(url: secured.adminURL, clock: clock)
        let role = try store(url: secured.roleURL, clock: clock)
        // The everyday role's write makes the month (through the migrating role's function).
        try role.write(step(secured.role, page: 0))
        try owner.write(step("someone-else", page: 0))
        clock.set(Self.instant("2020-04-05T12:00:00Z"))
        let april = Self.instant("2020-04-01T00:00:00Z")
        #expect(try role.pruneEvents(before: april, dryRun: false) == 2)
        let admin = try RawPostgres(secured.adminURL)
        #expect(try partitions(admin).contains("walkthrough_events_2020_03"))
        #expect(try owner.events().map(\.user) == ["someone-else", "someone-else"])
    }
}
