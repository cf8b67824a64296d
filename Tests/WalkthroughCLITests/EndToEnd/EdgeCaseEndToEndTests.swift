import Foundation
import Testing
import WalkthroughKit
import WalkthroughTestSupport

/// The built binary at the edges a user meets by accident: a folder or script named like a
/// walkthrough in the current folder, the schema file asked for by name, output to a full disk,
/// arguments that are not UTF-8, replays that would undo a completion.
struct EdgeCaseEndToEndTests {
    private func sandbox() throws -> Sandbox {
        let sandbox = try Sandbox()
        try sandbox.define("tour.json", definition())
        return sandbox
    }

    /// A bare name is looked up on the search path, whatever has that name where the command
    /// runs: a project folder or a script called like the walkthrough.
    @Test func aBareNameIsNotTakenFromTheCurrentFolder() throws {
        let sandbox = try sandbox()
        try FileManager.default.createDirectory(
            atPath: sandbox.folder.file("tour"), withIntermediateDirectories: true)
        try sandbox.folder.write("#!/bin/sh\necho tour\n", to: "tour.sh")
        try FileManager.default.moveItem(
            atPath: sandbox.folder.file("tour.sh"), toPath: sandbox.folder.file("tour/tour"))
        let fromFolder = try sandbox.execute(["seen", "tour"])
        #expect(fromFolder.status == 1, "\(fromFolder.standardError)")
        let fromInside = try sandbox.execute(
            ["seen", "tour"], directory: sandbox.folder.file("tour"))
        #expect(fromInside.status == 1, "\(fromInside.standardError)")
        // A path is a path: a folder named with a slash is refused as a folder.
        let path = try sandbox.execute(["seen", "./tour"])
        #expect(path.status == 66)
        #expect(path.standardError.contains("is a directory"))
    }

    @Test func theSchemaAskedForByNameIsExplained() throws {
        let sandbox = try sandbox()
        try sandbox.define(
            "schema.json", #"{"$schema": "https://json-schema.org/draft/2020-12/schema"}"#)
        for command in [["seen", "schema"], ["play", "schema"], ["mark", "schema.json"]] {
            let result = try sandbox.execute(command)
            #expect(result.status == 65)
            #expect(
                result.standardError.contains("is a JSON Schema")
                    && result.standardError.filter { $0 == "\n" }.count == 1,
                "\(command): \(result.standardError)")
        }
    }

    @Test func outputThatCannotBeWrittenIsAnError() throws {
        let sandbox = try sandbox()
        try sandbox.seed("tour")
        for command in [["status", "--json"], ["validate", sandbox.definitions + "/tour.json"]] {
            let result = try ChildProcess.run(
                ["/bin/sh", "-c", "exec \"$0\" \"$@\" > /dev/full", walkthroughBinary] + command,
                environment: sandbox.environment, directory: sandbox.folder.path)
            #expect(result.status == 74, "\(command)")
            #expect(result.standardError.contains("could not write the output"), "\(command)")
        }
    }

    @Test func anArgumentThatIsNotUTF8IsRefused() throws {
        let sandbox = try sandbox()
        let result = try ChildProcess.run(
            [
                "/bin/sh", "-c", "exec \"$0\" mark tour --user \"$(printf 'a\\377b')\"",
                walkthroughBinary,
            ], environment: sandbox.environment, directory: sandbox.folder.path)
        #expect(result.status == 64)
        #expect(result.standardError.contains("argument 4 is not valid UTF-8"))
        #expect(sandbox.createdFiles.isEmpty)
    }

    /// Skipping a replay, or marking it skipped, keeps the completion and says so.
    @Test func skippingAfterCompletingKeepsTheCompletion() throws {
        let sandbox = try sandbox()
        try sandbox.seed("tour", outcome: .completed)
        let replay = try sandbox.execute(["play", "tour", "--force"], input: "skip\n")
        #expect(replay.status == 0)
        #expect(replay.standardOutput.contains("Kept: alice had already completed Tour"))
        let mark = try sandbox.execute(["mark", "tour", "--skipped"])
        #expect(mark.standardOutput.contains("Kept: alice had already completed Tour"))
        #expect(try sandbox.record("tour")?.outcome == .completed)
    }

    @Test func validateJSONMarksASkippedSchema() throws {
        let sandbox = try sandbox()
        let schema = try sandbox.define(
            "schema.json", #"{"$schema": "https://json-schema.org/draft/2020-12/schema"}"#)
        let result = try sandbox.execute(["validate", "--json", schema])
        #expect(result.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
        let report = try #require(object as? [String: Any])
        #expect(report["skipped"] as? Bool == true)
        #expect(report["valid"] as? Bool == true)
    }
}
