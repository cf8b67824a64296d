import Foundation
import Testing
import WalkthroughKit
import WalkthroughTerminal
import WalkthroughTestSupport

/// The one-call gate follows the one decision: the quiet switch, `when`, what's new and page
/// `env`, with an injected clock.
struct OnboardingRulesTests {
    static let t0 = Timestamp(timeIntervalSince1970: 1_796_083_200)

    static func tour(when: String = "{}", version: Int = 1, pages: String? = nil) -> String {
        """
        {"id": "tour", "version": \(version), "title": "Tour", "when": \(when),
         "pages": \(pages ?? #"[{"heading": "One", "content": ""}, {"heading": "Two", "content": ""}]"#)}
        """
    }

    @Test(arguments: [
        (["CI": "true"], DueDecision.Reason.ci), (["CI": "1"], .ci),
        (["WALKTHROUGH_DISABLE": "1"], .disabled),
    ])
    func theQuietSwitchShowsNothing(extra: [String: String], reason: DueDecision.Reason) throws {
        let folder = try TemporaryFolder()
        let run = try PlainHarness(
            .json(Self.tour()), commands: "next\nnext\n", store: .path(folder.file("seen.sqlite3")),
            environment: testEnvironment.merging(extra) { $1 })
        guard case .success(.notShown(.notDue(let decision))) = run.result else {
            Issue.record("expected not due: \(run.outcome)")
            return
        }
        #expect(decision.reason == reason)
        #expect(run.output.isEmpty)
        #expect(!folder.exists("seen.sqlite3"), "nothing is created")
        // The same decision read-only.
        let gate = FirstRunGate(
            user: "alice", store: .path(folder.file("seen.sqlite3")),
            environment: testEnvironment.merging(extra) { $1 })
        #expect(try gate.due(.json(Self.tour())).reason == reason)
    }

    @Test(arguments: [
        (#"{"from": "2026-12-01T00:00:00Z"}"#, -0.001, DueDecision.Reason.notYet),
        (#"{"from": "2026-12-01T00:00:00Z"}"#, 0, .due),
        (#"{"until": "2026-12-01T00:00:00Z"}"#, -0.001, .due),
        (#"{"until": "2026-12-01T00:00:00Z"}"#, 0, .expired),
        (#"{"after": ["welcome"]}"#, 0, .waitingFor),
        (#"{"env": {"TOUR_FLAG": true}}"#, 0, .env),
    ])
    func theGateFollowsTheRulesAtTheInjectedTime(
        when: String, offset: Double, reason: DueDecision.Reason
    ) throws {
        let store = InMemorySeenStore()
        let now = Self.t0 + .milliseconds(Int64(offset * 1000))
        let run = try PlainHarness(
            .json(Self.tour(when: when)), commands: "next\nnext\n", store: .store(store), now: now)
        var gate = FirstRunGate(user: "alice", store: .store(store), environment: testEnvironment)
        gate.clock = { now }
        if reason == .due {
            #expect(run.outcome == "completed", "\(run.errors)")
            #expect(try gate.due(.json(Self.tour(when: when))).reason == .seen)
        } else {
            guard case .success(.notShown(.notDue(let decision))) = run.result else {
                Issue.record("expected not due: \(run.outcome)")
                return
            }
            #expect(decision.reason == reason)
            #expect(run.output.isEmpty)
            #expect(store.records(user: nil).isEmpty)
            #expect(try gate.due(.json(Self.tour(when: when))).reason == reason)
        }
    }

    @Test func maxShowsCountsTheGatesOwnShows() throws {
        let store = InMemorySeenStore()
        let source = DefinitionSource.json(Self.tour(when: #"{"maxShows": 2}"#))
        for _ in 0..<2 {
            #expect(
                try PlainHarness(source, commands: "quit\n", store: .store(store)).outcome
                    == "quit at page 1")
        }
        let third = try PlainHarness(source, commands: "quit\n", store: .store(store))
        #expect(third.outcome.hasPrefix("not shown: not due: maxShows"), "\(third.outcome)")
        // Forcing is not a show, and plays anyway.
        let forced = try PlainHarness(source, commands: "quit\n", store: .store(store), force: true)
        #expect(forced.outcome == "quit at page 1")
    }

    @Test func minIntervalKeepsAQuietPeriodAfterAnyShow() throws {
        let store = InMemorySeenStore(now: { Self.t0 })
        let other = DefinitionSource.json(
            #"{"id": "other", "pages": [{"heading": "X", "content": ""}]}"#)
        #expect(
            try PlainHarness(other, commands: "quit\n", store: .store(store)).outcome
                == "quit at page 1")
        let source = DefinitionSource.json(Self.tour(when: #"{"minInterval": "30m"}"#))
        let early = try PlainHarness(
            source, commands: "quit\n", store: .store(store),
            now: Self.t0 + .milliseconds(1_799_999))
        #expect(early.outcome.hasPrefix("not shown: not due: quietPeriod"), "\(early.outcome)")
        let later = try PlainHarness(
            source, commands: "quit\n", store: .store(store), now: Self.t0 + .seconds(1800))
        #expect(later.outcome == "quit at page 1")
    }

    @Test func whatsNewAndPageEnvChooseThePagesTheGateShows() throws {
        let store = InMemorySeenStore()
        store.markSeen(user: "alice", walkthrough: "tour", version: 1, outcome: .completed)
        let pages = """
            [{"heading": "One", "content": ""}, {"heading": "Two", "content": "", "since": 2},
             {"heading": "Mac", "content": "", "since": 2, "when": {"env": {"TOUR_MAC": true}}},
             {"heading": "Three", "content": "", "since": 2}]
            """
        let source = DefinitionSource.json(Self.tour(version: 2, pages: pages))
        let gate = FirstRunGate(user: "alice", store: .store(store), environment: testEnvironment)
        let decision = try gate.due(source)
        #expect(decision.pages == [1, 3])
        #expect(decision.whatsNewSince == 1)
        let run = try PlainHarness(source, commands: "next\nnext\n", store: .store(store))
        #expect(run.outcome == "completed", "\(run.errors)")
        #expect(run.output.contains("1/2"))
        #expect(run.output.contains("Two"))
        #expect(run.output.contains("2/2"))
        #expect(!run.output.contains("One"))
        #expect(!run.output.contains("Mac"))
        let record = try #require(store.record(user: "alice", walkthrough: "tour"))
        #expect(record.version == 2)
        #expect(record.lastPage == 3)
    }
}
