import Foundation
import Testing
import WalkthroughKit

@testable import WalkthroughCLI

/// `walkthrough reset`, in-process: both forms, ids given as paths, dry runs.
struct ResetCommandTests {
    /// alice has seen tour and intro, bob has seen tour.
    private func seeded() throws -> Sandbox {
        let sandbox = try Sandbox()
        try sandbox.seed("tour")
        try sandbox.seed("intro", outcome: nil, page: 2)
        try sandbox.seed("tour", user: "bob", outcome: .skipped)
        return sandbox
    }

    private func remaining(_ sandbox: Sandbox) throws -> [String] {
        try sandbox.store().records(user: nil).map { "\($0.user)/\($0.walkthrough)" }
    }

    @Test func removesAllOfOneUsersRecords() throws {
        let sandbox = try seeded()
        let result = sandbox.run(["reset", "--user", "alice"])
        #expect(result.code == .success)
        #expect(
            result.standardOutput == """
                Removed 2 records:
                  alice  intro  in progress, version 1, 2026-11-30 22:47:03 UTC
                  alice  tour  completed, version 1, 2026-11-30 22:47:03 UTC

                """)
        #expect(try remaining(sandbox) == ["bob/tour"])
    }

    @Test func removesOnlyTheIdsGiven() throws {
        let sandbox = try seeded()
        let result = sandbox.run(["reset", "--user", "alice", "tour", "nothing-like-it"])
        #expect(result.code == .success)
        #expect(result.standardOutput.hasPrefix("Removed 1 record:\n  alice  tour  completed"))
        #expect(try remaining(sandbox) == ["alice/intro", "bob/tour"])
    }

    @Test func removesAWalkthroughForEveryUser() throws {
        let sandbox = try seeded()
        let result = sandbox.run(["reset", "--all-users", "tour"])
        #expect(result.code == .success)
        #expect(result.standardOutput.hasPrefix("Removed 2 records:\n"))
        #expect(try remaining(sandbox) == ["alice/intro"])
    }

    @Test func aDefinitionPathCountsAsItsId() throws {
        let sandbox = try seeded()
        let path = try sandbox.define("some-file.json", definition(id: "tour"))
        let result = sandbox.run(["reset", "--all-users", path])
        #expect(result.code == .success)
        #expect(try remaining(sandbox) == ["alice/intro"])
    }

    @Test func anInvalidDefinitionPathIsRefused() throws {
        let sandbox = try seeded()
        let path = try sandbox.define("broken.json", #"{"pages": []}"#)
        let result = sandbox.run(["reset", "--user", "alice", path])
        #expect(result.code == .invalidDefinition)
        #expect(result.standardError.hasPrefix("Error: " + path + ": pages"))
        #expect(try remaining(sandbox).count == 3)
    }

    @Test func aDryRunListsAndRemovesNothing() throws {
        let sandbox = try seeded()
        let before = sandbox.databaseBytes()
        let result = sandbox.run(["reset", "--all-users", "tour", "--dry-run"])
        #expect(result.code == .success)
        #expect(
            result.standardOutput == """
                Would remove 2 records (dry run: nothing was removed):
                  alice  tour  completed, version 1, 2026-11-30 22:47:03 UTC
                  bob  tour  skipped, version 1, 2026-11-30 22:47:03 UTC

                """)
        #expect(try remaining(sandbox).count == 3)
        #expect(sandbox.databaseBytes() == before)
    }

    @Test func nothingToRemoveIsNotAnError() throws {
        let sandbox = try seeded()
        let result = sandbox.run(["reset", "--user", "carol"])
        #expect(result.code == .success)
        #expect(result.standardOutput == "Removed 0 records.\n")
        let dry = sandbox.run(["reset", "--user", "carol", "--dry-run"])
        #expect(dry.standardOutput == "Would remove 0 records (dry run: nothing was removed).\n")
    }

    @Test func aMissingDatabaseIsNotCreated() throws {
        let sandbox = try Sandbox()
        let result = sandbox.run(["reset", "--user", "alice"])
        #expect(result.code == .success)
        #expect(
            result.standardOutput
                == "Nothing to remove: the database \(sandbox.database) does not exist yet.\n")
        #expect(sandbox.createdFiles.isEmpty)
    }

    @Test func aDatabaseThatIsNotOneIsAStoreError() throws {
        let sandbox = try Sandbox()
        try sandbox.placeDatabase(randomBytes)
        let result = sandbox.run(["reset", "--user", "alice"])
        #expect(result.code == .ioError)
        #expect(result.standardError.hasPrefix("Error: \(sandbox.database) is not a walkthrough"))
        #expect(sandbox.databaseBytes() == randomBytes)
    }
}
