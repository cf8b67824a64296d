import Foundation
import Testing
import WalkthroughKit
import WalkthroughTestSupport

@testable import WalkthroughCLI

/// `walkthrough seen`, in-process on real definition files and real SQLite databases.
struct SeenCommandTests {
    @Test func notSeenOnADatabaseThatDoesNotExistCreatesNothing() throws {
        let sandbox = try Sandbox()
        try sandbox.define("tour.json", definition())
        let result = sandbox.run(["seen", "tour"])
        #expect(result.code == .notSeen)
        #expect(result.standardOutput == "alice has not seen Tour (version 1).\n")
        #expect(result.standardError.isEmpty)
        #expect(sandbox.createdFiles.isEmpty)
    }

    @Test func quietPrintsNothingEitherWay() throws {
        let sandbox = try Sandbox()
        try sandbox.define("tour.json", definition())
        let before = sandbox.run(["seen", "tour", "-q"])
        #expect(before.code == .notSeen)
        #expect(before.standardOutput.isEmpty && before.standardError.isEmpty)
        try sandbox.seed("tour")
        let after = sandbox.run(["seen", "--quiet", "tour"])
        #expect(after.code == .success)
        #expect(after.standardOutput.isEmpty && after.standardError.isEmpty)
    }

    @Test func seenSaysHowAndWhen() throws {
        let sandbox = try Sandbox()
        try sandbox.define("tour.json", definition())
        try sandbox.seed("tour", outcome: .skipped)
        let result = sandbox.run(["seen", "tour"])
        #expect(result.code == .success)
        #expect(
            result.standardOutput
                == "alice has seen Tour (version 1): skipped on 2026-11-30 22:47:03 UTC.\n")
    }

    @Test func anUnfinishedRunIsNotSeen() throws {
        let sandbox = try Sandbox()
        try sandbox.define("tour.json", definition())
        try sandbox.seed("tour", outcome: nil, page: 1)
        let result = sandbox.run(["seen", "tour"])
        #expect(result.code == .notSeen)
        #expect(
            result.standardOutput
                == "alice has not seen Tour (version 1): in progress at page 2/3, last on "
                + "2026-11-30 22:47:03 UTC.\n")
    }

    @Test func aNewerDefinitionVersionIsNotSeenYet() throws {
        let sandbox = try Sandbox()
        try sandbox.define("tour.json", definition(version: 2))
        try sandbox.seed("tour", version: 1)
        let result = sandbox.run(["seen", "tour"])
        #expect(result.code == .notSeen)
        #expect(
            result.standardOutput
                == "alice has not seen Tour (version 2): completed version 1 on "
                + "2026-11-30 22:47:03 UTC.\n")
        try sandbox.define("tour.json", definition(version: 1))
        #expect(sandbox.run(["seen", "tour"]).code == .success, "a later version counts")
    }

    @Test func eachUserIsAskedAbout() throws {
        let sandbox = try Sandbox()
        try sandbox.define("tour.json", definition())
        try sandbox.seed("tour", user: "bob")
        #expect(sandbox.run(["seen", "tour"]).code == .notSeen)
        #expect(sandbox.run(["seen", "tour", "--user", "bob"]).code == .success)
        #expect(sandbox.run(["seen", "tour"], extra: ["LOGNAME": "bob"]).code == .success)
    }

    @Test func findsTheDefinitionByPathFileNameOrId() throws {
        let sandbox = try Sandbox()
        let path = try sandbox.define("file-name.json", definition(id: "the-id"))
        try sandbox.seed("the-id")
        for argument in [path, "file-name.json", "file-name", "the-id"] {
            #expect(sandbox.run(["seen", argument, "-q"]).code == .success, "\(argument)")
        }
    }

    @Test func theDatabaseOptionWinsOverTheEnvironment() throws {
        let sandbox = try Sandbox()
        try sandbox.define("tour.json", definition())
        try sandbox.seed("tour")
        let other = sandbox.folder.path + "/other.sqlite3"
        #expect(sandbox.run(["seen", "tour", "--db", other]).code == .notSeen)
        #expect(!FileManager.default.fileExists(atPath: other))
        #expect(sandbox.run(["seen", "tour", "--db", sandbox.database]).code == .success)
    }

    @Test func aMissingDefinitionNamesThePlacesSearched() throws {
        let sandbox = try Sandbox()
        let result = sandbox.run(["seen", "nowhere"])
        #expect(result.code == .missingInput)
        #expect(
            result.standardError
                == "Error: nowhere: no such walkthrough file or id; looked in "
                + "\(sandbox.definitions), walkthroughs; give the path of a definition file, or "
                + "add its folder to WALKTHROUGH_PATH\n")
        #expect(result.standardOutput.isEmpty)
    }

    @Test func anInvalidDefinitionListsEveryProblem() throws {
        let sandbox = try Sandbox()
        let path = try sandbox.define(
            "broken.json", #"{"version": 0, "pages": [{"content": "x"}]}"#)
        let result = sandbox.run(["seen", "broken"])
        #expect(result.code == .invalidDefinition)
        let lines = result.standardError.split(separator: "\n")
        #expect(lines.count == 2, "\(lines)")
        #expect(lines.allSatisfy { $0.hasPrefix("Error: " + path + ": ") })
        #expect(lines.contains { $0.contains("version") })
        #expect(lines.contains { $0.contains("pages[0].heading: required field is missing") })
        #expect(sandbox.createdFiles.isEmpty)
    }

    @Test func aFileThatIsNotADatabaseIsAStoreErrorAndLeftAlone() throws {
        let sandbox = try Sandbox()
        try sandbox.define("tour.json", definition())
        try sandbox.placeDatabase(randomBytes)
        let result = sandbox.run(["seen", "tour", "-q"])
        #expect(result.code == .ioError)
        #expect(
            result.standardError
                == "Error: \(sandbox.database) is not a walkthrough database (it is not an "
                + "SQLite file); it was left untouched: move it away, or use another database; name "
                + "it with --db or WALKTHROUGH_DB\n")
        #expect(sandbox.databaseBytes() == randomBytes)
    }
}
