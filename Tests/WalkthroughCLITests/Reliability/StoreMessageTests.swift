import Foundation
import Testing
import WalkthroughTestSupport

/// The small things a user reads: a switch that is neither on nor off, a definition error from
/// `mark` or `seen`, a round-1 store that cannot be read without a file the user may not make.
@Suite(.serialized)
struct StoreMessageTests {
    @Test(arguments: ["bogus", "2", "enabled", "of"])
    func anEventsSwitchThatIsNeitherOnNorOffIsAUsageError(value: String) throws {
        let sandbox = try Sandbox()
        try sandbox.define("tour.json", definition())
        let result = try sandbox.execute(["mark", "tour"], extra: ["WALKTHROUGH_EVENTS": value])
        #expect(result.status == 64, "\(result.standardError)")
        #expect(result.standardError.hasPrefix("Error: WALKTHROUGH_EVENTS"))
        #expect(result.standardError.contains("\"\(value)\""), "\(result.standardError)")
        #expect(!FileManager.default.fileExists(atPath: sandbox.database))
    }

    @Test(arguments: ["1", "0", "true", "FALSE", "yes", "no", "On", "off", ""])
    func everyOnOffSpellingIsAccepted(value: String) throws {
        let sandbox = try Sandbox()
        try sandbox.define("tour.json", definition())
        let result = try sandbox.execute(["mark", "tour"], extra: ["WALKTHROUGH_EVENTS": value])
        #expect(result.status == 0, "\(value): \(result.standardError)")
    }

    @Test(arguments: ["mark", "seen", "play"])
    func definitionErrorsStartWithErrorAsEveryOtherError(command: String) throws {
        let sandbox = try Sandbox()
        try sandbox.define("bad.json", #"{"id": "bad", "version": 1, "pages": []}"#)
        let result = try sandbox.execute(
            [command, "bad", "--plain"].prefix(command == "play" ? 3 : 2).map { $0 })
        #expect(result.status == 65, "\(result.standardError)")
        let lines = result.standardError.split(separator: "\n")
        #expect(!lines.isEmpty)
        for line in lines where !line.hasPrefix("warning: ") {
            #expect(line.hasPrefix("Error: "), "\(line)")
        }
    }

    @Test(.enabled(if: runningAsRoot, "acting as another user (setpriv) needs root"))
    func aRoundOneWALWithoutItsIndexInAFolderTheUserMayNotWriteIsNamed() throws {
        let sandbox = try Sandbox()
        try sandbox.define("tour.json", definition())
        try FileManager.default.createDirectory(
            atPath: sandbox.databaseFolder, withIntermediateDirectories: true)
        try RoundOneStore.create(at: sandbox.database, users: ["amy"], walkthrough: "tour")
        try RoundOneStore.addFromKilledWriter(
            at: sandbox.database, users: ["bo"], walkthrough: "tour")
        #expect(unlink(sandbox.database + "-shm") == 0)
        try sandbox.openToOthers()
        let before = HostileStore.snapshot(sandbox)

        let result = try sandbox.executeAsNobody(["seen", "tour", "--user", "bo"])
        #expect(result.status == 74, "\(result.standardError)")
        #expect(result.standardError.contains(sandbox.database + "-wal"), "\(result.standardError)")
        #expect(result.standardError.contains(sandbox.database + "-shm"), "\(result.standardError)")
        #expect(!result.standardError.contains("unable to open"), "\(result.standardError)")
        #expect(HostileStore.snapshot(sandbox) == before)
    }
}
