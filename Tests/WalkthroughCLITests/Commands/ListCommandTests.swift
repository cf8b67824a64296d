import Foundation
import Testing
import WalkthroughKit
import WalkthroughTestSupport

@testable import WalkthroughCLI

/// `walkthrough list`, in-process.
struct ListCommandTests {
    @Test func listsEachDefinitionWithTheUsersState() throws {
        let sandbox = try Sandbox()
        let folder = sandbox.definitions
        try sandbox.define("a-new.json", definition(id: "a-new"))
        try sandbox.define("b-started.json", definition(id: "b-started", pages: 4))
        try sandbox.define("c-done.json", definition(id: "c-done", navigation: "free"))
        try sandbox.define("d-skipped.json", definition(id: "d-skipped", title: "Skipped"))
        try sandbox.define("e-bumped.json", definition(id: "e-bumped", version: 2))
        try sandbox.define("f-old-run.json", definition(id: "f-old-run", version: 2))
        try sandbox.define(
            "schema.json", #"{"$schema": "https://json-schema.org/draft/2020-12/schema"}"#)
        try sandbox.define(".hidden.json", definition(id: "hidden"))
        try sandbox.define("notes.txt", "not a definition")
        try sandbox.seed("b-started", outcome: nil, page: 2)
        try sandbox.seed("c-done")
        try sandbox.seed("d-skipped", outcome: .skipped)
        try sandbox.seed("e-bumped", version: 1)
        try sandbox.seed("f-old-run", version: 1, outcome: nil, page: 1)
        try sandbox.seed("a-new", user: "bob")
        let result = sandbox.run(["list", folder])
        #expect(result.code == .success, "\(result.standardError)")
        #expect(
            result.standardOutput == """
                ID         TITLE    PAGES  VERSION  NAVIGATION  STATE FOR alice                 DUE
                a-new      Tour     3      1        linear      not seen                        yes
                b-started  Tour     4      1        linear      in progress at page 3/4         yes
                c-done     Tour     3      1        free        completed                       no: seen
                d-skipped  Skipped  3      1        linear      skipped                         no: seen
                e-bumped   Tour     3      2        linear      not seen (completed version 1)  yes
                f-old-run  Tour     3      2        linear      not seen (started version 1)    yes

                """)
        #expect(
            sandbox.run(["list", folder, "--user", "bob"]).standardOutput.contains(
                "a-new      Tour     3      1        linear      completed"))

    }

    @Test func listsAnInvalidFileWithItsFirstProblem() throws {
        let sandbox = try Sandbox()
        try sandbox.define("good.json", definition(id: "good"))
        try sandbox.define("broken.json", #"{"pages": [{"content": 1}]}"#)
        let result = sandbox.run(["list", sandbox.definitions])
        #expect(result.code == .success)
        #expect(
            result.standardOutput == """
                ID           TITLE  PAGES  VERSION  NAVIGATION  STATE FOR alice                                                           DUE
                broken.json  -      -      -        -           invalid: pages[0].heading: required field is missing (line 1, column 12)  -
                good         Tour   3      1        linear      not seen                                                                  yes

                """)
    }

    @Test func listsTheExamplesFromTheDefaultFolder() throws {
        // The command's default folder is ./walkthroughs: the repository's, from its root.
        let sandbox = try Sandbox()
        let result = sandbox.run(["list", repositoryRoot() + "/walkthroughs"])
        #expect(result.code == .success)
        #expect(
            result.standardOutput == """
                ID               TITLE                      PAGES  VERSION  NAVIGATION  STATE FOR alice  DUE
                book             FoodPin, the guide book    5      1        free        not seen         yes
                foodpin-zh-hant  FoodPin 美食地圖           3      1        linear      not seen         yes
                foodpin          FoodPin                    3      1        linear      not seen         yes
                languages        Every script at its width  3      1        free        not seen         yes
                media-tabs       Your Library               3      1        free        not seen         yes
                tour             Tour                       3      1        free        not seen         no: holdout

                """)
        #expect(sandbox.createdFiles.isEmpty, "listing creates no database")
    }

    @Test func aDefinitionWithoutATitleShowsADash() throws {
        let sandbox = try Sandbox()
        try sandbox.define("bare.json", #"{"pages": [{"heading": "H", "content": ""}]}"#)
        try sandbox.define(
            "blank.json", #"{"title": "", "pages": [{"heading": "H", "content": ""}]}"#)
        let result = sandbox.run(["list", sandbox.definitions])
        #expect(
            result.standardOutput == """
                ID     TITLE  PAGES  VERSION  NAVIGATION  STATE FOR alice  DUE
                bare   -      1      1        free        not seen         yes
                blank  -      1      1        free        not seen         yes

                """)
    }

    @Test func anEmptyFolderSaysSo() throws {
        let sandbox = try Sandbox()
        let result = sandbox.run(["list", sandbox.definitions])
        #expect(result.code == .success)
        #expect(
            result.standardOutput
                == "No walkthrough definitions (.json files) in \(sandbox.definitions).\n")
    }

    @Test func aMissingFolderOrAFileIsMissingInput() throws {
        let sandbox = try Sandbox()
        let missing = sandbox.run(["list", sandbox.folder.path + "/nope"])
        #expect(missing.code == .missingInput)
        #expect(
            missing.standardError
                == "Error: \(sandbox.folder.path)/nope: no such folder; give a folder of "
                + "walkthrough definitions (default: ./walkthroughs)\n")
        let file = try sandbox.define("tour.json", definition())
        let notAFolder = sandbox.run(["list", file])
        #expect(notAFolder.code == .missingInput)
        #expect(notAFolder.standardError.hasPrefix("Error: \(file): not a folder; "))
    }

    @Test func titlesWithEscapesAreEscaped() throws {
        let sandbox = try Sandbox()
        try sandbox.define("evil.json", definition(id: "evil", title: #"\u001b[2Jgone\u009b"#))
        let result = sandbox.run(["list", sandbox.definitions])
        #expect(result.standardOutput.contains("evil  ^[[2Jgone\\u{9B}  3"))
        #expect(
            !result.standardOutput.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x9B })
    }

    @Test func aBrokenDatabaseIsAStoreError() throws {
        let sandbox = try Sandbox()
        try sandbox.define("tour.json", definition())
        try sandbox.placeDatabase(randomBytes)
        let result = sandbox.run(["list", sandbox.definitions])
        #expect(result.code == .ioError)
        #expect(sandbox.databaseBytes() == randomBytes)
    }
}
