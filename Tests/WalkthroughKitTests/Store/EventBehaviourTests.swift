import Foundation
import Testing
import WalkthroughKit
import WalkthroughTestSupport

/// The event rules every ``EventRecordingStore`` follows: each test runs on every
/// ``StoreKind`` (in memory, SQLite, PostgreSQL, a replica), so every store is proved by the same
/// tests.
struct EventBehaviourTests {
    static let tour = Walkthrough(
        id: "tour", version: 2,
        pages: (1...4).map { Page(id: "p\($0)", heading: "H\($0)", content: "C\($0)") })

    private func session(
        _ store: any EventRecordingStore, _ user: String, restart: Bool = false,
        forced: Bool = false, recordsEvents: Bool = true
    ) throws -> Session {
        try Session(
            walkthrough: Self.tour, user: user, store: store, restart: restart, locale: "en",
            forced: forced, recordsEvents: recordsEvents)
    }

    /// `(event name, 1-based page)` of every event, in order.
    private func summary(_ events: [WalkthroughEvent]) -> [String] {
        events.map { "\($0.user) \($0.kind.name) \($0.page + 1)" }
    }

    @Test(arguments: StoreKind.allCases)
    func aSessionWritesItsEventsWithItsProgress(kind: StoreKind) throws {
        let store = try kind.make().store
        let session = try session(store, "alice")
        try session.start()
        try session.next()
        try session.jump(to: 3)
        try session.previous()
        try session.skip()
        let events = try store.events()
        #expect(
            summary(events) == [
                "alice started 1", "alice page 1", "alice page 2", "alice page 4", "alice page 3",
                "alice finished 3",
            ])
        #expect(events[0].kind == .started(locale: "en", resumed: false, forced: false))
        #expect(events[5].kind == .finished(.skipped))
        #expect(events.allSatisfy { $0.walkthrough == "tour" && $0.version == 2 })
        #expect(events.allSatisfy { $0.locale == "en" })
        // One transaction, one stamp: the record's and its events' times agree.
        #expect(events[0].time == SteppingClock.instant(1))
        #expect(events[1].time == SteppingClock.instant(1))
        #expect(events.map(\.time) == events.map(\.time).sorted())
        let record = try #require(try store.record(user: "alice", walkthrough: "tour"))
        #expect(record.outcome == .skipped)
        #expect(record.updatedAt == events[5].time)
    }

    @Test(arguments: StoreKind.allCases)
    func quitAndInterruptionAreRecordedAndResumingSaysSo(kind: StoreKind) throws {
        let store = try kind.make().store
        let first = try session(store, "bob")
        try first.start()
        try first.next()
        try first.quit()
        let second = try session(store, "bob")
        try second.start()
        try second.interrupted(by: "SIGTERM")
        let replay = try session(store, "bob", restart: true, forced: true)
        try replay.start()
        let events = try store.events(matching: EventFilter(user: "bob"))
        #expect(
            summary(events) == [
                "bob started 1", "bob page 1", "bob page 2", "bob quit 2", "bob started 2",
                "bob page 2", "bob interrupted 2", "bob started 1", "bob page 1",
            ])
        #expect(events[4].kind == .started(locale: "en", resumed: true, forced: false))
        #expect(events[6].kind == .interrupted(signal: "SIGTERM"))
        #expect(events[7].kind == .started(locale: "en", resumed: false, forced: true))
    }

    @Test(arguments: StoreKind.allCases)
    func aSessionWithoutEventsRecordsNoneButKeepsProgress(kind: StoreKind) throws {
        let store = try kind.make().store
        let session = try session(store, "carol", recordsEvents: false)
        try session.start()
        try session.next()
        try session.quit()
        #expect(try store.events().isEmpty)
        #expect(try store.record(user: "carol", walkthrough: "tour")?.lastPage == 1)
    }

    @Test(arguments: StoreKind.allCases)
    func resetRemovesTheEventsOfWhatItRemoves(kind: StoreKind) throws {
        let store = try kind.make().store
        for user in ["alice", "bob"] {
            for id in ["tour", "other"] {
                try store.write(
                    SessionStep(
                        user: user, walkthrough: id, version: 1, change: .progress(page: 0),
                        events: [.init(.page, page: 0)]))
            }
        }
        func remaining() throws -> [String] {
            try store.events().map { "\($0.user)/\($0.walkthrough)" }
        }
        #expect(try store.reset(user: "alice", walkthrough: "tour") == 1)
        #expect(try remaining() == ["alice/other", "bob/tour", "bob/other"])
        #expect(try store.resetAllUsers(walkthrough: "other") == 2)
        #expect(try remaining() == ["bob/tour"])
        #expect(try store.reset(user: "bob", walkthrough: nil) == 1)
        #expect(try remaining().isEmpty)
    }

    @Test(arguments: StoreKind.allCases)
    func pruneRemovesOnlyOlderEventsAndADryRunNone(kind: StoreKind) throws {
        let store = try kind.make().store
        for page in 0..<4 {
            try store.write(
                SessionStep(
                    user: "alice", walkthrough: "tour", version: 2,
                    change: .progress(page: page), events: [.init(.page, page: page)]))
        }
        let before = SteppingClock.instant(3)
        #expect(try store.pruneEvents(before: before, dryRun: true) == 2)
        #expect(try store.events().count == 4)
        #expect(try store.pruneEvents(before: before, dryRun: false) == 2)
        #expect(try store.events().map(\.page) == [2, 3])
        #expect(try store.pruneEvents(before: before, dryRun: false) == 0)
        // The record stays.
        #expect(try store.record(user: "alice", walkthrough: "tour")?.lastPage == 3)
    }

    @Test(arguments: StoreKind.allCases)
    func filtersSelectByWalkthroughUserAndTime(kind: StoreKind) throws {
        let store = try kind.make().store
        for (user, id) in [("alice", "tour"), ("bob", "tour"), ("alice", "other")] {
            try store.write(
                SessionStep(
                    user: user, walkthrough: id, version: 1, change: nil,
                    events: [.init(.quit, page: 0)]))
        }
        #expect(try store.events(matching: EventFilter(walkthrough: "tour")).count == 2)
        #expect(try store.events(matching: EventFilter(user: "alice")).count == 2)
        #expect(
            try store.events(matching: EventFilter(walkthrough: "tour", user: "alice")).count
                == 1)
        let late = try store.events(matching: EventFilter(since: SteppingClock.instant(2)))
        #expect(late.map(\.user) == ["bob", "alice"])
    }

    @Test(arguments: StoreKind.allCases)
    func oddNamesAndManyEventsComeBackExactlyAndInOrder(kind: StoreKind) throws {
        let store = try kind.make().store
        // More than one page of reading (a thousand), all in one millisecond for some.
        for (index, user) in oddUserNames.filter({ !$0.contains("\u{0}") }).enumerated() {
            try store.write(
                SessionStep(
                    user: user, walkthrough: "tour", version: 1, change: nil,
                    events: (0..<80).map { .init(.page, page: $0 + index) }, locale: user))
        }
        let events = try store.events()
        #expect(events.count == 80 * (oddUserNames.count - 1))
        var expected: [String] = []
        for (index, user) in oddUserNames.filter({ !$0.contains("\u{0}") }).enumerated() {
            expected += (0..<80).map { "\(user)|\($0 + index)|\(user)" }
        }
        #expect(events.map { "\($0.user)|\($0.page)|\($0.locale ?? "")" } == expected)
    }

    // MARK: - The funnel

    /// A known population: what each user did, and the figures it implies.
    static func playPopulation(on store: any EventRecordingStore) throws {
        let tour = Self.tour
        func session(_ user: String, restart: Bool = false, version: Int = 2) throws -> Session {
            var walkthrough = tour
            walkthrough.version = version
            return try Session(walkthrough: walkthrough, user: user, store: store, restart: restart)
        }
        // completed straight through: 1 → 4, finish.
        let a = try session("a")
        try a.start()
        for _ in 0..<4 { try a.next() }
        // skipped on page 2.
        let b = try session("b")
        try b.start()
        try b.next()
        try b.skip()
        // quit at page 1, 2 and 3.
        for (user, moves) in [("c", 0), ("d", 1), ("e", 2)] {
            let s = try session(user)
            try s.start()
            for _ in 0..<moves { try s.next() }
            try s.quit()
        }
        // quit at page 3, resumed, completed.
        let f1 = try session("f")
        try f1.start()
        try f1.next()
        try f1.next()
        try f1.quit()
        let f2 = try session("f")
        try f2.start()
        try f2.next()
        try f2.next()
        // interrupted on page 4 (jumped there: pages 2 and 3 never shown).
        let g = try session("g")
        try g.start()
        try g.jump(to: 3)
        try g.interrupted(by: "SIGINT")
        // another version: not counted at version 2.
        let h = try session("h", version: 1)
        try h.start()
        try h.next()
    }

    @Test(arguments: StoreKind.allCases)
    func theFunnelCountsWhatThePopulationImplies(kind: StoreKind) throws {
        let store = try kind.make().store
        try Self.playPopulation(on: store)
        let stats = try store.funnel(of: Self.tour)
        #expect(stats.walkthrough == "tour")
        #expect(stats.version == 2)
        #expect(stats.users == 7)
        #expect(stats.completed == 2)
        #expect(stats.skipped == 1)
        #expect(stats.inProgress == 4)
        #expect(stats.completionRate == 2.0 / 7.0)
        #expect(stats.pages.map(\.id) == ["p1", "p2", "p3", "p4"])
        #expect(stats.pages.map(\.reached) == [7, 5, 3, 3])
        #expect(stats.pages.map(\.dropped) == [1, 1, 1, 1])
        // The stepping clock ticks a second a write: a took 4 s (its start at tick 1, its
        // finish at tick 5); f first started at tick 18 and completed at tick 24.
        let events = try store.events()
        let reference = FunnelStats(
            walkthrough: "tour", version: 2, pageCount: 4, events: events)
        #expect(stats.medianSecondsToComplete == reference.medianSecondsToComplete)
        #expect(stats.medianSecondsToComplete == (4.0 + 6.0) / 2)
        var withoutIDs = stats
        for index in withoutIDs.pages.indices { withoutIDs.pages[index].id = nil }
        #expect(withoutIDs == reference)
        // Version 1 had one user, still on page 2; an older version gets no page ids.
        let old = try store.funnel(of: Self.tour, version: 1)
        #expect(old.users == 1)
        #expect(old.inProgress == 1)
        #expect(old.pages.map(\.dropped) == [0, 1, 0, 0])
        #expect(old.pages.allSatisfy { $0.id == nil })
    }

    @Test(arguments: StoreKind.allCases)
    func theFunnelSinceADateCountsOnlyWhoStartedThen(kind: StoreKind) throws {
        let store = try kind.make().store
        try Self.playPopulation(on: store)
        let all = try store.events()
        // From g's start on: g alone started then (h is another version).
        let since = try #require(all.first { $0.user == "g" }?.time)
        let stats = try store.funnel(of: Self.tour, since: since)
        #expect(stats.users == 1)
        #expect(stats.inProgress == 1)
        #expect(stats.pages.map(\.reached) == [1, 0, 0, 1])
        #expect(stats.pages.map(\.dropped) == [0, 0, 0, 1])
        #expect(stats.medianSecondsToComplete == nil)
        let none = try store.funnel(of: Self.tour, since: Timestamp(timeIntervalSince1970: 4e9))
        #expect(none.users == 0)
        #expect(none.completionRate == nil)
        #expect(none.pages.count == 4)
    }
}
