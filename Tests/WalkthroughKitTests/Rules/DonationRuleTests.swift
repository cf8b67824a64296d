import Foundation
import Testing
import WalkthroughKit
import WalkthroughTestSupport

/// `when.events`: the rules at their edges (a `min` reached within the window, the oldest
/// donation sliding out of it, `max: 0`), on every store, with the clock the test sets; the
/// sentence `due` prints; and what the stores keep of donations.
struct DonationRuleTests {
    /// 2026-12-01T00:00:00.000Z.
    static let t0 = Timestamp(millisecondsSince1970: 1_796_083_200_000)
    static let day: Int64 = 86_400_000

    static func at(_ milliseconds: Int64) -> Timestamp {
        Timestamp(millisecondsSince1970: t0.millisecondsSince1970 + milliseconds)
    }

    static func tour(_ events: [EventCountRule]) -> Walkthrough {
        var rules = ShowRules()
        rules.events = events
        return Walkthrough(
            id: "deploys", pages: [Page(id: "p1", heading: "H", content: "")], when: rules)
    }

    static let threeInAWeek = EventCountRule(name: "deployed", min: 3, within: .seconds(7 * 86_400))

    /// The decision for `walkthrough` at `now`, read from `store` as the gate reads it.
    static func decide(
        _ walkthrough: Walkthrough, user: String = "alice", store: any SeenStore, now: Timestamp
    ) throws -> DueDecision {
        let history = try ShowHistory.read(for: walkthrough, user: user, from: store, now: now)
        return DueDecision.evaluate(
            walkthrough, user: user, history: history, environment: [:], now: now)
    }

    @Test(arguments: StoreKind.allCases)
    func minIsReachedWithinTheWindowAndTheOldestSlidesOut(kind: StoreKind) throws {
        let clock = ManualClock(Self.t0)
        let store = try kind.make(now: clock.now).store
        let tour = Self.tour([Self.threeInAWeek])
        let donations = try #require(store as? any DonationStore)
        for offset in [0, 1] as [Int64] {
            clock.set(Self.at(offset * Self.day))
            _ = try donations.donate("deployed", user: "alice")
        }
        // Two of three: not yet.
        let two = try Self.decide(tour, store: store, now: Self.at(Self.day))
        #expect(two.reason == .events)
        #expect(
            two.detail == "alice did deployed 2 times in the last 7d; when.events wants at least 3")
        // The third makes it: min is inclusive.
        clock.set(Self.at(2 * Self.day))
        _ = try donations.donate("deployed", user: "alice")
        #expect(try Self.decide(tour, store: store, now: Self.at(2 * Self.day)).isDue)
        // The first is still in the window at exactly 7 days (its start is inclusive)…
        #expect(try Self.decide(tour, store: store, now: Self.at(7 * Self.day)).isDue)
        // …and slides out a millisecond later.
        let slid = try Self.decide(tour, store: store, now: Self.at(7 * Self.day + 1))
        #expect(slid.reason == .events)
        #expect(slid.detail.contains("did deployed 2 times in the last 7d"))
        // Another user's donations are not alice's.
        #expect(
            try Self.decide(tour, user: "bob", store: store, now: Self.at(Self.day)).reason
                == .events)
    }

    @Test(arguments: StoreKind.allCases)
    func maxZeroMeansNeverAndWithoutAWindowCountsForever(kind: StoreKind) throws {
        let clock = ManualClock(Self.t0)
        let store = try kind.make(now: clock.now).store
        let donations = try #require(store as? any DonationStore)
        let tour = Self.tour([EventCountRule(name: "usedSearch", max: 0)])
        #expect(try Self.decide(tour, store: store, now: Self.at(0)).isDue)
        _ = try donations.donate("usedSearch", user: "alice")
        // A year later it still counts: no window.
        let later = try Self.decide(tour, store: store, now: Self.at(365 * Self.day))
        #expect(later.reason == .events)
        #expect(later.detail == "alice did usedSearch 1 time; when.events wants never")
        // Names are compared as bytes: another name is another count.
        _ = try donations.donate("usedsearch", user: "bob")
        #expect(try Self.decide(tour, user: "bob", store: store, now: Self.at(0)).isDue)
    }

    @Test(arguments: StoreKind.allCases)
    func everyRuleHoldsOrTheFirstThatDoesNotIsTheReason(kind: StoreKind) throws {
        let clock = ManualClock(Self.t0)
        let store = try kind.make(now: clock.now).store
        let donations = try #require(store as? any DonationStore)
        let tour = Self.tour([
            Self.threeInAWeek, EventCountRule(name: "usedSearch", max: 0),
            EventCountRule(name: "opened", min: 1, max: 2),
        ])
        for _ in 0..<3 { _ = try donations.donate("deployed", user: "alice") }
        _ = try donations.donate("opened", user: "alice")
        #expect(try Self.decide(tour, store: store, now: Self.t0).isDue)
        for _ in 0..<2 { _ = try donations.donate("opened", user: "alice") }
        let over = try Self.decide(tour, store: store, now: Self.t0)
        #expect(over.reason == .events)
        #expect(over.detail == "alice did opened 3 times; when.events wants 1 to 2")
        _ = try donations.donate("usedSearch", user: "alice")
        // The rules are read in the definition's order.
        #expect(try Self.decide(tour, store: store, now: Self.t0).detail.contains("usedSearch"))
    }

    @Test(arguments: StoreKind.allCases)
    func theNewestThousandOfANameAreKept(kind: StoreKind) throws {
        let clock = ManualClock(Self.t0)
        let store = try kind.make(now: clock.now).store
        let donations = try #require(store as? any DonationStore)
        for index in 0..<1_003 {
            clock.set(Self.at(Int64(index) * 1000))
            _ = try donations.donate("deployed", user: "alice")
        }
        _ = try donations.donate("other", user: "alice")
        let counts = try donations.donationCounts(
            user: "alice",
            of: [("deployed", nil), ("deployed", Self.at(3_000)), ("other", nil), ("none", nil)])
        // 1,003 made, the oldest three gone: those left start at the fourth.
        #expect(counts == [1_000, 1_000, 1, 0])
    }

    @Test(arguments: StoreKind.allCases)
    func aResetOfAllTheUsersWalkthroughsForgetsTheDonations(kind: StoreKind) throws {
        let store = try kind.make().store
        let donations = try #require(store as? any DonationStore)
        _ = try donations.donate("deployed", user: "alice")
        _ = try donations.donate("deployed", user: "bob")
        try store.markSeen(user: "alice", walkthrough: "tour", version: 1, outcome: .completed)
        _ = try store.reset(user: "alice", walkthrough: "tour")
        #expect(try donations.donationCounts(user: "alice", of: [("deployed", nil)]) == [1])
        _ = try store.reset(user: "alice", walkthrough: nil)
        #expect(try donations.donationCounts(user: "alice", of: [("deployed", nil)]) == [0])
        #expect(try donations.donationCounts(user: "bob", of: [("deployed", nil)]) == [1])
    }

    @Test func theRulesDefaultsAndWords() {
        #expect(EventCountRule(name: "x").min == 1)
        #expect(EventCountRule(name: "x", max: 0).min == 0)
        #expect(EventCountRule(name: "x", min: 2).wanted == "at least 2")
        #expect(EventCountRule(name: "x", max: 3).wanted == "at most 3")
        #expect(EventCountRule(name: "x", min: 2, max: 2).wanted == "exactly 2")
        #expect(EventCountRule(name: "x", max: 0).holds(count: 0))
        #expect(!EventCountRule(name: "x", max: 0).holds(count: 1))
    }

    @Test func aStoreOfTheHostsOwnCountsNothing() throws {
        struct Plain: SeenStore {
            let base = InMemorySeenStore()
            func record(user: String, walkthrough: String) -> SeenRecord? {
                base.record(user: user, walkthrough: walkthrough)
            }
            func markSeen(
                user: String, walkthrough: String, version: Int,
                outcome: Navigator.FinishOutcome
            ) {
                base.markSeen(
                    user: user, walkthrough: walkthrough, version: version, outcome: outcome)
            }
            func saveProgress(user: String, walkthrough: String, version: Int, page: Int) {
                base.saveProgress(
                    user: user, walkthrough: walkthrough, version: version, page: page)
            }
            func reset(user: String, walkthrough: String?) -> Int {
                base.reset(user: user, walkthrough: walkthrough)
            }
            func records(user: String?) -> [SeenRecord] { base.records(user: user) }
        }
        let tour = Self.tour([Self.threeInAWeek, EventCountRule(name: "usedSearch", max: 0)])
        let decision = try Self.decide(tour, store: Plain(), now: Self.t0)
        #expect(decision.reason == .events)
        #expect(decision.detail.contains("did deployed 0 times"))
        let gate = FirstRunGate(user: "alice", store: .store(Plain()), environment: [:])
        #expect(!gate.donate("deployed").isRecorded)
        guard case .notKept = gate.donate("deployed") else {
            Issue.record("a host's own store keeps no donations")
            return
        }
    }
}
