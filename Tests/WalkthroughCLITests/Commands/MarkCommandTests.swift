import Foundation
import Testing
import WalkthroughKit
import WalkthroughTestSupport

@testable import WalkthroughCLI

/// `walkthrough mark`, in-process.
struct MarkCommandTests {
    @Test func recordsCompletedAndCreatesThePrivateDatabase() throws {
        let sandbox = try Sandbox()
        try sandbox.define("tour.json", definition(version: 3))
        let result = sandbox.run(["mark", "tour"])
        #expect(result.code == .success, "\(result.standardError)")
        #expect(result.standardOutput == "Recorded: alice completed Tour (version 3).\n")
        let record = try #require(try sandbox.record("tour"))
        #expect(record.outcome == .completed)
        #expect(record.version == 3)
        let folder = (sandbox.database as NSString).deletingLastPathComponent
        let attributes = try FileManager.default.attributesOfItem(atPath: folder)
        #expect((attributes[.posixPermissions] as? Int) == 0o700)
        #expect(sandbox.run(["seen", "tour", "-q"]).code == .success)
    }

    @Test func recordsSkipped() throws {
        let sandbox = try Sandbox()
        try sandbox.define("tour.json", definition())
        let result = sandbox.run(["mark", "tour", "--skipped", "--user", "bob"])
        #expect(result.standardOutput == "Recorded: bob skipped Tour (version 1).\n")
        #expect(try sandbox.record("tour", user: "bob")?.outcome == .skipped)
        #expect(try sandbox.record("tour") == nil)
    }

    @Test func keepsARecordOfANewerVersion() throws {
        let sandbox = try Sandbox()
        try sandbox.define("tour.json", definition(version: 1))
        try sandbox.seed("tour", version: 2, outcome: .skipped)
        let result = sandbox.run(["mark", "tour"])
        #expect(result.code == .success)
        #expect(
            result.standardOutput
                == "Kept: alice had already skipped Tour at the newer version 2; version 1 "
                + "changes nothing.\n")
        #expect(try sandbox.record("tour")?.version == 2)
    }

    @Test func aFolderThatCannotBeCreatedIsAStoreError() throws {
        let sandbox = try Sandbox()
        try sandbox.define("tour.json", definition())
        let file = try sandbox.folder.write("not a folder", to: "plain-file")
        let database = file + "/state/seen.sqlite3"
        let result = sandbox.run(["mark", "tour", "--db", database])
        #expect(result.code == .ioError)
        #expect(result.standardError.hasPrefix("Error: cannot create the folder "))
        #expect(result.standardError.contains(database))
        #expect(result.standardError.split(separator: "\n").count == 1)
    }

    @Test func aWalkthroughTitleWithEscapesIsPrintedEscaped() throws {
        let sandbox = try Sandbox()
        try sandbox.define(
            "evil.json", definition(id: "evil", title: #"\u001b]0;pwned\u0007 \u202e"#))
        let result = sandbox.run(["mark", "evil"])
        #expect(
            result.standardOutput
                == "Recorded: alice completed ^[]0;pwned^G \\u{202E} (version 1).\n")
    }
}
