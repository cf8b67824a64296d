import Foundation
import Testing
import WalkthroughKit
import WalkthroughTerminal
import WalkthroughTestSupport

/// The one call under each policy, with pipes (a script, CI) as input and output.
struct OnboardingPolicyTests {
    @Test func interactiveOnlyWithoutATerminalShowsAndRecordsNothing() throws {
        let folder = try TemporaryFolder()
        let run = try PlainHarness(
            .json(Fixtures.intro()), commands: "next\nnext\nnext\n",
            store: .path(folder.file("seen.sqlite3")), policy: .interactiveOnly)
        #expect(run.outcome == "not shown: not interactive")
        #expect(run.output.isEmpty)
        #expect(!folder.exists("seen.sqlite3"), "no database is created")
    }

    @Test func interactiveOnlyIsTheDefault() throws {
        let store = InMemorySeenStore()
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        defer { for end in ends { close(end) } }
        let options = OnboardingOptions(
            input: ends[0], output: ends[1], signals: .none, environment: testEnvironment)
        let result = Onboarding.presentIfNeeded(
            .json(Fixtures.intro()), store: .store(store), options: options)
        #expect("\(result)" == "not shown: not interactive")
        #expect(!result.wasShown)
        #expect(store.records(user: nil).isEmpty)
    }

    /// "Show it again": `force` plays a walkthrough the user has seen, and the replay keeps
    /// the stored outcome (quitting it part-way does not undo having completed it).
    @Test func forceShowsASeenWalkthroughAgainWithoutDowngradingIt() throws {
        let store = InMemorySeenStore()
        store.markSeen(user: "alice", walkthrough: "intro", version: 1, outcome: .completed)
        let plain = try PlainHarness(
            .json(Fixtures.intro()), commands: "next\n", store: .store(store))
        #expect(plain.outcome == "already seen (completed, version 1)")

        let forced = try PlainHarness(
            .json(Fixtures.intro()), commands: "next\n", store: .store(store), force: true)
        #expect(forced.outcome == "quit at page 2", "\(forced.errors)")
        #expect(forced.output.contains("1/"), "the first page was shown: \(forced.output)")
        let record = try #require(store.record(user: "alice", walkthrough: "intro"))
        #expect(record.outcome == .completed)
        let started = try store.events(matching: EventFilter(walkthrough: "intro"))
            .filter { $0.kind.name == "started" }
        #expect(started.count == 1)
        #expect(started.first?.kind == .started(locale: "en", resumed: false, forced: true))
    }

    @Test func theGateDecidesToShowASeenWalkthroughWhenForced() throws {
        let store = InMemorySeenStore()
        store.markSeen(user: "alice", walkthrough: "intro", version: 1, outcome: .skipped)
        let gate = FirstRunGate(user: "alice", store: .store(store), environment: [:])
        #expect(try gate.decide(.json(Fixtures.intro())).session == nil)
        let session = try #require(try gate.decide(.json(Fixtures.intro()), force: true).session)
        #expect(session.alreadySeen)
    }

    @Test func theCurrentUserDefaultsToTheProcessEnvironment() {
        #expect(
            UserName.current() == UserName.current(environment: ProcessInfo.processInfo.environment)
        )
    }

    @Test func neverReportsWithoutShowing() throws {
        let store = InMemorySeenStore()
        let unseen = try PlainHarness(
            .json(Fixtures.intro()), commands: "next\n", store: .store(store), policy: .never)
        #expect(unseen.outcome == "not shown: policy never")
        #expect(unseen.output.isEmpty)
        #expect(store.records(user: nil).isEmpty)

        store.markSeen(user: "alice", walkthrough: "intro", version: 1, outcome: .skipped)
        let seen = try PlainHarness(.json(Fixtures.intro()), store: .store(store), policy: .never)
        #expect(seen.outcome == "already seen (skipped, version 1)")
    }

    @Test func alwaysWithoutATerminalPlaysInPlainModeAndRecordsCompleted() throws {
        let folder = try TemporaryFolder()
        let database = folder.file("seen.sqlite3")
        let run = try PlainHarness(
            .json(Fixtures.intro()), commands: "next\nnext\nnext\n", store: .path(database))
        #expect(run.outcome == "completed")
        #expect(run.output.contains("Intro · 1/3 · One"))
        #expect(run.output.contains("Intro · 3/3 · Three"))
        #expect(!run.output.contains("\u{1B}["), "plain text, no escape sequences")
        let record = try SQLiteSeenStore(path: database).record(user: "alice", walkthrough: "intro")
        #expect(record?.outcome == .completed)
    }

    @Test func theSecondCallIsAlreadySeenAndPrintsNothing() throws {
        let store = InMemorySeenStore()
        let first = try PlainHarness(
            .json(Fixtures.intro()), commands: "skip\n", store: .store(store))
        #expect(first.outcome == "skipped")
        let second = try PlainHarness(
            .json(Fixtures.intro()), commands: "next\n", store: .store(store))
        #expect(second.outcome == "already seen (skipped, version 1)")
        #expect(second.output.isEmpty)
        #expect(second.errors.isEmpty)
    }

    @Test func theEndOfInputQuitsAndTheNextCallResumesThere() throws {
        let store = InMemorySeenStore()
        let first = try PlainHarness(
            .json(Fixtures.intro()), commands: "next\n", store: .store(store))
        #expect(first.outcome == "quit at page 2")
        guard case .success(.quit(let page)) = first.result else {
            Issue.record("expected quit")
            return
        }
        #expect(page == 1, "0-based in the API")
        #expect(store.record(user: "alice", walkthrough: "intro")?.outcome == .inProgress)

        let second = try PlainHarness(
            .json(Fixtures.intro()), commands: "next\nnext\n", store: .store(store))
        #expect(second.outcome == "completed")
        #expect(second.output.contains("Intro · 2/3 · Two"))
        #expect(!second.output.contains("1/3"), "resumed on page 2")

        let restarted = try PlainHarness(
            .json(Fixtures.intro(version: 2)), commands: "quit\n", store: .store(store),
            restart: true)
        #expect(restarted.output.contains("1/3"))
    }

    @Test func aRefusedCommandIsExplainedOnTheErrorOutput() throws {
        let run = try PlainHarness(
            .json(Fixtures.intro()), commands: "back\njump 3\nquit\n",
            store: .store(InMemorySeenStore()))
        #expect(run.outcome == "quit at page 1")
        #expect(run.errors.contains("already on the first page"))
        #expect(run.errors.contains("page 3 is not reachable yet"))
    }

    @Test func aVersionBumpShowsItAgain() throws {
        let store = InMemorySeenStore()
        store.markSeen(user: "alice", walkthrough: "intro", version: 1, outcome: .completed)
        let run = try PlainHarness(
            .json(Fixtures.intro(version: 2)), commands: "skip\n", store: .store(store))
        #expect(run.outcome == "skipped")
        #expect(store.record(user: "alice", walkthrough: "intro")?.version == 2)
    }

    @Test func theUserDefaultsToTheLoginNameOfTheEnvironment() throws {
        let store = InMemorySeenStore()
        let run = try PlainHarness(
            .json(Fixtures.intro()), commands: "skip\n", store: .store(store),
            environment: ["LOGNAME": "dora"])
        #expect(run.outcome == "skipped")
        #expect(store.hasSeen(user: "dora", walkthrough: "intro", version: 1))
        #expect(!store.hasSeen(user: "alice", walkthrough: "intro", version: 1))
    }

    @Test func aBundledDefinitionPlaysInPlainMode() throws {
        let run = try PlainHarness(
            .resource("Definitions/tour.json"), commands: "quit\n",
            store: .store(InMemorySeenStore()))
        #expect(run.outcome == "quit at page 1")
        #expect(run.output.contains("Image: A map of the tool (tour-map.png)"))
    }

    @Test func aResetShowsItAgainAfterTheGateRememberedItWasSeen() throws {
        let folder = try TemporaryFolder()
        let database = folder.file("seen.sqlite3")
        var environment = testEnvironment
        environment["HOME"] = folder.path
        func launch(_ commands: String = "") throws -> PlainHarness {
            try PlainHarness(
                .json(Fixtures.intro()), commands: commands, store: .path(database),
                environment: environment)
        }
        #expect(try launch("skip\n").outcome == "skipped")
        // The gate remembers "seen" once the store has been still for a moment: launch until
        // its memo is there.
        let memo = folder.path + "/.cache/walkthrough/seen-memo"
        let remembered = waitUntil(timeout: 10, interval: 20) {
            let outcome = (try? launch().outcome) ?? "no result"
            #expect(outcome == "already seen (skipped, version 1)")
            return !((try? FileManager.default.contentsOfDirectory(atPath: memo)) ?? []).isEmpty
        }
        #expect(remembered, "no memo in \(memo) after 10 s")
        let answered = try launch()
        #expect(answered.outcome == "already seen (skipped, version 1)")
        #expect(answered.output.isEmpty && answered.errors.isEmpty)

        #expect(try SQLiteSeenStore(path: database).reset(user: "alice", walkthrough: "intro") == 1)
        let shown = try launch("next\nnext\nnext\n")
        #expect(shown.outcome == "completed")
        #expect(shown.output.contains("Intro · 1/3 · One"))
    }
}
