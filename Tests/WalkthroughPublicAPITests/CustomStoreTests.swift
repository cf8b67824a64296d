import Foundation
import Testing
import WalkthroughKit
import WalkthroughTerminal

/// A tool may bring its own store: ``NotebookSeenStore`` is written here, outside the module,
/// with only the protocol's required methods.
struct CustomStoreTests {
    @Test func theProtocolDefaultsWorkOverTheRequiredMethods() throws {
        let store = NotebookSeenStore()
        try store.markSeen(user: "alice", walkthrough: "intro", version: 2, outcome: .completed)
        try store.markSeen(user: "bob", walkthrough: "intro", version: 1, outcome: .skipped)
        try store.saveProgress(user: "carol", walkthrough: "intro", version: 1, page: 1)

        #expect(try store.hasSeen(user: "alice", walkthrough: "intro", version: 2))
        #expect(try !store.hasSeen(user: "alice", walkthrough: "intro", version: 3))
        #expect(try !store.hasSeen(user: "carol", walkthrough: "intro", version: 1))
        #expect(store.calls(to: "record") >= 3, "hasSeen reads records")

        #expect(try store.resetAllUsers(walkthrough: "intro") == 3)
        #expect(try store.records(user: nil).isEmpty)
    }

    @Test func theWalkthroughConveniencesUseTheCurrentVersion() throws {
        let store = NotebookSeenStore()
        let walkthrough = try DefinitionLoader.load(string: Fixtures.intro(version: 4))
        try store.markSeen(user: "alice", walkthrough: walkthrough, outcome: .skipped)
        #expect(try store.hasSeen(user: "alice", walkthrough: walkthrough))
        #expect(try store.record(user: "alice", walkthrough: walkthrough)?.version == 4)
        #expect(try store.reset(user: "alice", walkthrough: walkthrough) == 1)
    }

    @Test func theGateAndTheOneCallRecordInACustomStore() throws {
        let store = NotebookSeenStore()
        let first = try PlainHarness(
            .json(Fixtures.intro()), commands: "next\nnext\n", store: .store(store))
        #expect(first.outcome == "quit at page 3")
        #expect(try store.record(user: "alice", walkthrough: "intro")?.lastPage == 2)

        let decision = try FirstRunGate(user: "alice", store: .store(store), environment: [:])
            .decide(.json(Fixtures.intro()))
        #expect(decision.resumePage == 2, "the custom store's progress is resumed")

        let second = try PlainHarness(
            .json(Fixtures.intro()), commands: "next\n", store: .store(store))
        #expect(second.outcome == "completed")
        let third = try PlainHarness(
            .json(Fixtures.intro()), commands: "next\n", store: .store(store))
        #expect(third.outcome == "already seen (completed, version 1)")
        #expect(store.calls(to: "markSeen") == 1)
    }

    @Test func theFacadeWorksOverACustomStore() throws {
        let defaults = SeenDefaults(user: "alice", store: NotebookSeenStore())
        #expect(!defaults.bool(forKey: "intro"))
        defaults.set(true, forKey: "intro")
        #expect(defaults.bool(forKey: "intro"))
        defaults.removeObject(forKey: "intro")
        #expect(!defaults.bool(forKey: "intro"))
    }
}
