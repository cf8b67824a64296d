import Foundation
import Testing
import WalkthroughTestSupport

@testable import WalkthroughKit

/// The one-call gate and experiments: a variant's session shows its pages and exposes on
/// start, the holdout is exposed once when held out, `due` only reads, goals are recorded.
struct ExperimentGateTests {
    static let tour = Walkthrough(
        id: "tour",
        pages: [
            Page(id: "welcome", heading: "Welcome", content: ""),
            Page(id: "pins", heading: "Pins", content: ""),
            Page(id: "finish", heading: "Finish", content: ""),
        ],
        experiment: Experiment(
            id: "onboarding-2026-12",
            variants: [
                .init(id: "control", weight: 50),
                .init(id: "short", weight: 50, pages: ["welcome", "finish"]),
            ],
            holdout: 10, goals: ["first-pin"]))

    /// The first user `user-N` in `group`.
    private func user(in group: String) -> String {
        let experiment = try! #require(Self.tour.experiment)
        return (0...).lazy.map { "user-\($0)" }.first {
            experiment.name(of: experiment.assignment(of: $0)) == group
        }!
    }

    private func gate(_ folder: TemporaryFolder, user: String) -> FirstRunGate {
        FirstRunGate(
            user: user, store: .path(folder.file("seen.sqlite3")), environment: ["HOME": "/"])
    }

    @Test func aVariantsSessionShowsItsPagesAndExposesOnStart() throws {
        let folder = try TemporaryFolder()
        let user = user(in: "short")
        let gate = gate(folder, user: user)
        #expect(try gate.due(.walkthrough(Self.tour)).group == .variant(1))
        guard case .show(let session) = try gate.decide(.walkthrough(Self.tour)) else {
            Issue.record("a short user is shown the walkthrough")
            return
        }
        #expect(session.walkthrough.pages.map(\.id) == ["welcome", "finish"])
        #expect(session.experiment?.variant == "short")
        try session.start()
        try session.next()
        let store = try SQLiteSeenStore(path: folder.file("seen.sqlite3"))
        let events = try store.events()
        #expect(events.map(\.kind.name) == ["exposed", "started", "page", "page"])
        #expect(events.map(\.page) == [0, 0, 0, 2])
        #expect(events.allSatisfy { $0.variant == "short" })
        #expect(
            try store.exposure(user: user, walkthrough: "tour", experiment: "onboarding-2026-12")
                == "short")
        // A second session of the same user exposes nothing more.
        guard case .show(let again) = try gate.decide(.walkthrough(Self.tour)) else {
            Issue.record("still in progress, so still shown")
            return
        }
        #expect(again.experiment?.exposesOnStart == false)
    }

    @Test func theHoldoutIsExposedOnceAndDueOnlyReads() throws {
        let folder = try TemporaryFolder()
        let user = user(in: "holdout")
        let gate = gate(folder, user: user)
        let decision = try gate.due(.walkthrough(Self.tour))
        #expect(decision.reason == .holdout)
        #expect(decision.pages.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: folder.file("seen.sqlite3")))
        for _ in 0..<2 {
            guard case .notDue(let held) = try gate.decide(.walkthrough(Self.tour)) else {
                Issue.record("the holdout is not shown")
                return
            }
            #expect(held.reason == .holdout)
        }
        let events = try SQLiteSeenStore(path: folder.file("seen.sqlite3")).events()
        #expect(events.map(\.kind.name) == ["exposed"])
        #expect(events.first?.variant == "holdout")
        #expect(events.first?.experiment == "onboarding-2026-12")
    }

    @Test func aGoalIsRecordedAndCountedAfterTheExposure() throws {
        let folder = try TemporaryFolder()
        let user = user(in: "control")
        let gate = gate(folder, user: user)
        try gate.recordGoal("first-pin")  // before the exposure: does not count
        guard case .show(let session) = try gate.decide(.walkthrough(Self.tour)) else {
            Issue.record("a control user is shown the walkthrough")
            return
        }
        try session.start()
        let store = try SQLiteSeenStore(path: folder.file("seen.sqlite3"))
        var result = try #require(try store.experimentResult(of: Self.tour))
        #expect(result.groups.map(\.converted) == [0, 0, 0])
        // One millisecond later at least, so the goal cannot share the exposure's stamp.
        let stamp = try #require(try store.events().first?.time.millisecondsSince1970)
        let later = try SQLiteSeenStore(
            path: folder.file("seen.sqlite3"), now: { Timestamp(millisecondsSince1970: stamp + 1) })
        try later.recordGoal("first-pin", user: user)
        result = try #require(try store.experimentResult(of: Self.tour))
        #expect(result.groups.map(\.variant) == ["control", "short", "holdout"])
        #expect(result.groups.map(\.exposed) == [1, 0, 0])
        #expect(result.groups.map(\.converted) == [1, 0, 0])
        #expect(result.goal == "first-pin")
    }
}
