import Foundation
import Testing
import WalkthroughKit
import WalkthroughTestSupport

/// "Later": a session put off until the definition's `snooze` has passed, on every store, with
/// the clock the test sets: the record, the event, the reason, its end, the page it resumes on
/// and `maxShows` counting the show.
struct SnoozeTests {
    static let t0 = DonationRuleTests.t0
    static let hour: Int64 = 3_600_000

    static func at(_ milliseconds: Int64) -> Timestamp { DonationRuleTests.at(milliseconds) }

    static func tour(snooze: Duration? = nil, maxShows: Int? = nil) -> Walkthrough {
        var tour = Walkthrough(
            id: "tour",
            pages: (1...3).map { Page(id: "p\($0)", heading: "H\($0)", content: "") },
            when: ShowRules(maxShows: maxShows))
        if let snooze { tour.snooze = snooze }
        return tour
    }

    /// A gate on `store` whose rules and sessions read `clock`.
    static func gate(_ store: any SeenStore, clock: ManualClock) -> FirstRunGate {
        var gate = FirstRunGate(user: "alice", store: .store(store), environment: [:])
        gate.clock = clock.now
        return gate
    }

    @Test(arguments: StoreKind.allCases)
    func snoozingPutsItOffUntilItsSnoozeThenResumesOnThePage(kind: StoreKind) throws {
        let clock = ManualClock(Self.t0)
        let store = try kind.make(now: clock.now).store
        let tour = Self.tour(snooze: .seconds(2 * 3600))
        let gate = Self.gate(store, clock: clock)
        guard case .show(let session) = try gate.decide(.walkthrough(tour)) else {
            Issue.record("a new user is shown the walkthrough")
            return
        }
        try session.start()
        clock.set(Self.at(1))
        try session.next()
        // Each write at its own millisecond, as a person's keys come (a fleet's replica merges
        // a record into the server's by its time).
        clock.set(Self.at(2))
        let until = try session.snooze()
        #expect(until == Self.at(2 * Self.hour + 2))

        let record = try #require(try store.record(user: "alice", walkthrough: "tour"))
        #expect(record.outcome == .snoozed)
        #expect(record.lastPage == 1)
        #expect(record.snoozedUntil == until)
        #expect(!record.isSeen(atLeast: 1))
        let events = try store.events(matching: EventFilter(user: "alice"))
        #expect(events.map(\.kind.name) == ["started", "page", "page", "snoozed"])
        #expect(events.last?.page == 1)

        clock.set(Self.at(2 * Self.hour + 1))
        let held = try gate.due(.walkthrough(tour))
        #expect(held.reason == .snoozed)
        #expect(held.dueAt == until)
        #expect(
            held.detail
                == "alice snoozed it on \(Timestamp.json(Self.at(2))); due at "
                + Timestamp.json(until))
        guard case .notDue = try gate.decide(.walkthrough(tour)) else {
            Issue.record("not shown while snoozed")
            return
        }

        clock.set(until)
        #expect(try gate.due(.walkthrough(tour)).isDue)
        guard case .show(let again) = try gate.decide(.walkthrough(tour)) else {
            Issue.record("shown again once the snooze is over")
            return
        }
        #expect(again.navigator.index == 1)
        #expect(again.isResuming)
    }

    @Test(arguments: StoreKind.allCases)
    func maxShowsCountsTheSnoozedShow(kind: StoreKind) throws {
        let clock = ManualClock(Self.t0)
        let store = try kind.make(now: clock.now).store
        let tour = Self.tour(maxShows: 1)
        let gate = Self.gate(store, clock: clock)
        guard case .show(let session) = try gate.decide(.walkthrough(tour)) else {
            Issue.record("a new user is shown the walkthrough")
            return
        }
        try session.start()
        let until = try session.snooze()
        // The default snooze: a day.
        #expect(until == Self.at(24 * Self.hour))
        clock.set(until)
        let decision = try gate.due(.walkthrough(tour))
        #expect(decision.reason == .maxShows)
        #expect(decision.detail == "shown 1 time without being finished (when.maxShows 1)")
    }

    @Test(arguments: StoreKind.allCases)
    func aReplayPutOffStaysSeenAndMarkSnoozedWritesTheTimeGiven(kind: StoreKind) throws {
        let clock = ManualClock(Self.t0)
        let store = try kind.make(now: clock.now).store
        let tour = Self.tour()
        let gate = Self.gate(store, clock: clock)
        try store.markSeen(user: "alice", walkthrough: tour, outcome: .completed)
        guard case .show(let replay) = try gate.decide(.walkthrough(tour), force: true) else {
            Issue.record("a forced replay is shown")
            return
        }
        try replay.start()
        try replay.snooze()
        #expect(try store.record(user: "alice", walkthrough: "tour")?.outcome == .completed)

        let marked = try gate.snooze(tour, until: Self.at(5 * Self.hour))
        #expect(marked.kept)
        _ = try store.reset(user: "alice", walkthrough: "tour")
        let fresh = try gate.snooze(tour, until: Self.at(5 * Self.hour))
        #expect(!fresh.kept)
        let record = try #require(try store.record(user: "alice", walkthrough: "tour"))
        #expect(record.outcome == .snoozed)
        #expect(record.snoozedUntil == Self.at(5 * Self.hour))
        // Progress after a snooze is an unfinished run again, with no end to wait for.
        try store.saveProgress(user: "alice", walkthrough: tour, page: 2)
        let progressed = try #require(try store.record(user: "alice", walkthrough: "tour"))
        #expect(progressed.outcome == .inProgress)
        #expect(progressed.snoozedUntil == nil)
    }

    @Test func aSnoozedRecordTravelsThroughExportAndImport() throws {
        let record = SeenRecord(
            user: "alice", walkthrough: "tour", version: 2, outcome: .snoozed, lastPage: 1,
            updatedAt: Self.t0, snoozedUntil: Self.at(Self.hour))
        let line = Array(record.jsonObject.renderedOnOneLine().utf8)
        #expect(String(decoding: line, as: UTF8.self).contains("\"snoozedUntil\":"))
        let read = try line.withUnsafeBytes { try SeenRecordLine.record(in: $0) }
        #expect(read == record)
        // Merging: snoozed ranks with inProgress, so the later of the two wins.
        var progress = record
        progress.outcome = .inProgress
        progress.snoozedUntil = nil
        progress.updatedAt = Self.at(1)
        #expect(progress.replaces(record))
        #expect(!record.replaces(progress))
    }
}
