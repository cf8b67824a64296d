import Foundation
import Testing
import WalkthroughTestSupport

@testable import WalkthroughKit

/// `when` and `since`: read into the model, and every mistake reported with its path, line and
/// column.
struct RuleValidationTests {
    static func definition(when: String = "", pageExtra: String = "", version: Int = 2) -> String {
        """
        {"id": "tour", "version": \(version),\(when.isEmpty ? "" : "\n \"when\": \(when),")
         "pages": [{"heading": "A", "content": ""\(pageExtra)}]}
        """
    }

    @Test func readsEveryRule() throws {
        let report = validate(
            Self.definition(
                when: """
                    {"after": ["welcome", "tips"], "env": {"A": true, "B": false, "C": "x"}, \
                    "from": "2026-12-01", "until": "2027-01-01T12:00:00+02:00", "maxShows": 3, \
                    "minInterval": "24h"}
                    """,
                pageExtra: #", "since": 2, "when": {"env": {"MAC": true}}"#))
        #expect(report.diagnostics.isEmpty)
        let walkthrough = try #require(report.walkthrough)
        let rules = walkthrough.when
        #expect(rules.after == ["welcome", "tips"])
        #expect(
            rules.environment == [
                .init(name: "A", expectation: .set), .init(name: "B", expectation: .unset),
                .init(name: "C", expectation: .equals("x")),
            ])
        #expect(rules.from == RFC3339.parseDate("2026-12-01T00:00:00Z"))
        #expect(rules.until == RFC3339.parseDate("2027-01-01T10:00:00Z"))
        #expect(rules.maxShows == 3)
        #expect(rules.minInterval == .seconds(86_400))
        #expect(walkthrough.pages[0].since == 2)
        #expect(walkthrough.pages[0].when.environment == [.init(name: "MAC", expectation: .set)])
    }

    @Test func aDateAloneUntilMeansTheEndOfThatDayAndNoOffsetMeansUTC() throws {
        let report = validate(
            Self.definition(when: #"{"from": "2026-12-01T09:30:00", "until": "2026-12-31"}"#))
        let rules = try #require(report.walkthrough).when
        #expect(rules.from == RFC3339.parseDate("2026-12-01T09:30:00Z"))
        #expect(rules.until == RFC3339.parseDate("2027-01-01T00:00:00Z"))
    }

    @Test func pagesDefaultToSinceOneAndNoRules() throws {
        let walkthrough = try #require(validate(Self.definition()).walkthrough)
        #expect(walkthrough.pages[0].since == 1)
        #expect(walkthrough.when.isEmpty)
        #expect(walkthrough.pages[0].when.isEmpty)
    }

    struct Bad: Sendable, CustomTestStringConvertible {
        var name: String
        var json: String
        var kind: String
        var path: String
        var line: Int
        var column: Int
        var mentions: String
        var testDescription: String { name }
    }

    static let bad: [Bad] = [
        Bad(
            name: "since above version", json: definition(pageExtra: #", "since": 3"#),
            kind: "sinceAfterVersion", path: "pages[0].since", line: 2, column: 53,
            mentions: "version 2"),
        Bad(
            name: "since zero", json: definition(pageExtra: #", "since": 0"#),
            kind: "invalidSince", path: "pages[0].since", line: 2, column: 53, mentions: "since 0"),
        Bad(
            name: "a duration without a unit", json: definition(when: #"{"minInterval": "30"}"#),
            kind: "invalidDuration", path: "when.minInterval", line: 2, column: 26,
            mentions: "\"24h\""),
        Bad(
            name: "a duration in weeks", json: definition(when: #"{"minInterval": "2w"}"#),
            kind: "invalidDuration", path: "when.minInterval", line: 2, column: 26,
            mentions: "\"7d\""),
        Bad(
            name: "a bad date", json: definition(when: #"{"from": "2026-13-01"}"#),
            kind: "invalidDate", path: "when.from", line: 2, column: 19, mentions: "RFC 3339"),
        Bad(
            name: "a date in another form", json: definition(when: #"{"until": "01/12/2026"}"#),
            kind: "invalidDate", path: "when.until", line: 2, column: 20,
            mentions: "\"2026-12-01\""),
        Bad(
            name: "until before from",
            json: definition(when: #"{"from": "2026-12-02", "until": "2026-12-01T00:00:00Z"}"#),
            kind: "emptyDateRange", path: "when.until", line: 2, column: 10, mentions: "never due"),
        Bad(
            name: "maxShows zero", json: definition(when: #"{"maxShows": 0}"#),
            kind: "invalidMaxShows", path: "when.maxShows", line: 2, column: 23,
            mentions: "maxShows 0"),
        Bad(
            name: "maxShows a fraction", json: definition(when: #"{"maxShows": 1.5}"#),
            kind: "invalidMaxShows", path: "when.maxShows", line: 2, column: 23,
            mentions: "whole number"),
        Bad(
            name: "env value a number", json: definition(when: #"{"env": {"X": 1}}"#),
            kind: "invalidEnvironmentValue", path: "when.env.X", line: 2, column: 24,
            mentions: "true"),
        Bad(
            name: "env name with a space", json: definition(when: #"{"env": {"A B": true}}"#),
            kind: "invalidVariableName", path: "when.env[\"A B\"]", line: 2, column: 19,
            mentions: "variable name"),
        Bad(
            name: "after not an id", json: definition(when: #"{"after": ["a b"]}"#),
            kind: "invalidID", path: "when.after[0]", line: 2, column: 21, mentions: "a b"),
        Bad(
            name: "after itself", json: definition(when: #"{"after": ["tour"]}"#),
            kind: "afterCycle", path: "when.after", line: 1, column: 1, mentions: "cycle"),
        Bad(
            name: "a walkthrough rule on a page",
            json: definition(pageExtra: #", "when": {"maxShows": 2}"#),
            kind: "ruleNotOnPage", path: "pages[0].when.maxShows", line: 2, column: 65,
            mentions: "top-level"),
        Bad(
            name: "when not an object", json: definition(when: #"["a"]"#), kind: "wrongType",
            path: "when", line: 2, column: 10, mentions: "object"),
        Bad(
            name: "an event's min below 0",
            json: definition(when: #"{"events": {"deployed": {"min": -1}}}"#),
            kind: "invalidEventRule", path: "when.events.deployed.min", line: 2, column: 42,
            mentions: "from 0 to 1000"),
        Bad(
            name: "an event's max a string",
            json: definition(when: #"{"events": {"deployed": {"max": "3"}}}"#),
            kind: "wrongType", path: "when.events.deployed.max", line: 2, column: 42,
            mentions: "integer"),
        Bad(
            name: "an event's min above its max",
            json: definition(when: #"{"events": {"deployed": {"min": 3, "max": 1}}}"#),
            kind: "invalidEventRule", path: "when.events.deployed", line: 2, column: 34,
            mentions: "never due"),
        Bad(
            name: "an event's window in weeks",
            json: definition(when: #"{"events": {"deployed": {"within": "1w"}}}"#),
            kind: "invalidDuration", path: "when.events.deployed.within", line: 2, column: 45,
            mentions: "\"7d\""),
        Bad(
            name: "an event name that is not an id",
            json: definition(when: #"{"events": {"bad name": {}}}"#),
            kind: "invalidID", path: "when.events[\"bad name\"]", line: 2, column: 22,
            mentions: "bad name"),
        Bad(
            name: "events on a page", json: definition(pageExtra: #", "when": {"events": {}}"#),
            kind: "ruleNotOnPage", path: "pages[0].when.events", line: 2, column: 63,
            mentions: "top-level"),
        Bad(
            name: "a snooze in weeks",
            json: #"{"id": "tour", "snooze": "1w","# + "\n"
                + #" "pages": [{"heading": "A", "content": ""}]}"#,
            kind: "invalidDuration", path: "snooze", line: 1, column: 26, mentions: "\"24h\""),
    ]

    @Test func readsEventRulesAndSnooze() throws {
        let report = validate(
            #"{"id": "tour", "snooze": "90m", "when": {"events": "#
                + #"{"deployed": {"min": 3, "within": "7d"}, "usedSearch": {"max": 0}, "#
                + #""opened": {}}}, "pages": [{"heading": "A", "content": ""}]}"#)
        #expect(report.diagnostics.isEmpty)
        let walkthrough = try #require(report.walkthrough)
        #expect(walkthrough.snooze == .seconds(90 * 60))
        #expect(
            walkthrough.when.events == [
                EventCountRule(name: "deployed", min: 3, within: .seconds(7 * 86_400)),
                EventCountRule(name: "usedSearch", min: 0, max: 0),
                EventCountRule(name: "opened", min: 1),
            ])
        #expect(try #require(validate(Self.definition()).walkthrough).snooze == .seconds(86_400))
        let unknown = validate(Self.definition(when: #"{"events": {"x": {"mim": 1}}}"#))
        #expect(unknown.warnings.first?.path == "when.events.x.mim")
        #expect(unknown.warnings.first?.message.contains("\"min\"") == true)
    }

    @Test(arguments: bad)
    func reportsWithItsLocation(bad: Bad) throws {
        let report = validate(bad.json)
        let diagnostic = try #require(report.diagnostics.first { $0.kind.name == bad.kind })
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.path == bad.path)
        #expect(diagnostic.line == bad.line)
        #expect(diagnostic.column == bad.column)
        #expect(diagnostic.message.contains(bad.mentions), "\(diagnostic.message)")
        #expect(report.walkthrough == nil)
    }

    @Test func anUnknownKeyInWhenIsAWarningWithASuggestion() throws {
        let report = validate(Self.definition(when: #"{"maxShow": 2}"#))
        let diagnostic = try onlyDiagnostic(report)
        #expect(diagnostic.severity == .warning)
        #expect(diagnostic.path == "when.maxShow")
        #expect(diagnostic.message.contains("\"maxShows\""))
    }

    // MARK: - The folder

    @Test func anUnknownAfterIsAWarningAndACycleInTheFolderAnError() throws {
        let folder = try TemporaryFolder()
        func write(_ id: String, after: [String]) throws -> ValidationReport {
            let list = after.map { "\"\($0)\"" }.joined(separator: ", ")
            let path = folder.file("\(id).json")
            try Data(
                "{\"id\": \"\(id)\",\n \"when\": {\"after\": [\(list)]},\n \"pages\": [{\"heading\": \"H\", \"content\": \"\"}]}"
                    .utf8
            ).write(to: URL(fileURLWithPath: path))
            return DefinitionLoader.validate(contentsOf: path)
        }
        var a = try write("a", after: ["b", "elsewhere"])
        var b = try write("b", after: ["c"])
        let c = try write("c", after: ["a"])
        var d = try write("d", after: ["a"])
        let all = [a, b, c, d]

        a.checkAfter(among: all)
        let unknown = try #require(a.diagnostics.first { $0.kind == .unknownAfter("elsewhere") })
        #expect(unknown.severity == .warning)
        #expect((unknown.path, unknown.line, unknown.column) == ("when.after[1]", 2, 26))
        let cycle = try #require(a.diagnostics.first { $0.kind.name == "afterCycle" })
        #expect(cycle.kind == .afterCycle(["a", "b", "c", "a"]))
        #expect((cycle.path, cycle.line, cycle.column) == ("when.after[0]", 2, 21))
        #expect(a.walkthrough == nil)

        b.checkAfter(among: all)
        #expect(b.diagnostics.map(\.kind) == [.afterCycle(["b", "c", "a", "b"])])

        // Waiting for a walkthrough in a ring is not itself a ring.
        d.checkAfter(among: all)
        #expect(d.diagnostics.isEmpty)
        #expect(d.walkthrough != nil)
    }
}
