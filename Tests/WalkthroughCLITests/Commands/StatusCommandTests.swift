import Foundation
import Testing
import WalkthroughKit
import WalkthroughTestSupport

@testable import WalkthroughCLI

/// `walkthrough status`, in-process: the table and the JSON.
struct StatusCommandTests {
    @Test func aMissingDatabaseIsAnEmptyListAndIsNotCreated() throws {
        let sandbox = try Sandbox()
        let json = sandbox.run(["status", "--json"])
        #expect(json.code == .success)
        #expect(json.standardOutput == "[]\n")
        let text = sandbox.run(["status"])
        #expect(text.standardOutput == "No walkthrough records in \(sandbox.database).\n")
        #expect(sandbox.createdFiles.isEmpty)
    }

    @Test func printsATableOfEveryRecord() throws {
        let sandbox = try Sandbox()
        try sandbox.seed("tour")
        try sandbox.seed("intro", outcome: nil, page: 1)
        try sandbox.seed("tour", user: "bob", version: 12, outcome: .skipped)
        let result = sandbox.run(["status"])
        #expect(result.code == .success)
        #expect(
            result.standardOutput == """
                USER   WALKTHROUGH  VERSION  OUTCOME      LAST PAGE  UPDATED
                alice  intro        1        in progress  2          2026-11-30 22:47:03 UTC
                alice  tour         1        completed    1          2026-11-30 22:47:03 UTC
                bob    tour         12       skipped      1          2026-11-30 22:47:03 UTC

                """)
    }

    @Test func narrowsToOneUser() throws {
        let sandbox = try Sandbox()
        try sandbox.seed("tour")
        try sandbox.seed("tour", user: "bob")
        let result = sandbox.run(["status", "--user", "bob", "--json"])
        let records = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
                as? [[String: Any]])
        #expect(records.map { $0["user"] as? String } == ["bob"])
        #expect(
            sandbox.run(["status", "--user", "carol"]).standardOutput
                == "No walkthrough records for carol in \(sandbox.database).\n")
    }

    @Test func printsJSONWithTheContractsKeys() throws {
        let sandbox = try Sandbox()
        try sandbox.seed("intro", outcome: nil, page: 1)
        try sandbox.seed("tour", version: 2, outcome: .skipped)
        let result = sandbox.run(["status", "--json"])
        #expect(result.code == .success)
        #expect(
            result.standardOutput == """
                [
                  {
                    "user": "alice",
                    "walkthrough": "intro",
                    "version": 1,
                    "outcome": "inProgress",
                    "lastPage": 2,
                    "updatedAt": "2026-11-30T22:47:03.123Z"
                  },
                  {
                    "user": "alice",
                    "walkthrough": "tour",
                    "version": 2,
                    "outcome": "skipped",
                    "lastPage": 1,
                    "updatedAt": "2026-11-30T22:47:03.123Z"
                  }
                ]

                """)
    }

    @Test func namesWrittenByAnotherToolAreEscapedInBothForms() throws {
        let sandbox = try Sandbox()
        let hostile = "eve\u{1B}]0;pwned\u{7}\u{202E}"
        try sandbox.seed("tour\u{9B}2J", user: hostile)
        let text = sandbox.run(["status"]).standardOutput
        #expect(text.contains("eve^[]0;pwned^G\\u{202E}  tour\\u{9B}2J"))
        let json = sandbox.run(["status", "--json"])
        #expect(json.standardOutput.contains(#""user": "eve\u001b]0;pwned\u0007\u202e""#))
        for output in [text, json.standardOutput] {
            #expect(
                !output.unicodeScalars.contains { [0x1B, 0x07, 0x9B, 0x202E].contains($0.value) })
        }
        let records = try #require(
            try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8))
                as? [[String: Any]])
        #expect(records.first?["user"] as? String == hostile, "JSON escapes, and loses nothing")
    }

    @Test func aNewerSchemaIsAStoreError() throws {
        let sandbox = try Sandbox()
        try sandbox.seed("tour")
        // What a later version of walkthrough would leave: a schema this one does not know.
        let sqlite = try ChildProcess(
            ["/usr/bin/sqlite3", sandbox.database, "PRAGMA user_version = 99;"],
            environment: [:], directory: sandbox.folder.path)
        sqlite.closeInput()
        #expect(sqlite.wait() == 0, "\(sqlite.standardError)")
        let before = sandbox.databaseBytes()
        let status = sandbox.run(["status"])
        #expect(status.code == .ioError)
        #expect(
            status.standardError.hasPrefix(
                "Error: \(sandbox.database) was written by a newer version of walkthrough"))
        #expect(sandbox.databaseBytes() == before)
    }
}
