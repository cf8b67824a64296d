import Foundation
import Synchronization
import Testing
import WalkthroughFleet
import WalkthroughKit
import WalkthroughTestSupport

/// The experiment rules every built-in store follows, in memory, SQLite, PostgreSQL or a replica:
/// the gate's exposures (a variant on the session's start, the holdout when held out, once),
/// goals counted at or after the exposure, and what a reset removes. Each test runs on every
/// ``StoreKind``, with the same expectations.
struct ExperimentBehaviourTests {
    /// The gate tests' walkthrough: three pages, two variants and a 10 % holdout.
    static let tour = ExperimentGateTests.tour

    /// A second walkthrough with an experiment of its own, judged by the same goal.
    static let tips = Walkthrough(
        id: "tips", pages: [Page(id: "one", heading: "One", content: "")],
        experiment: Experiment(
            id: "tips-2026", variants: [.init(id: "only", weight: 1)], goals: ["first-pin"]))

    /// A clock the test sets: every reading is the current instant, in whole seconds.
    final class HandClock: Sendable {
        private let seconds = Mutex<Int64>(1_700_000_000)
        @Sendable func now() -> Timestamp {
            Timestamp(millisecondsSince1970: seconds.withLock { $0 } * 1000)
        }
        func set(_ value: Int64) { seconds.withLock { $0 = 1_700_000_000 + value } }
        func advance() { seconds.withLock { $0 += 1 } }
    }

    /// The first user `user-N` the documented assignment puts in `group`.
    private func user(in group: String) throws -> String {
        let experiment = try #require(Self.tour.experiment)
        return try #require(
            (0..<10_000).lazy.map { "user-\($0)" }.first {
                experiment.name(of: experiment.assignment(of: $0)) == group
            })
    }

    private func gate(_ user: String, _ store: any SeenStore) -> FirstRunGate {
        FirstRunGate(user: user, store: .store(store), environment: ["HOME": "/"])
    }

    /// The store's counts for `walkthrough`'s experiment and the goal `first-pin`, as
    /// `group exposed/completed/converted`, groups in byte order (those with exposures only).
    private func counts(
        _ store: any EventRecordingStore, _ walkthrough: Walkthrough
    ) throws
        -> [String]
    {
        let experiments = try #require(store as? any ExperimentStore, "keeps experiments")
        return try experiments.experimentCounts(
            walkthrough: walkthrough.id, experiment: try #require(walkthrough.experiment).id,
            goal: "first-pin"
        ).map { "\($0.variant) \($0.exposed)/\($0.completed)/\($0.converted)" }
    }

    @Test(arguments: StoreKind.allCases)
    func theGateExposesOnceAndCountsGoalsAfterTheExposure(kind: StoreKind) throws {
        let clock = HandClock()
        let store = try kind.make(now: clock.now).store
        let short = try user(in: "short")
        let control = try user(in: "control")
        let held = try user(in: "holdout")

        // The holdout: not due, exposed once however often it is asked.
        for _ in 0..<3 {
            clock.advance()
            guard case .notDue(let decision) = try gate(held, store).decide(.walkthrough(Self.tour))
            else {
                Issue.record("\(kind): the holdout is shown nothing")
                return
            }
            #expect(decision.reason == .holdout)
        }
        // The short variant: its two pages, completed; exposed on start, once.
        clock.advance()
        try gate(short, store).recordGoal("first-pin")  // before the exposure: does not count
        clock.advance()
        guard case .show(let session) = try gate(short, store).decide(.walkthrough(Self.tour))
        else {
            Issue.record("\(kind): a short user is shown the walkthrough")
            return
        }
        #expect(session.walkthrough.pages.map(\.id) == ["welcome", "finish"])
        try session.start()
        clock.advance()
        try session.next()
        clock.advance()
        try session.next()
        // The control: started, quit, resumed; one exposure; the goal after it converts.
        clock.advance()
        guard case .show(let first) = try gate(control, store).decide(.walkthrough(Self.tour))
        else {
            Issue.record("\(kind): a control user is shown the walkthrough")
            return
        }
        try first.start()
        clock.advance()
        guard case .show(let resumed) = try gate(control, store).decide(.walkthrough(Self.tour))
        else {
            Issue.record("\(kind): an unfinished run is shown again")
            return
        }
        #expect(resumed.experiment?.exposesOnStart == false)
        try resumed.start()
        clock.advance()
        try gate(control, store).recordGoal("first-pin")
        try gate(control, store).recordGoal("first-pin")  // twice counts once
        clock.advance()
        try gate(held, store).recordGoal("first-pin")

        let experiments = try #require(store as? any ExperimentStore, "\(kind) keeps experiments")
        let exposures = try [short, control, held].map {
            try experiments.exposure(
                user: $0, walkthrough: "tour", experiment: "onboarding-2026-12")
        }
        #expect(exposures == ["short", "control", "holdout"])
        let exposed = try store.events().filter { $0.kind == .exposed }
        #expect(exposed.map(\.user) == [held, short, control])
        #expect(try counts(store, Self.tour) == ["control 1/0/1", "holdout 1/0/1", "short 1/1/0"])
        // No goal: nobody converts.
        let none = try experiments.experimentCounts(
            walkthrough: "tour", experiment: "onboarding-2026-12", goal: nil)
        #expect(none.map(\.converted) == [0, 0, 0])
    }

    /// A reset of one walkthrough removes its records and events, exposures included, and
    /// keeps the user's goals (they belong to no one walkthrough); a reset of all the user's
    /// walkthroughs removes the goals too, and nothing of another user's. The clock only moves
    /// forward: a replica's server orders a reset and the writes around it by their times.
    @Test(arguments: StoreKind.allCases)
    func aResetRemovesExposuresAndAResetOfEverythingTheGoals(kind: StoreKind) throws {
        let clock = HandClock()
        let store = try kind.make(now: clock.now).store
        let experiments = try #require(store as? any ExperimentStore, "\(kind) keeps experiments")
        let user = try user(in: "control")
        let other = "someone-else"
        func expose(
            _ walkthrough: Walkthrough, variant: String, at second: Int64, user: String
        ) throws {
            clock.set(second)
            try store.write(
                SessionStep(
                    user: user, walkthrough: walkthrough.id, version: 1, change: nil,
                    events: [.init(.exposed, page: 0)], variant: variant,
                    experiment: walkthrough.experiment?.id))
        }
        func goals(of user: String) throws -> [String] {
            try experiments.goalPage(matching: EventFilter(user: user), after: .start, limit: 10)
                .map(\.item.goal)
        }
        try expose(Self.tour, variant: "control", at: 10, user: user)
        try expose(Self.tips, variant: "only", at: 10, user: user)
        try expose(Self.tips, variant: "only", at: 10, user: other)
        clock.set(20)
        try experiments.recordGoal("first-pin", user: user)
        try experiments.recordGoal("first-pin", user: other)
        #expect(try counts(store, Self.tour) == ["control 1/0/1"])
        #expect(try counts(store, Self.tips) == ["only 2/0/2"])

        clock.set(30)
        #expect(try store.reset(user: user, walkthrough: "tour") == 0)
        #expect(try counts(store, Self.tour).isEmpty)
        #expect(
            try experiments.exposure(
                user: user, walkthrough: "tour", experiment: "onboarding-2026-12") == nil)
        // The other walkthrough's exposure and the goal are kept: the goal still converts it.
        #expect(try counts(store, Self.tips) == ["only 2/0/2"])
        #expect(try goals(of: user) == ["first-pin"])
        // Exposed again after the reset: a new exposure, which the earlier goal does not convert.
        try expose(Self.tour, variant: "control", at: 35, user: user)
        #expect(try counts(store, Self.tour) == ["control 1/0/0"])

        clock.set(40)
        _ = try store.reset(user: user, walkthrough: nil)
        #expect(try counts(store, Self.tour).isEmpty)
        #expect(try goals(of: user).isEmpty)
        // Another user's exposure and goal are not touched.
        #expect(try counts(store, Self.tips) == ["only 1/0/1"])
        #expect(try goals(of: other) == ["first-pin"])
    }
}
