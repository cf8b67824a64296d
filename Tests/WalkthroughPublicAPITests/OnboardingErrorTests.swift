import Foundation
import Testing
import WalkthroughKit
import WalkthroughTerminal
import WalkthroughTestSupport

/// What reaches the caller when something is wrong: typed errors, and a store failure the caller
/// may choose to ignore so that the tool still starts.
struct OnboardingErrorTests {
    @Test func aMissingDefinitionIsADefinitionError() throws {
        let run = try PlainHarness(
            .file("/nonexistent/tour.json"), store: .store(InMemorySeenStore()))
        guard case .failure(.definition(.notFound(let path))) = run.result else {
            Issue.record("expected a missing definition, got \(run.outcome)")
            return
        }
        #expect(path == "/nonexistent/tour.json")
    }

    @Test func aNameFoundNowhereNamesThePlacesSearched() throws {
        let folder = try TemporaryFolder()
        let run = try PlainHarness(
            "nosuchtour", store: .store(InMemorySeenStore()),
            environment: ["LOGNAME": "alice", "WALKTHROUGH_PATH": folder.path])
        guard case .failure(.definition(.notFoundOnSearchPath(let name, let searched))) = run.result
        else {
            Issue.record("expected not found on the search path, got \(run.outcome)")
            return
        }
        #expect(name == "nosuchtour")
        #expect(searched == [folder.path, "walkthroughs"])
    }

    @Test func anInvalidDefinitionListsEveryProblem() throws {
        let run = try PlainHarness(
            .json(#"{"id": "broken", "version": 0, "pages": [{"content": "x"}]}"#),
            store: .store(InMemorySeenStore()), policy: .never)
        guard case .failure(.definition(.invalid(let report))) = run.result else {
            Issue.record("expected an invalid definition, got \(run.outcome)")
            return
        }
        #expect(report.errors.map(\.path) == ["version", "pages[0].heading"])
        #expect(run.outcome.contains("pages[0].heading: required field is missing"))
    }

    @Test func anUnopenableStoreThrowsAStoreErrorAndIsLeftAsItWas() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("my shopping list\n", to: "seen.sqlite3")
        let run = try PlainHarness(.json(Fixtures.intro()), commands: "next\n", store: .path(path))
        guard case .failure(.store(let error)) = run.result else {
            Issue.record("expected a store error, got \(run.outcome)")
            return
        }
        #expect(error as? SeenStoreError == .notADatabase(path: path))
        #expect(run.output.isEmpty, "nothing shown")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "my shopping list\n")
    }

    @Test(arguments: [OnboardingPolicy.always, .never, .interactiveOnly])
    func anUnopenableStoreCanBeIgnoredSoTheToolStarts(_ policy: OnboardingPolicy) throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("my shopping list\n", to: "seen.sqlite3")
        let run = try PlainHarness(
            .json(Fixtures.intro()), commands: "next\n", store: .path(path), policy: policy,
            storeFailure: .ignore)
        guard case .success(.notShown(.storeUnavailable(let error))) = run.result else {
            Issue.record("expected not shown, store unavailable; got \(run.outcome)")
            return
        }
        #expect(error as? SeenStoreError == .notADatabase(path: path))
        #expect(run.outcome.hasPrefix("not shown: store unavailable ("))
        #expect(run.output.isEmpty)
    }

    @Test func aCustomStoreThatFailsIsAStoreErrorToo() throws {
        let thrown = try PlainHarness(
            .json(Fixtures.intro()), store: .store(UnreachableSeenStore()))
        #expect(thrown.outcome == "error: the settings server is unreachable")
        guard case .failure(.store(let error)) = thrown.result else {
            Issue.record("expected a store error")
            return
        }
        #expect(error is UnreachableSeenStore.Unreachable)

        let ignored = try PlainHarness(
            .json(Fixtures.intro()), store: .store(UnreachableSeenStore()), storeFailure: .ignore)
        #expect(
            ignored.outcome == "not shown: store unavailable (the settings server is unreachable)")
    }

    @Test func anIgnoredStoreFailureStillReportsADefinitionProblem() throws {
        let run = try PlainHarness(
            .file("/nonexistent/tour.json"), store: .store(UnreachableSeenStore()),
            storeFailure: .ignore)
        guard case .failure(.definition) = run.result else {
            Issue.record("expected a definition error, got \(run.outcome)")
            return
        }
    }

    @Test func anInvalidUserNameIsRefusedBeforeTheStoreIsOpened() throws {
        let folder = try TemporaryFolder()
        let run = try PlainHarness(
            .json(Fixtures.intro()), user: "", store: .path(folder.file("seen.sqlite3")))
        guard case .failure(.invalidUser(let name, .empty)) = run.result else {
            Issue.record("expected an invalid user, got \(run.outcome)")
            return
        }
        #expect(name.isEmpty)
        #expect(!folder.exists("seen.sqlite3"))
    }

    @Test func anOutputThatCannotBeWrittenIsATerminalError() throws {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        defer { for end in ends { close(end) } }
        let readOnly = open("/dev/null", O_RDONLY)
        defer { close(readOnly) }
        let options = OnboardingOptions(
            input: ends[0], output: readOnly, signals: .none, environment: testEnvironment)
        let result = Result { () throws(OnboardingError) in
            try Onboarding.presentIfNeeded(
                .json(Fixtures.intro()), store: .store(InMemorySeenStore()), policy: .always,
                storeFailure: .throw, options: options)
        }
        guard case .failure(.terminal(let error)) = result else {
            Issue.record("expected a terminal error, got \(describe(result))")
            return
        }
        #expect(error == .writeFailed(errno: EBADF))
    }
}
