#if SERVER
import Foundation
@preconcurrency import Glibc
import Testing
import WalkthroughTestSupport

/// A real OFREP client, written by others: the OpenFeature Python SDK with its OFREP
/// provider (PyPI), evaluating walkthroughs against the built `walkthrough serve`.
@Suite(.serialized) struct OpenFeatureClientTests {
    static func client() throws -> PythonReference {
        _ = try PythonReference.find(
            requirement: "openfeature-sdk==0.10.0",
            check: "import openfeature.api", purpose: "the OFREP client tests")
        return try PythonReference.find(
            requirement: "openfeature-provider-ofrep==0.3.0",
            check: "import openfeature.contrib.provider.ofrep",
            purpose: "the OFREP client tests")
    }

    static let script = repositoryRoot() + "/Tests/WalkthroughServerTests/Reference/ofrep_client.py"

    /// The client's lines, by `flag user`.
    func evaluate(_ server: ServeProcess, _ specs: [String]) throws -> [String: [String]] {
        let result = try Self.client().run(
            [Self.script, server.base, ServeProcess.serviceSecret] + specs)
        #expect(result.status == 0, "\(result.standardError)")
        var lines: [String: [String]] = [:]
        for line in result.standardOutput.split(separator: "\n") {
            let words = line.split(separator: " ").map(String.init)
            lines[words[0] + " " + words[1]] = Array(words.dropFirst(2))
        }
        return lines
    }

    @Test func theOpenFeatureSDKEvaluatesWalkthroughsBeforeAndAfterAUserFinishes() throws {
        let server = try ServeProcess()
        let before = try evaluate(server, ["foodpin:alice", "nope:alice", "foodpin:"])
        #expect(before["foodpin alice"] == ["True", "TARGETING_MATCH", "due", "-", "3"])
        #expect(before["nope alice"]?.prefix(2) == ["False", "ERROR"])
        #expect(before["nope alice"]?[3] == "FLAG_NOT_FOUND")
        #expect(before["foodpin -"]?[3] == "TARGETING_KEY_MISSING")
        let finished = try HTTPExchange.send(
            "POST", server.base + "/v1/users/alice/walkthroughs/foodpin/steps",
            headers: ["Authorization": "Bearer \(ServeProcess.serviceSecret)"],
            body:
                #"{"id": "d0000000-0000-4000-8000-000000000001", "step": "finished", "page": 3, "version": 1}"#
        )
        #expect(finished.status == 200)
        let after = try evaluate(server, ["foodpin:alice", "foodpin:bob"])
        #expect(after["foodpin alice"]?.prefix(3) == ["False", "TARGETING_MATCH", "seen"])
        #expect(after["foodpin bob"]?.prefix(3) == ["True", "TARGETING_MATCH", "due"])
    }

    @Test func theQuietSwitchReadsAsDisabled() throws {
        let server = try ServeProcess(environment: ["WALKTHROUGH_DISABLE": "1"])
        let answers = try evaluate(server, ["foodpin:alice"])
        #expect(answers["foodpin alice"]?.prefix(3) == ["False", "DISABLED", "disabled"])
    }

    @Test func anExperimentSplitsUsersIntoVariants() throws {
        let folder = try TemporaryFolder()
        let definition = """
            {"id": "split", "version": 1, "title": "Split",
             "pages": [{"id": "a", "heading": "A", "content": "a"},
                       {"id": "b", "heading": "B", "content": "b"}],
             "experiment": {"id": "split-1", "holdout": 20,
                            "variants": [{"id": "long", "weight": 50},
                                         {"id": "short", "weight": 50, "pages": ["a"]}]}}
            """
        _ = try folder.write(definition, to: "split.json")
        let server = try ServeProcess(folders: [folder.path])
        let users = (0..<40).map { "user\($0)" }
        let answers = try evaluate(server, users.map { "split:" + $0 })
        let variants = Set(answers.values.map { $0[2] })
        #expect(variants == ["short", "long", "holdout"], "\(answers)")
        for (_, words) in answers {
            #expect(words[1] == "SPLIT")
            #expect(words[0] == (words[2] == "holdout" ? "False" : "True"))
        }
    }
}
#endif
