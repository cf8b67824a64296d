import Foundation
import Testing
import WalkthroughKit
import WalkthroughTestSupport

/// What the rules read from a store, on every ``StoreKind`` (the replica among them), and
/// sessions that show only some pages.
struct ShowHistoryTests {
    static func tour(
        id: String = "tour", version: Int = 1, since: [Int] = [1, 1, 1, 1],
        when: ShowRules = ShowRules()
    ) -> Walkthrough {
        Walkthrough(
            id: id, version: version,
            pages: since.enumerated().map { index, since in
                Page(id: "p\(index + 1)", heading: "H\(index + 1)", content: "", since: since)
            }, when: when)
    }

    @Test(arguments: StoreKind.allCases)
    func countsAutomaticShowsNotForcedOnes(kind: StoreKind) throws {
        let store = try kind.make().store
        let tour = Self.tour(when: ShowRules(maxShows: 3, minInterval: .seconds(60)))
        for forced in [false, true, false] {
            let session = try Session(
                walkthrough: tour, user: "alice", store: store, forced: forced)
            try session.start()
            try session.quit()
        }
        // Another user's shows and another walkthrough's do not count as this one's.
        try Session(walkthrough: tour, user: "bob", store: store).start()
        let other = Self.tour(id: "other")
        let last = try Session(walkthrough: other, user: "alice", store: store)
        try last.start()

        let history = try ShowHistory.read(for: tour, user: "alice", from: store)
        #expect(history.shows == 2)
        #expect(history.record?.outcome == .inProgress)
        let otherStart = try #require(
            try store.events(matching: EventFilter(walkthrough: "other", user: "alice")).first)
        #expect(history.lastShow == otherStart.time)
    }

    @Test(arguments: StoreKind.allCases)
    func readsWhichAfterWalkthroughsAreFinished(kind: StoreKind) throws {
        let store = try kind.make().store
        try store.markSeen(user: "alice", walkthrough: "a", version: 1, outcome: .skipped)
        try store.saveProgress(user: "alice", walkthrough: "b", version: 1, page: 1)
        try store.markSeen(user: "bob", walkthrough: "c", version: 1, outcome: .completed)
        let tour = Self.tour(when: ShowRules(after: ["a", "b", "c"]))
        let history = try ShowHistory.read(for: tour, user: "alice", from: store)
        #expect(history.finished == ["a"])
        let decision = DueDecision.evaluate(
            tour, user: "alice", history: history, environment: [:], now: Timestamp.now)
        #expect(decision.reason == .waitingFor)
        #expect(decision.waitingFor == ["b", "c"])
    }

    @Test(arguments: StoreKind.allCases)
    func whatsNewShowsOnlyNewPagesAndRecordsPositionsInTheDefinition(kind: StoreKind) throws {
        let store = try kind.make().store
        let first = Self.tour(version: 1, since: [1, 1])
        let firstRun = try Session(walkthrough: first, user: "alice", store: store)
        try firstRun.start()
        try firstRun.next()
        try firstRun.next()  // completed version 1

        let second = Self.tour(version: 2, since: [1, 1, 2, 2])
        let history = try ShowHistory.read(for: second, user: "alice", from: store)
        let decision = DueDecision.evaluate(
            second, user: "alice", history: history, environment: [:], now: Timestamp.now)
        #expect(decision.pages == [2, 3])
        let session = try Session(
            walkthrough: second, user: "alice", store: store, pages: decision.pages)
        #expect(session.walkthrough.pages.map(\.id) == ["p3", "p4"])
        #expect(session.navigator.count == 2)
        try session.start()
        // Stopped on the first new page: the record holds its place in the definition.
        try session.quit()
        #expect(try store.record(user: "alice", walkthrough: "tour")?.lastPage == 2)

        // Resumed: still only what's new (the events know version 1 was finished).
        let resumedHistory = try ShowHistory.read(for: second, user: "alice", from: store)
        #expect(resumedHistory.finishedVersion == 1)
        let resumed = DueDecision.evaluate(
            second, user: "alice", history: resumedHistory, environment: [:], now: Timestamp.now)
        #expect(resumed.pages == [2, 3])
        let again = try Session(
            walkthrough: second, user: "alice", store: store, pages: resumed.pages)
        #expect(again.resumedAt == 0)
        try again.start()
        try again.next()
        try again.next()  // completed version 2
        let record = try #require(try store.record(user: "alice", walkthrough: "tour"))
        #expect(record.version == 2)
        #expect(record.outcome == .completed)
        #expect(record.lastPage == 3)
        let pages = try store.events(matching: EventFilter(walkthrough: "tour", user: "alice"))
            .filter { $0.version == 2 }.map(\.page)
        #expect(pages.allSatisfy { [2, 3].contains($0) })
        let after = try ShowHistory.read(for: second, user: "alice", from: store)
        #expect(
            DueDecision.evaluate(
                second, user: "alice", history: after, environment: [:], now: Timestamp.now
            )
            .reason == .seen)
    }

    @Test func aSessionResumesAtTheFirstShownPageAtOrAfterTheStoredOne() throws {
        let store = InMemorySeenStore()
        let tour = Self.tour(since: [1, 1, 1, 1])
        store.saveProgress(user: "alice", walkthrough: "tour", version: 1, page: 1)
        let session = try Session(walkthrough: tour, user: "alice", store: store, pages: [0, 2, 3])
        #expect(session.resumedAt == 1)
        #expect(session.currentPage.id == "p3")
    }
}

/// Each store's own summary query answers as the default walk through the events does.
struct ShowSummaryQueryTests {
    @Test(arguments: StoreKind.allCases)
    func theStoresQueryMatchesTheEvents(kind: StoreKind) throws {
        let store = try kind.make().store
        let v1 = ShowHistoryTests.tour(version: 1)
        let v2 = ShowHistoryTests.tour(version: 2)
        for (walkthrough, user, forced, finish) in [
            (v1, "alice", false, true), (v2, "alice", false, false), (v2, "alice", true, false),
            (v2, "alice", false, false), (v2, "bob", false, false),
            (ShowHistoryTests.tour(id: "other"), "alice", false, false),
        ] {
            let session = try Session(
                walkthrough: walkthrough, user: user, store: store, forced: forced)
            try session.start()
            if finish { try session.skip() } else { try session.quit() }
        }
        let summary = try store.showSummary(user: "alice", walkthrough: "tour", version: 2)
        #expect(summary.shows == 2)
        #expect(summary.finishedVersion == 1)
        let events = try store.events(matching: EventFilter(user: "alice"))
        let lastStart = events.last { event in
            if case .started(_, _, forced: false) = event.kind { return true }
            return false
        }
        #expect(summary.lastShow == lastStart?.time)
        let nobody = try store.showSummary(user: "carol", walkthrough: "tour", version: 2)
        #expect(nobody == ShowSummary())
    }
}
