import Foundation
import Testing
import WalkthroughTestSupport

/// `walkthrough due` and the rules `play` follows, as the built binary, on SQLite and on
/// PostgreSQL, directly and through the replica: every reason, its exit code, its line, its
/// JSON, and `play` agreeing.
struct DueEndToEndTests {
    enum Backend: String, CaseIterable, CustomTestStringConvertible {
        case sqlite
        case postgres
        /// The server with the replica on: what a `postgresql://` URL opens by default.
        case replica

        static var available: [Backend] {
            TestPostgres.unavailableReason == nil ? [.sqlite, .postgres, .replica] : [.sqlite]
        }
        var testDescription: String { rawValue }
    }

    /// A sandbox whose store is on `backend`; `extra` holds its `WALKTHROUGH_DB` (and turns
    /// the replica on, in the state folder under the sandbox's home).
    final class World {
        let sandbox: Sandbox
        let extra: [String: String]

        init(_ backend: Backend) throws {
            sandbox = try Sandbox()
            switch backend {
            case .sqlite: extra = [:]
            case .postgres: extra = ["WALKTHROUGH_DB": try TestPostgres.shared().freshSchemaURL()]
            case .replica:
                extra = [
                    "WALKTHROUGH_DB": try TestPostgres.shared().freshSchemaURL(),
                    "WALKTHROUGH_REPLICA": "",
                ]
            }
        }

        func run(
            _ arguments: [String], input: String = "", environment: [String: String] = [:]
        ) throws -> ProgramResult {
            try sandbox.execute(arguments, input: input, extra: extra.merging(environment) { $1 })
        }

        /// `due ID --json`, parsed.
        func json(_ id: String, environment: [String: String] = [:]) throws -> [String: Any] {
            let result = try run(["due", id, "--json"], environment: environment)
            let value = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
            return try #require(value as? [String: Any], "\(result.standardError)")
        }
    }

    static func rules(_ id: String, when: String, pages: Int = 3, version: Int = 1) -> String {
        let list = (1...pages).map {
            "{\"heading\": \"Page \($0)\", \"content\": \"Text \($0).\"}"
        }
        return """
            {"id": "\(id)", "version": \(version), "title": "Tour", "when": \(when),
             "pages": [\(list.joined(separator: ", "))]}
            """
    }

    /// What to set up for a reason, and what its line must say.
    struct Case: Sendable, CustomTestStringConvertible {
        var reason: String
        var when: String = "{}"
        var environment: [String: String] = [:]
        /// `play` inputs run before asking (each a separate run of `play tour`).
        var plays: [String] = []
        /// Another walkthrough played (and quit) before asking.
        var playOther = false
        var says: String
        var testDescription: String { reason }
    }

    static let cases: [Case] = [
        Case(reason: "due", says: "3 pages"),
        Case(reason: "seen", plays: ["n\nn\nn\n"], says: "alice completed version 1 on "),
        Case(reason: "notYet", when: #"{"from": "2999-01-01"}"#, says: "2999-01-01T00:00:00.000Z"),
        Case(reason: "expired", when: #"{"until": "2001-01-01T00:00:00Z"}"#, says: "ended at 2001"),
        Case(
            reason: "waitingFor", when: #"{"after": ["welcome", "basics"]}"#,
            says: "waiting for welcome, basics"),
        Case(
            reason: "env", when: #"{"env": {"TOUR_TEST_FLAG": true}}"#,
            says: "TOUR_TEST_FLAG is set"),
        Case(
            reason: "maxShows", when: #"{"maxShows": 2}"#, plays: ["quit\n", "quit\n"],
            says: "shown 2 times"),
        Case(
            reason: "quietPeriod", when: #"{"minInterval": "7d"}"#, playOther: true,
            says: "due at "),
        Case(
            reason: "disabled", environment: ["WALKTHROUGH_DISABLE": "1"],
            says: "WALKTHROUGH_DISABLE"),
        Case(reason: "ci", environment: ["CI": "true"], says: "CI is \"true\""),
    ]

    @Test(arguments: Backend.available, cases)
    func everyReasonFromTheCommandLine(backend: Backend, rule: Case) throws {
        let world = try World(backend)
        try world.sandbox.define("tour.json", Self.rules("tour", when: rule.when))
        try world.sandbox.define("other.json", Self.rules("other", when: "{}"))
        for input in rule.plays {
            #expect(try world.run(["play", "tour"], input: input).status == 0)
        }
        if rule.playOther {
            #expect(try world.run(["play", "other"], input: "quit\n").status == 0)
        }
        let due = rule.reason == "due"
        let line = try world.run(["due", "tour"], environment: rule.environment)
        #expect(line.status == (due ? 0 : 1), "\(line.standardError)")
        #expect(line.standardError.isEmpty)
        #expect(line.standardOutput.split(separator: "\n").count == 1)
        #expect(line.standardOutput.contains(due ? "is due" : "is not due"))
        #expect(line.standardOutput.contains(rule.says), "\(line.standardOutput)")
        if !due { #expect(line.standardOutput.contains(": \(rule.reason) (")) }

        let quiet = try world.run(["due", "tour", "-q"], environment: rule.environment)
        #expect(quiet.status == line.status)
        #expect(quiet.standardOutput.isEmpty && quiet.standardError.isEmpty)

        let object = try world.json("tour", environment: rule.environment)
        #expect(
            Set(object.keys) == [
                "walkthrough", "user", "due", "reason", "detail", "pages", "source",
            ])
        #expect(object["walkthrough"] as? String == "tour")
        #expect(object["user"] as? String == "alice")
        #expect(object["due"] as? Bool == due)
        #expect(object["reason"] as? String == rule.reason)
        #expect((object["detail"] as? String)?.contains(rule.says) == true)
        #expect(object["pages"] as? [Int] == (due ? [1, 2, 3] : []))

        // play follows the same decision: not due prints the reason and plays nothing.
        let play = try world.run(["play", "tour"], input: "quit\n", environment: rule.environment)
        #expect(play.status == 0)
        if due {
            #expect(play.standardOutput.contains("Tour · 1/3 · Page 1"))
        } else {
            #expect(!play.standardOutput.contains("1/3"))
            #expect(
                play.standardOutput.contains(rule.reason == "seen" ? "already seen" : rule.reason))
        }
        // --force plays whatever the rules say.
        let forced = try world.run(
            ["play", "tour", "--force"], input: "quit\n", environment: rule.environment)
        #expect(forced.status == 0)
        #expect(forced.standardOutput.contains("Tour · 1/3 · Page 1"))
    }

    @Test(arguments: Backend.available)
    func whatsNewShowsOnlyTheNewPagesNumberedFromOne(backend: Backend) throws {
        let world = try World(backend)
        try world.sandbox.define("tour.json", Self.rules("tour", when: "{}", pages: 2))
        #expect(try world.run(["play", "tour"], input: "n\nn\n").status == 0)
        try world.sandbox.define(
            "tour.json",
            """
            {"id": "tour", "version": 3, "title": "Tour", "pages": [
              {"heading": "Page 1", "content": ""}, {"heading": "Page 2", "content": ""},
              {"heading": "Page 3", "content": "", "since": 2},
              {"heading": "Page 4", "content": "", "since": 3}]}
            """)
        let object = try world.json("tour")
        #expect(object["reason"] as? String == "due")
        #expect(object["pages"] as? [Int] == [3, 4])
        #expect((object["detail"] as? String)?.contains("since version 1") == true)

        let play = try world.run(["play", "tour"], input: "n\nn\n")
        #expect(play.status == 0, "\(play.standardError)")
        #expect(play.standardOutput.contains("What's new in Tour since version 1: 2 pages"))
        #expect(play.standardOutput.contains("Tour · 1/2 · Page 3"))
        #expect(play.standardOutput.contains("Tour · 2/2 · Page 4"))
        #expect(!play.standardOutput.contains("Page 1"))
        #expect(play.standardOutput.contains("Recorded: alice completed Tour (version 3)."))
        let records = try world.run(["status", "--json"])
        let stored = try #require(
            try JSONSerialization.jsonObject(with: Data(records.standardOutput.utf8))
                as? [[String: Any]])
        #expect(stored.first?["version"] as? Int == 3)
        #expect(stored.first?["lastPage"] as? Int == 4)
        #expect(try world.run(["due", "tour", "-q"]).status == 1)
    }

    @Test func playAllShowsEveryPageToAReturningUser() throws {
        let world = try World(.sqlite)
        try world.sandbox.define("tour.json", Self.rules("tour", when: "{}", pages: 1))
        #expect(try world.run(["play", "tour"], input: "n\n").status == 0)
        try world.sandbox.define(
            "tour.json",
            """
            {"id": "tour", "version": 2, "title": "Tour", "pages": [
              {"heading": "Page 1", "content": ""},
              {"heading": "Page 2", "content": "", "since": 2}]}
            """)
        let play = try world.run(["play", "tour", "--all"], input: "quit\n")
        #expect(play.standardOutput.contains("Tour · 1/2 · Page 1"))
        #expect(!play.standardOutput.contains("What's new"))
    }

    @Test(arguments: Backend.available)
    func aPageWhoseEnvIsFalseIsLeftOut(backend: Backend) throws {
        let world = try World(backend)
        try world.sandbox.define(
            "tour.json",
            """
            {"id": "tour", "title": "Tour", "pages": [
              {"heading": "Page 1", "content": ""},
              {"heading": "Page 2", "content": "", "when": {"env": {"TOUR_ON_MAC": true}}},
              {"heading": "Page 3", "content": ""}]}
            """)
        #expect(try world.json("tour")["pages"] as? [Int] == [1, 3])
        #expect(
            try world.json("tour", environment: ["TOUR_ON_MAC": "1"])["pages"] as? [Int]
                == [1, 2, 3])
        let play = try world.run(["play", "tour"], input: "n\nquit\n")
        #expect(play.standardOutput.contains("Tour · 1/2 · Page 1"))
        #expect(play.standardOutput.contains("Tour · 2/2 · Page 3"))
        #expect(!play.standardOutput.contains("Page 2"))
        // lastPage is the position in the definition: page 3.
        let records = try world.run(["status", "--json"])
        let stored = try #require(
            try JSONSerialization.jsonObject(with: Data(records.standardOutput.utf8))
                as? [[String: Any]])
        #expect(stored.first?["lastPage"] as? Int == 3)
    }

    @Test func dueReadsOnlyAndCreatesNothing() throws {
        let world = try World(.sqlite)
        try world.sandbox.define(
            "tour.json", Self.rules("tour", when: #"{"maxShows": 5, "minInterval": "1m"}"#))
        #expect(try world.run(["due", "tour"]).status == 0)
        #expect(world.sandbox.createdFiles.isEmpty)
        #expect(try world.run(["play", "tour"], input: "quit\n").status == 0)
        let folder = URL(fileURLWithPath: world.sandbox.database).deletingLastPathComponent().path
        func snapshot() throws -> [String: Data] {
            var files: [String: Data] = [:]
            for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
                files[name] = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))
            }
            return files
        }
        let before = try snapshot()
        #expect(try world.run(["due", "tour"]).status == 1)
        #expect(try world.run(["due", "tour", "--json"]).status == 1)
        #expect(try snapshot() == before)
    }

    @Test func theQuietSwitchStopsPlayAndCreatesNothing() throws {
        let world = try World(.sqlite)
        try world.sandbox.define("tour.json", Self.rules("tour", when: "{}"))
        for environment in [["CI": "1"], ["WALKTHROUGH_DISABLE": "yes"]] {
            let play = try world.run(["play", "tour"], input: "n\n", environment: environment)
            #expect(play.status == 0)
            #expect(play.standardOutput.contains("is not due for alice"))
            #expect(world.sandbox.createdFiles.isEmpty)
        }
        for environment in [["CI": "false"], ["WALKTHROUGH_DISABLE": "0"], ["CI": ""]] {
            #expect(try world.run(["due", "tour", "-q"], environment: environment).status == 0)
        }
    }

    @Test func theShellGateOfTheReadme() throws {
        let world = try World(.sqlite)
        try world.sandbox.define("onboarding.json", Self.rules("onboarding", when: "{}", pages: 1))
        let binary = walkthroughBinary
        let script = "\"\(binary)\" due onboarding -q && \"\(binary)\" play onboarding; echo done"
        let first = try ChildProcess.run(
            ["/bin/sh", "-c", script], input: "n\n", environment: world.sandbox.environment,
            directory: world.sandbox.folder.path, timeout: 60)
        #expect(first.standardOutput.contains("Recorded: alice completed"))
        let second = try ChildProcess.run(
            ["/bin/sh", "-c", script], input: "n\n", environment: world.sandbox.environment,
            directory: world.sandbox.folder.path, timeout: 60)
        #expect(second.standardOutput == "done\n")
    }
}
