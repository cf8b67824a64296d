import Foundation
import Testing
import WalkthroughKit
import WalkthroughTerminal
import WalkthroughTestSupport

/// What a host calls, public API only: `donate(_:)` on the gate and on `Onboarding` (never
/// throwing with the defaults), the `when.events` rule it feeds, and a session put off.
struct DonateAndSnoozeTests {
    static let definition = """
        {"id": "deploys", "snooze": "1h",
         "when": {"events": {"deployed": {"min": 2, "within": "7d"}}},
         "pages": [{"heading": "One", "content": "1"}, {"heading": "Two", "content": "2"}]}
        """

    @Test func donationsMakeTheWalkthroughDue() throws {
        let store = InMemorySeenStore()
        let gate = FirstRunGate(user: "alice", store: .store(store), environment: [:])
        let source = DefinitionSource.json(Self.definition)
        #expect(try gate.due(source).reason == .events)
        guard case .recorded(let user, _) = gate.donate("deployed") else {
            Issue.record("recorded")
            return
        }
        #expect(user == "alice")
        #expect(try gate.due(source).reason == .events)
        #expect(Onboarding.donate("deployed", user: "alice", store: .store(store)).isRecorded)
        #expect(try gate.due(source).isDue)
    }

    @Test func aBadNameOrUserOrStoreIsAValueNeverAnError() throws {
        let folder = try TemporaryFolder()
        let gate = FirstRunGate(user: "alice", store: .store(InMemorySeenStore()), environment: [:])
        guard case .invalidName("bad name") = gate.donate("bad name") else {
            Issue.record("an invalid name is refused")
            return
        }
        let badUser = FirstRunGate(user: "", store: .store(InMemorySeenStore()), environment: [:])
        guard case .failed(.invalidUser) = badUser.donate("deployed") else {
            Issue.record("an invalid user is refused")
            return
        }
        // A store that cannot be created: a file where its folder should be.
        try Data().write(to: URL(fileURLWithPath: folder.file("blocker")))
        let result = Onboarding.donate(
            "deployed", user: "alice", store: .path(folder.file("blocker") + "/seen.sqlite3"))
        guard case .failed(.store) = result else {
            Issue.record("a store that cannot be opened is a value: \(result)")
            return
        }
        #expect(result.description.hasPrefix("not recorded: "))
    }

    @Test func aSessionPutOffIsNotDueUntilItsSnoozeHasPassed() throws {
        let store = InMemorySeenStore()
        var gate = FirstRunGate(user: "alice", store: .store(store), environment: [:])
        let now = Timestamp(millisecondsSince1970: 1_796_083_200_000)
        gate.clock = { now }
        for _ in 0..<2 { _ = gate.donate("deployed") }
        let session = try #require(try gate.decide(.json(Self.definition)).session)
        try session.start()
        let until = try session.snooze()
        #expect(until.millisecondsSince1970 == now.millisecondsSince1970 + 3_600_000)
        let record = try #require(store.record(user: "alice", walkthrough: "deploys"))
        #expect(record.outcome == .snoozed)
        #expect(record.snoozedUntil == until)
        let decision = try gate.due(.json(Self.definition))
        #expect(decision.reason == .snoozed)
        #expect(decision.dueAt == until)
        #expect(!OnboardingResult.snoozed(until: until).isSeen)
        #expect(OnboardingResult.snoozed(until: until).wasShown)
    }
}
