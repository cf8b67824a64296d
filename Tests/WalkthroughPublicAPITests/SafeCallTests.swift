import Foundation
import Testing
import WalkthroughKit
import WalkthroughTerminal
import WalkthroughTestSupport

/// The one call with its defaults, against every kind of failure: each comes back as a value,
/// nothing is thrown, nothing is printed, and the call returns (a trap would end the test
/// process).
struct SafeCallTests {
    /// Runs the safe call with pipes for its streams; what it printed, and what it returned.
    private func call(
        _ source: DefinitionSource, user: String? = nil,
        store: SeenStoreLocation = .store(InMemorySeenStore()),
        policy: OnboardingPolicy = .always, commands: String = "next\nnext\nnext\n",
        environment: [String: String] = testEnvironment
    ) throws -> (result: OnboardingResult, printed: String) {
        var input: [Int32] = [-1, -1]
        var output: [Int32] = [-1, -1]
        try #require(pipe(&input) == 0 && pipe(&output) == 0)
        let bytes = Array(commands.utf8)
        _ = bytes.withUnsafeBytes { write(input[1], $0.baseAddress, $0.count) }
        close(input[1])
        defer { close(input[0]) }
        let options = OnboardingOptions(
            input: input[0], output: output[1], errorOutput: output[1], signals: .none,
            environment: environment)
        let result = Onboarding.presentIfNeeded(
            source, user: user, store: store, policy: policy, options: options)
        close(output[1])
        let printed = String(decoding: bytesUntilEnd(of: output[0]), as: UTF8.self)
        close(output[0])
        return (result, printed)
    }

    @Test func aMissingDefinitionIsAFailedResult() throws {
        let (result, printed) = try call(.file("/nonexistent/tour.json"))
        guard case .failed(.definition(.notFound)) = result else {
            Issue.record("expected a missing definition, got \(result)")
            return
        }
        #expect(printed.isEmpty)
    }

    @Test func aResourceTheBundleLacksIsAFailedResultNotATrap() throws {
        let (result, printed) = try call(.resource("Definitions/no-such-tour.json"))
        guard case .failed(.definition(.notFound)) = result else {
            Issue.record("expected a missing resource, got \(result)")
            return
        }
        #expect(printed.isEmpty)
    }

    @Test func anInvalidDefinitionIsAFailedResult() throws {
        let (result, printed) = try call(.json(#"{"id": "broken", "pages": []}"#))
        guard case .failed(.definition(.invalid)) = result else {
            Issue.record("expected an invalid definition, got \(result)")
            return
        }
        #expect(printed.isEmpty)
    }

    @Test func anInvalidUserIsAFailedResult() throws {
        var environment = testEnvironment
        environment["LOGNAME"] = "bad\u{1}name"
        environment["USER"] = nil
        let (result, printed) = try call(.json(Fixtures.intro()), environment: environment)
        guard case .failed(.invalidUser) = result else {
            Issue.record("expected an invalid user, got \(result)")
            return
        }
        #expect(printed.isEmpty)
    }

    @Test func aStoreThatCannotBeOpenedIsNotShown() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("my shopping list\n", to: "seen.sqlite3")
        let (result, printed) = try call(.json(Fixtures.intro()), store: .path(path))
        guard case .notShown(.storeUnavailable) = result else {
            Issue.record("expected an unusable store, got \(result)")
            return
        }
        #expect(printed.isEmpty)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "my shopping list\n")
    }

    @Test func aStoreThatFailsEveryCallIsNotShown() throws {
        let (result, printed) = try call(
            .json(Fixtures.intro()), store: .store(UnreachableSeenStore()))
        guard case .notShown(.storeUnavailable) = result else {
            Issue.record("expected an unreachable store, got \(result)")
            return
        }
        #expect(printed.isEmpty)
    }

    @Test func aFleetServerThatRefusesIsNotShown() throws {
        var environment = testEnvironment
        let folder = try TemporaryFolder()
        environment["XDG_STATE_HOME"] = folder.path
        environment["WALKTHROUGH_REPLICA"] = "off"
        let (result, printed) = try call(
            .json(Fixtures.intro()),
            store: .path("postgresql://walkthrough@127.0.0.1:1/fleet?connect_timeout=2"),
            environment: environment)
        guard case .notShown(.storeUnavailable) = result else {
            Issue.record("expected an unreachable server, got \(result)")
            return
        }
        #expect(printed.isEmpty)
    }

    @Test func aRowTheServerRefusesIsAFailedResult() throws {
        let store = try RowSecuredStore(TestPostgres.shared())
        var environment = testEnvironment
        environment["WALKTHROUGH_REPLICA"] = "off"
        // Another user's row, named by the host: the server refuses it (row security) when the
        // session writes.
        let (result, _) = try call(
            .json(Fixtures.intro()), user: "someone-else", store: .path(store.roleURL),
            commands: "next\n", environment: environment)
        switch result {
        case .failed(.store), .notShown(.storeUnavailable):
            break
        default:
            Issue.record("expected the refused row as a value, got \(result)")
        }
    }
}
