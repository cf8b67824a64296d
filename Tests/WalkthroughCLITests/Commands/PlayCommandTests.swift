import Foundation
import Testing
import WalkthroughKit

@testable import WalkthroughCLI

/// `walkthrough play` in-process, up to the point where a player would start: the checks that
/// come first. Playing itself is tested with the built binary (plain mode, and tmux).
struct PlayCommandTests {
    @Test func aUserWhoHasSeenItIsToldSoAndNothingPlays() throws {
        let sandbox = try Sandbox()
        try sandbox.define("tour.json", definition())
        try sandbox.seed("tour")
        let before = try sandbox.record("tour")
        let result = sandbox.run(["play", "tour"])
        #expect(result.code == .success)
        #expect(
            result.standardOutput
                == "alice has already seen Tour (version 1): completed on 2026-11-30 22:47:03 "
                + "UTC. Nothing to play; add --force to see it again.\n")
        #expect(result.standardError.isEmpty)
        #expect(try sandbox.record("tour") == before, "nothing was written")
    }

    @Test func aMissingDefinitionCreatesNoDatabase() throws {
        let sandbox = try Sandbox()
        let result = sandbox.run(["play", "nowhere.json"])
        #expect(result.code == .missingInput)
        #expect(result.standardError.hasPrefix("Error: nowhere.json: no such walkthrough file"))
        #expect(sandbox.createdFiles.isEmpty)
    }

    @Test func aFolderIsNotADefinition() throws {
        let sandbox = try Sandbox()
        let result = sandbox.run(["play", sandbox.definitions])
        #expect(result.code == .missingInput)
        #expect(result.standardError.hasPrefix("Error: \(sandbox.definitions): "))
    }

    @Test func anInvalidDefinitionIsRefusedWithEveryProblem() throws {
        let sandbox = try Sandbox()
        try sandbox.define(
            "tour.json", #"{"navigation": "sideways", "pages": [{"heading": ""}]}"#)
        let result = sandbox.run(["play", "tour"])
        #expect(result.code == .invalidDefinition)
        #expect(result.standardError.split(separator: "\n").count == 3, "\(result.standardError)")
        #expect(sandbox.createdFiles.isEmpty)
    }

    @Test func aBrokenDatabaseIsAStoreError() throws {
        let sandbox = try Sandbox()
        try sandbox.define("tour.json", definition())
        try sandbox.placeDatabase(randomBytes)
        let result = sandbox.run(["play", "tour"])
        #expect(result.code == .ioError)
        #expect(result.standardError.hasPrefix("Error: \(sandbox.database) is not a walkthrough"))
        #expect(sandbox.databaseBytes() == randomBytes)
    }
}
