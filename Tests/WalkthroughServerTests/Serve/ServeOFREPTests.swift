#if SERVER
import Foundation
@preconcurrency import Glibc
import Testing
import WalkthroughTestSupport

/// OFREP evaluation against the built `walkthrough serve`, with curl.
@Suite(.serialized) struct ServeOFREPTests {
    let service = ["Authorization": "Bearer \(ServeProcess.serviceSecret)"]

    func evaluate(
        _ server: ServeProcess, _ key: String, _ body: String
    ) throws -> HTTPExchange {
        try HTTPExchange.send(
            "POST", server.base + "/ofrep/v1/evaluate/flags/" + key,
            headers: service.merging(["Content-Type": "application/json"]) { $1 }, body: body)
    }

    @Test func aWalkthroughIsDueUntilTheUserFinishesIt() throws {
        let server = try ServeProcess()
        let before = try evaluate(server, "foodpin", #"{"context": {"targetingKey": "alice"}}"#)
        #expect(before.status == 200)
        #expect(before.body.contains(#""value":true"#))
        #expect(before.body.contains(#""reason":"TARGETING_MATCH""#))
        #expect(before.body.contains(#""variant":"due""#))
        #expect(before.body.contains(#""pages":3"#))
        let finished = try HTTPExchange.send(
            "POST", server.base + "/v1/users/alice/walkthroughs/foodpin/steps",
            headers: service,
            body:
                #"{"id": "6f1c2a8e-0d4b-4c1e-9a8f-2b7d3e4f5a6b", "step": "finished", "page": 2, "version": 1}"#
        )
        #expect(finished.status == 200, "\(finished.body)")
        #expect(finished.body.contains(#""outcome":"completed""#))
        let after = try evaluate(server, "foodpin", #"{"context": {"targetingKey": "alice"}}"#)
        #expect(after.status == 200)
        #expect(after.body.contains(#""value":false"#))
        #expect(after.body.contains(#""variant":"seen""#))
        // Another user is not affected.
        let bob = try evaluate(server, "foodpin", #"{"context": {"targetingKey": "bob"}}"#)
        #expect(bob.body.contains(#""value":true"#))
        #expect(server.stop() == 0)
    }

    @Test func theErrorsAreOFREPs() throws {
        let server = try ServeProcess()
        let unknown = try evaluate(server, "nope", #"{"context": {"targetingKey": "alice"}}"#)
        #expect(unknown.status == 404)
        #expect(unknown.body.contains(#""errorCode":"FLAG_NOT_FOUND""#))
        let noKey = try evaluate(server, "foodpin", #"{"context": {}}"#)
        #expect(noKey.status == 400)
        #expect(noKey.body.contains(#""errorCode":"TARGETING_KEY_MISSING""#))
        let broken = try evaluate(server, "foodpin", #"{"context": {"targetingKey": "al"#)
        #expect(broken.status == 400)
        #expect(broken.body.contains(#""errorCode":"PARSE_ERROR""#))
        let badUser = try evaluate(server, "foodpin", #"{"context": {"targetingKey": "a\u0007b"}}"#)
        #expect(badUser.status == 400)
        #expect(badUser.body.contains(#""errorCode":"INVALID_CONTEXT""#))
        let anonymous = try HTTPExchange.send(
            "POST", server.base + "/ofrep/v1/evaluate/flags/foodpin",
            body: #"{"context": {"targetingKey": "alice"}}"#)
        #expect(anonymous.status == 401)
        #expect(anonymous.headers["www-authenticate"] == "Bearer")
    }

    @Test func bulkAnswersCarryAnETagThatGives304() throws {
        let server = try ServeProcess()
        let body = #"{"context": {"targetingKey": "carol"}}"#
        let first = try HTTPExchange.send(
            "POST", server.base + "/ofrep/v1/evaluate/flags", headers: service, body: body)
        #expect(first.status == 200)
        let tag = try #require(first.headers["etag"])
        for id in ["book", "foodpin", "foodpin-zh-hant", "languages", "media-tabs", "tour"] {
            #expect(first.body.contains(#""key":"\#(id)""#), "\(id) in \(first.body)")
        }
        let again = try HTTPExchange.send(
            "POST", server.base + "/ofrep/v1/evaluate/flags",
            headers: service.merging(["If-None-Match": tag]) { $1 }, body: body)
        #expect(again.status == 304)
        #expect(again.body.isEmpty)
        // A step changes an answer, and so the tag.
        _ = try HTTPExchange.send(
            "POST", server.base + "/v1/users/carol/walkthroughs/foodpin/steps", headers: service,
            body:
                #"{"id": "11111111-2222-4333-8444-555555555555", "step": "skipped", "page": 1, "version": 1}"#
        )
        let changed = try HTTPExchange.send(
            "POST", server.base + "/ofrep/v1/evaluate/flags",
            headers: service.merging(["If-None-Match": tag]) { $1 }, body: body)
        #expect(changed.status == 200)
        #expect(changed.headers["etag"] != tag)
    }

    @Test func theServersQuietSwitchDisablesEveryFlag() throws {
        let server = try ServeProcess(environment: ["WALKTHROUGH_DISABLE": "1", "CI": "true"])
        let answer = try evaluate(server, "foodpin", #"{"context": {"targetingKey": "dave"}}"#)
        #expect(answer.status == 200)
        #expect(answer.body.contains(#""reason":"DISABLED""#))
        #expect(answer.body.contains(#""value":false"#))
    }

    @Test func ciOnTheServerDoesNotSilenceItsUsers() throws {
        let server = try ServeProcess(environment: ["CI": "true"])
        let answer = try evaluate(
            server, "foodpin", #"{"context": {"targetingKey": "erin", "CI": "true"}}"#)
        #expect(answer.body.contains(#""value":true"#), "\(answer.body)")
    }

    @Test func aCIServicesVariableInAContextIsOnlyAnEnvVariable() throws {
        // A context's attributes stand for `env` variables; none of them turns the quiet
        // switch on, not even one that a CI service sets.
        let server = try ServeProcess(environment: ["GITHUB_ACTIONS": "true"])
        let answer = try evaluate(
            server, "foodpin",
            #"{"context": {"targetingKey": "frank", "GITHUB_ACTIONS": "true", "BUILDKITE": "1"}}"#)
        #expect(answer.body.contains(#""value":true"#), "\(answer.body)")
        #expect(answer.body.contains(#""variant":"due""#), "\(answer.body)")
    }
}
#endif
