import Foundation
import Testing
import WalkthroughKit
import WalkthroughTestSupport

@testable import WalkthroughCLI

/// Every command that opens the seen store, on each damaged database: exit 74, one line on
/// standard error naming the database, no crash, no hang, and every file next to the database
/// left byte for byte as it was (no `-wal`, `-shm` or `-journal` file appearing).
@Suite(.serialized)
struct HostileDatabaseCommandTests {
    /// The commands that open the store, as a user would type them.
    static let commands: [[String]] = [
        ["seen", "tour"], ["seen", "tour", "-q"], ["status"], ["status", "--json"],
        ["status", "--user", "alice"], ["mark", "tour"], ["mark", "tour", "--skipped"],
        ["play", "tour", "--plain"], ["reset", "--user", "alice"],
        ["reset", "--all-users", "tour", "--dry-run"], ["list"],
    ]

    private func sandbox(_ store: HostileStore) throws -> Sandbox {
        let sandbox = try Sandbox()
        try sandbox.define("tour.json", definition())
        try store.make(in: sandbox)
        return sandbox
    }

    @Test(arguments: HostileStore.allCases)
    func everyCommandExits74NamingTheDatabaseAndChangesNothing(store: HostileStore) throws {
        let sandbox = try sandbox(store)
        let before = HostileStore.snapshot(sandbox)
        #expect(!before.isEmpty)
        for command in Self.commands {
            let result = sandbox.run(command)
            #expect(result.code == .ioError, "\(command): \(result.standardError)")
            let lines = result.standardError.split(
                separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.count == 2 && lines[1].isEmpty, "\(command): one line: \(lines)")
            #expect(result.standardError.hasPrefix("Error: "), "\(command)")
            #expect(result.standardError.contains(sandbox.database), "\(command)")
            #expect(result.standardOutput.isEmpty, "\(command): \(result.standardOutput)")
            #expect(HostileStore.snapshot(sandbox) == before, "\(command) changed the files")
        }
    }

    /// The same through the built binary, as a user's shell runs it: a real process that must
    /// neither crash nor hang (each run is given a minute, then killed).
    @Test(arguments: HostileStore.allCases)
    func theBinaryExits74WithoutCrashingOrHanging(store: HostileStore) throws {
        let sandbox = try sandbox(store)
        let before = HostileStore.snapshot(sandbox)
        for command in [["status", "--json"], ["seen", "tour"], ["play", "tour"]] {
            let result = try sandbox.execute(command, input: "next\n")
            #expect(result.status == 74, "\(command): \(result.standardError)")
            #expect(result.standardError.contains(sandbox.database))
            #expect(
                result.standardError.filter { $0 == "\n" }.count == 1,
                "\(command): \(result.standardError)")
            #expect(HostileStore.snapshot(sandbox) == before, "\(command) changed the files")
        }
    }

    @Test func theMessageSaysWhatIsWrongWithEach() throws {
        let expectations: [HostileStore: String] = [
            .truncatedAt100Bytes: "damaged",
            .truncatedToHalf: "damaged",
            .schemaPageFlipped: "damaged",
            .walWithoutDatabase: "-wal is there without its database",
            .seenTableMissingAColumn: "not a walkthrough store",
            .folder: "it is a folder",
            .fifo: "not a regular file",
        ]
        for (store, words) in expectations {
            let sandbox = try sandbox(store)
            let message = sandbox.run(["status"]).standardError
            #expect(message.contains(words), "\(store): \(message)")
        }
    }
}
