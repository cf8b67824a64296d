import Synchronization
import Testing
import WalkthroughKit
import WalkthroughTestSupport

/// Which of several due walkthroughs is shown now: `priority`, then `after`, then the id; the
/// others are `outranked`, naming the one shown first.
struct NextChoiceTests {
    static func walkthrough(
        _ id: String, priority: Int = 0, after: [String] = []
    ) -> Walkthrough {
        Walkthrough(
            id: id, pages: [Page(id: "p1", heading: "H", content: "")],
            when: ShowRules(after: after), priority: priority)
    }

    static func due(_ id: String) -> DueDecision {
        DueDecision(walkthrough: id, user: "alice", reason: .due, detail: "1 page", pages: [0])
    }

    static func choose(
        _ walkthroughs: [Walkthrough], notDue: [String: DueDecision.Reason] = [:]
    )
        -> NextChoice
    {
        NextChoice(
            walkthroughs,
            decisions: walkthroughs.map { walkthrough in
                guard let reason = notDue[walkthrough.id] else { return due(walkthrough.id) }
                return DueDecision(
                    walkthrough: walkthrough.id, user: "alice", reason: reason, detail: "held")
            })
    }

    @Test func theHighestPriorityIsChosenAndTheOthersAreOutranked() throws {
        let choice = Self.choose([
            Self.walkthrough("welcome"), Self.walkthrough("tips", priority: 10),
            Self.walkthrough("news", priority: -1),
        ])
        #expect(choice.candidates.map(\.walkthrough.id) == ["tips", "welcome", "news"])
        #expect(choice.winner?.walkthrough.id == "tips")
        #expect(choice.winner?.decision.reason == .due)
        let welcome = choice.candidates[1].decision
        #expect(welcome.reason == .outranked)
        #expect(welcome.setBy == "tips")
        #expect(welcome.detail == "tips is shown first: priority 10, above 0")
        #expect(welcome.pages.isEmpty)
        #expect(!welcome.isDue)
    }

    @Test func aWalkthroughNotDueIsPassedOverWithItsOwnReason() {
        let choice = Self.choose(
            [Self.walkthrough("welcome"), Self.walkthrough("tips", priority: 10)],
            notDue: ["tips": .seen])
        #expect(choice.winner?.walkthrough.id == "welcome")
        #expect(choice.candidates.map(\.decision.reason) == [.seen, .due])
        let none = Self.choose([Self.walkthrough("a")], notDue: ["a": .budget])
        #expect(none.winner == nil)
        #expect(none.chosen == nil)
        #expect(none.candidates.map(\.decision.reason) == [.budget])
    }

    @Test func atEqualPriorityAfterOrderComesBeforeTheId() {
        // "a-second" comes after "z-first" by when.after, though its id sorts first; and
        // through another: "a-third" is after "a-second".
        let choice = Self.choose([
            Self.walkthrough("a-third", after: ["a-second"]),
            Self.walkthrough("a-second", after: ["z-first"]), Self.walkthrough("z-first"),
        ])
        #expect(choice.candidates.map(\.walkthrough.id) == ["z-first", "a-second", "a-third"])
        #expect(
            choice.candidates[1].decision.detail
                == "z-first is shown first: it comes before a-second in the order of "
                + "when.after (same priority 0)")
    }

    @Test func thenTheId() {
        let choice = Self.choose([Self.walkthrough("b"), Self.walkthrough("a")])
        #expect(choice.winner?.walkthrough.id == "a")
        #expect(
            choice.candidates[1].decision.detail
                == "a is shown first: same priority 0, and its id comes first")
    }

    @Test func aRingOfAfterDoesNotHang() {
        let choice = Self.choose([
            Self.walkthrough("a", after: ["b"]), Self.walkthrough("b", after: ["a"]),
        ])
        #expect(choice.candidates.count == 2)
        #expect(choice.winner != nil)
    }
}

/// The gate given several definitions shows the one `next` names, and the budget counts
/// every walkthrough's automatic shows across the store.
struct SeveralWalkthroughsGateTests {
    static func json(_ id: String, priority: Int) -> DefinitionSource {
        .json(
            #"{"id": "\#(id)", "priority": \#(priority), "pages": [{"heading": "H", "content": ""}]}"#
        )
    }

    @Test func theGateShowsTheHighestPriority() throws {
        let store = InMemorySeenStore()
        var gate = FirstRunGate(user: "alice", store: .store(store), environment: [:])
        gate.administratorPolicy = AdministratorPolicy()
        let sources = [Self.json("welcome", priority: 0), Self.json("tips", priority: 5)]
        let session = try #require(try gate.decide(oneOf: sources).session)
        #expect(session.walkthrough.id == "tips")
        try session.start()
        try session.next()  // completed
        let second = try #require(try gate.decide(oneOf: sources).session)
        #expect(second.walkthrough.id == "welcome")
        try second.start()
        try second.skip()
        guard case .alreadySeen(let record) = try gate.decide(oneOf: sources) else {
            Issue.record("every one is seen")
            return
        }
        #expect(record.walkthrough == "tips")
    }

    @Test func theBudgetCountsEveryWalkthroughOfTheStore() throws {
        let clock = PolicyClock(
            Timestamp(millisecondsSince1970: 1_796_083_200_000 + 10 * 3_600_000))
        let store = InMemorySeenStore(now: clock.now)
        var gate = FirstRunGate(user: "alice", store: .store(store), environment: [:])
        var policy = AdministratorPolicy()
        policy.maxPerDay = .init(1, from: "WALKTHROUGH_MAX_PER_DAY")
        policy.timeZone = .fixed(secondsEastOfUTC: 0)
        gate.administratorPolicy = policy
        gate.clock = clock.now
        let first = try #require(try gate.decide(Self.json("welcome", priority: 0)).session)
        try first.start()
        try first.quit()
        // Another walkthrough, another tool: the day's one show is spent.
        guard case .notDue(let held) = try gate.decide(Self.json("tips", priority: 9)) else {
            Issue.record("the budget holds it back")
            return
        }
        #expect(held.reason == .budget)
        #expect(held.dueAt == Timestamp(millisecondsSince1970: 1_796_083_200_000 + 86_400_000))
        // A forced show is not counted; the next local day starts again.
        _ = try gate.decide(Self.json("news", priority: 0), force: true)
        clock.set(Timestamp(millisecondsSince1970: 1_796_083_200_000 + 86_400_000))
        #expect(try gate.decide(Self.json("tips", priority: 9)).session != nil)
    }
}

/// A clock the test sets.
final class PolicyClock: Sendable {
    private let time: Mutex<Timestamp>
    init(_ time: Timestamp) { self.time = Mutex(time) }
    @Sendable func now() -> Timestamp { time.withLock { $0 } }
    func set(_ value: Timestamp) { time.withLock { $0 = value } }
}
