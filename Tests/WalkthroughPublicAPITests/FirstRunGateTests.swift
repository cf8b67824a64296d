import Foundation
import Testing
import WalkthroughKit
import WalkthroughTestSupport

/// The UI-free decision: load, check the store, answer "already seen" or "show it" with a
/// session.
struct FirstRunGateTests {
    private func gate(_ store: any SeenStore, user: String = "alice") -> FirstRunGate {
        FirstRunGate(user: user, store: .store(store), environment: [:])
    }

    @Test func aNewUserIsShownTheWalkthroughFromItsFirstPage() throws {
        let store = InMemorySeenStore()
        let decision = try gate(store).decide(.json(Fixtures.intro()))
        let session = try #require(decision.session)
        #expect(session.navigator.index == 0)
        #expect(decision.resumePage == nil)
        #expect(session.user == "alice")
        #expect(store.records(user: nil).isEmpty, "deciding records nothing")
    }

    @Test func finishingTheSessionMakesTheNextDecisionAlreadySeen() throws {
        let store = InMemorySeenStore()
        let session = try #require(try gate(store).decide(.json(Fixtures.intro())).session)
        try session.start()
        try session.next()
        try session.next()
        #expect(try session.next() == .finished(.completed))

        guard case .alreadySeen(let record) = try gate(store).decide(.json(Fixtures.intro())) else {
            Issue.record("expected already seen")
            return
        }
        #expect(record.outcome == .completed)
        #expect(record.version == 1)
        #expect(record.user == "alice")
        #expect(try gate(store, user: "bob").decide(.json(Fixtures.intro())).session != nil)
    }

    @Test func anUnfinishedRunResumesAtItsPageUnlessRestarted() throws {
        let store = InMemorySeenStore()
        let first = try #require(try gate(store).decide(.json(Fixtures.intro())).session)
        try first.start()
        try first.next()
        try first.next()

        let resumed = try gate(store).decide(.json(Fixtures.intro()))
        #expect(resumed.resumePage == 2)
        #expect(resumed.session?.navigator.index == 2)
        #expect(try gate(store).status(of: .json(Fixtures.intro())).resumePage == 2)

        let restarted = try gate(store).decide(.json(Fixtures.intro()), restart: true)
        #expect(restarted.resumePage == nil)
        #expect(restarted.session?.navigator.index == 0)
    }

    @Test func aVersionBumpShowsItAgain() throws {
        let store = InMemorySeenStore()
        store.markSeen(user: "alice", walkthrough: "intro", version: 1, outcome: .completed)
        #expect(try gate(store).status(of: .json(Fixtures.intro(version: 1))).isSeen)

        let bumped = try gate(store).decide(.json(Fixtures.intro(version: 2)))
        let session = try #require(bumped.session, "version 2 is shown to a user who saw 1")
        #expect(session.priorRecord?.version == 1)
        #expect(bumped.resumePage == nil)
        #expect(!(try gate(store).status(of: .json(Fixtures.intro(version: 2))).isSeen))
    }

    @Test func skippingCountsAsSeen() throws {
        let store = InMemorySeenStore()
        let session = try #require(try gate(store).decide(.json(Fixtures.intro())).session)
        try session.skip()
        let status = try gate(store).status(of: .json(Fixtures.intro()))
        #expect(status.isSeen)
        #expect(status.record?.outcome == .skipped)
    }

    @Test func theDefaultUserIsTheLoginName() throws {
        let gate = FirstRunGate(
            store: .store(InMemorySeenStore()), environment: ["LOGNAME": "carol"])
        #expect(gate.user == "carol")
        #expect(try gate.status(of: .json(Fixtures.intro())).user == "carol")
    }

    @Test func statusOnTheDefaultPathCreatesNoDatabase() throws {
        let folder = try TemporaryFolder()
        let gate = FirstRunGate(
            user: "alice", environment: ["WALKTHROUGH_DB": folder.file("state/seen.sqlite3")])
        let status = try gate.status(of: .json(Fixtures.intro()))
        #expect(status.record == nil)
        #expect(!status.isSeen)
        #expect(!folder.exists("state"), "a read-only check creates nothing")
    }

    @Test func decidingOnTheDefaultPathCreatesTheDatabaseAndTheSessionRecordsThere() throws {
        let folder = try TemporaryFolder()
        let database = folder.file("state/seen.sqlite3")
        let gate = FirstRunGate(user: "alice", environment: ["WALKTHROUGH_DB": database])
        let session = try #require(try gate.decide(.json(Fixtures.intro())).session)
        try session.skip()
        let reopened = try SQLiteSeenStore(path: database)
        #expect(try reopened.record(user: "alice", walkthrough: "intro")?.outcome == .skipped)
        #expect(try gate.status(of: .json(Fixtures.intro())).isSeen)
    }

    @Test func aWalkthroughBuiltInCodeNeedsNoFile() throws {
        let walkthrough = Walkthrough(
            id: "inline", pages: [Page(id: "p", heading: "Hello", content: "")])
        let store = InMemorySeenStore()
        let session = try #require(try gate(store).decide(.walkthrough(walkthrough)).session)
        try session.next()
        #expect(try store.hasSeen(user: "alice", walkthrough: walkthrough))
    }

    @Test(arguments: ["", "tab\there", String(repeating: "x", count: 257)])
    func anInvalidUserNameIsRefused(_ name: String) throws {
        #expect {
            try gate(InMemorySeenStore(), user: name).decide(.json(Fixtures.intro()))
        } throws: { error in
            guard case FirstRunGateError.invalidUser(let refused, _) = error else { return false }
            return refused == name
        }
    }
}
