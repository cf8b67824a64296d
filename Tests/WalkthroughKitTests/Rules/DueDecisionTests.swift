import Foundation
import Testing

@testable import WalkthroughKit

/// The one decision, as a table: each rule alone, at its boundaries, and in combination, with
/// an injected clock, history and environment.
struct DueDecisionTests {
    /// 2026-12-01T00:00:00.000Z.
    static let t0 = Timestamp(millisecondsSince1970: 1_796_083_200_000)

    static func at(_ milliseconds: Int64) -> Timestamp {
        Timestamp(millisecondsSince1970: t0.millisecondsSince1970 + milliseconds)
    }

    static func tour(
        version: Int = 1, when: ShowRules = ShowRules(), since: [Int] = [1, 1, 1],
        pageEnv: [Int: EnvironmentCondition] = [:]
    ) -> Walkthrough {
        Walkthrough(
            id: "tour", version: version,
            pages: since.enumerated().map { index, since in
                Page(
                    id: "p\(index + 1)", heading: "H\(index + 1)", content: "",
                    since: since,
                    when: ShowRules(environment: pageEnv[index].map { [$0] } ?? []))
            }, when: when)
    }

    static func record(
        _ outcome: SeenRecord.Outcome, version: Int = 1, page: Int = 0, walkthrough: String = "tour"
    ) -> SeenRecord {
        SeenRecord(
            user: "alice", walkthrough: walkthrough, version: version, outcome: outcome,
            lastPage: page, updatedAt: at(-86_400_000))
    }

    /// One row: a definition, a history, an environment, a time, and the expected answer.
    struct Row: CustomTestStringConvertible, Sendable {
        var name: String
        var walkthrough: Walkthrough
        var history = ShowHistory()
        var environment: [String: String] = [:]
        var now: Timestamp = DueDecisionTests.t0
        var reason: DueDecision.Reason
        var pages: [Int] = []
        var testDescription: String { name }
    }

    static let hour: Int64 = 3_600_000
    static let day: Int64 = 86_400_000

    static let rows: [Row] = [
        // Nothing but the store.
        Row(name: "new user", walkthrough: tour(), reason: .due, pages: [0, 1, 2]),
        Row(
            name: "seen", walkthrough: tour(), history: ShowHistory(record: record(.completed)),
            reason: .seen),
        Row(
            name: "skipped counts as seen", walkthrough: tour(),
            history: ShowHistory(record: record(.skipped)), reason: .seen),
        Row(
            name: "in progress is due", walkthrough: tour(),
            history: ShowHistory(record: record(.inProgress, page: 1)), reason: .due,
            pages: [0, 1, 2]),
        // The quiet switch.
        Row(
            name: "WALKTHROUGH_DISABLE=1", walkthrough: tour(),
            environment: ["WALKTHROUGH_DISABLE": "1"], reason: .disabled),
        Row(
            name: "WALKTHROUGH_DISABLE=yes", walkthrough: tour(),
            environment: ["WALKTHROUGH_DISABLE": "yes"], reason: .disabled),
        Row(
            name: "WALKTHROUGH_DISABLE=0", walkthrough: tour(),
            environment: ["WALKTHROUGH_DISABLE": "0"], reason: .due, pages: [0, 1, 2]),
        Row(
            name: "WALKTHROUGH_DISABLE=false", walkthrough: tour(),
            environment: ["WALKTHROUGH_DISABLE": "false"], reason: .due, pages: [0, 1, 2]),
        Row(
            name: "WALKTHROUGH_DISABLE empty", walkthrough: tour(),
            environment: ["WALKTHROUGH_DISABLE": ""], reason: .due, pages: [0, 1, 2]),
        Row(name: "CI=true", walkthrough: tour(), environment: ["CI": "true"], reason: .ci),
        Row(name: "CI=1", walkthrough: tour(), environment: ["CI": "1"], reason: .ci),
        Row(
            name: "CI=false", walkthrough: tour(), environment: ["CI": "false"], reason: .due,
            pages: [0, 1, 2]),
        Row(
            name: "CI=yes is not CI", walkthrough: tour(), environment: ["CI": "yes"],
            reason: .due, pages: [0, 1, 2]),
        Row(
            name: "disabled before ci", walkthrough: tour(),
            environment: ["CI": "true", "WALKTHROUGH_DISABLE": "1"], reason: .disabled),
        Row(
            name: "quiet switch before seen", walkthrough: tour(),
            history: ShowHistory(record: record(.completed)), environment: ["CI": "1"],
            reason: .ci),
        // env.
        Row(
            name: "env true, set",
            walkthrough: tour(when: ShowRules(environment: [.init(name: "X", expectation: .set)])),
            environment: ["X": "1"], reason: .due, pages: [0, 1, 2]),
        Row(
            name: "env true, empty",
            walkthrough: tour(when: ShowRules(environment: [.init(name: "X", expectation: .set)])),
            environment: ["X": ""], reason: .env),
        Row(
            name: "env true, unset",
            walkthrough: tour(when: ShowRules(environment: [.init(name: "X", expectation: .set)])),
            reason: .env),
        Row(
            name: "env false, unset",
            walkthrough: tour(
                when: ShowRules(environment: [.init(name: "X", expectation: .unset)])),
            reason: .due, pages: [0, 1, 2]),
        Row(
            name: "env false, empty",
            walkthrough: tour(
                when: ShowRules(environment: [.init(name: "X", expectation: .unset)])),
            environment: ["X": ""], reason: .due, pages: [0, 1, 2]),
        Row(
            name: "env false, set",
            walkthrough: tour(
                when: ShowRules(environment: [.init(name: "X", expectation: .unset)])),
            environment: ["X": "1"], reason: .env),
        Row(
            name: "env string, equal",
            walkthrough: tour(
                when: ShowRules(environment: [.init(name: "X", expectation: .equals("a"))])),
            environment: ["X": "a"], reason: .due, pages: [0, 1, 2]),
        Row(
            name: "env string, other",
            walkthrough: tour(
                when: ShowRules(environment: [.init(name: "X", expectation: .equals("a"))])),
            environment: ["X": "A"], reason: .env),
        // from / until, at the instant.
        Row(
            name: "from, a millisecond before", walkthrough: tour(when: ShowRules(from: t0)),
            now: at(-1), reason: .notYet),
        Row(
            name: "from, at the instant", walkthrough: tour(when: ShowRules(from: t0)), now: t0,
            reason: .due, pages: [0, 1, 2]),
        Row(
            name: "until, a millisecond before", walkthrough: tour(when: ShowRules(until: t0)),
            now: at(-1), reason: .due, pages: [0, 1, 2]),
        Row(
            name: "until, at the instant", walkthrough: tour(when: ShowRules(until: t0)), now: t0,
            reason: .expired),
        // after.
        Row(
            name: "after, nothing finished", walkthrough: tour(when: ShowRules(after: ["a", "b"])),
            reason: .waitingFor),
        Row(
            name: "after, one of two", walkthrough: tour(when: ShowRules(after: ["a", "b"])),
            history: ShowHistory(finished: ["a"]), reason: .waitingFor),
        Row(
            name: "after, both", walkthrough: tour(when: ShowRules(after: ["a", "b"])),
            history: ShowHistory(finished: ["a", "b"]), reason: .due, pages: [0, 1, 2]),
        // maxShows, exactly.
        Row(
            name: "maxShows, one fewer", walkthrough: tour(when: ShowRules(maxShows: 3)),
            history: ShowHistory(shows: 2), reason: .due, pages: [0, 1, 2]),
        Row(
            name: "maxShows, exactly", walkthrough: tour(when: ShowRules(maxShows: 3)),
            history: ShowHistory(shows: 3), reason: .maxShows),
        // minInterval, a millisecond either side.
        Row(
            name: "minInterval minus a millisecond",
            walkthrough: tour(when: ShowRules(minInterval: .seconds(86_400))),
            history: ShowHistory(lastShow: t0), now: at(day - 1), reason: .quietPeriod),
        Row(
            name: "minInterval exactly",
            walkthrough: tour(when: ShowRules(minInterval: .seconds(86_400))),
            history: ShowHistory(lastShow: t0), now: at(day), reason: .due, pages: [0, 1, 2]),
        Row(
            name: "minInterval plus a millisecond",
            walkthrough: tour(when: ShowRules(minInterval: .seconds(86_400))),
            history: ShowHistory(lastShow: t0), now: at(day + 1), reason: .due, pages: [0, 1, 2]),
        Row(
            name: "minInterval, never shown",
            walkthrough: tour(when: ShowRules(minInterval: .seconds(60))),
            reason: .due, pages: [0, 1, 2]),
        // What's new.
        Row(
            name: "what's new since 1", walkthrough: tour(version: 3, since: [1, 2, 3]),
            history: ShowHistory(record: record(.completed, version: 1)), reason: .due,
            pages: [1, 2]),
        Row(
            name: "what's new since 2", walkthrough: tour(version: 3, since: [1, 2, 3]),
            history: ShowHistory(record: record(.skipped, version: 2)), reason: .due, pages: [2]),
        Row(
            name: "what's new, new user sees all", walkthrough: tour(version: 3, since: [1, 2, 3]),
            reason: .due, pages: [0, 1, 2]),
        Row(
            name: "a new version without new pages shows all",
            walkthrough: tour(version: 2, since: [1, 1, 1]),
            history: ShowHistory(record: record(.completed, version: 1)), reason: .due,
            pages: [0, 1, 2]),
        Row(
            name: "an unfinished run of an older version sees all",
            walkthrough: tour(version: 2, since: [1, 1, 2]),
            history: ShowHistory(record: record(.inProgress, version: 1)), reason: .due,
            pages: [0, 1, 2]),
        Row(
            name: "an unfinished run of what's new keeps to what's new",
            walkthrough: tour(version: 2, since: [1, 2, 2]),
            history: ShowHistory(record: record(.inProgress, version: 2), finishedVersion: 1),
            reason: .due, pages: [1, 2]),
        // Page env.
        Row(
            name: "a page left out by its env",
            walkthrough: tour(pageEnv: [1: .init(name: "MAC", expectation: .set)]),
            reason: .due, pages: [0, 2]),
        Row(
            name: "what's new minus a page env",
            walkthrough: tour(
                version: 2, since: [1, 2, 2], pageEnv: [1: .init(name: "MAC", expectation: .set)]),
            history: ShowHistory(record: record(.completed, version: 1)), reason: .due,
            pages: [2]),
        Row(
            name: "every page left out",
            walkthrough: tour(
                version: 2, since: [1, 1, 2], pageEnv: [2: .init(name: "MAC", expectation: .set)]),
            history: ShowHistory(record: record(.completed, version: 1)), reason: .env),
        // Combinations: the first rule in the order wins.
        Row(
            name: "seen before every rule",
            walkthrough: tour(
                when: ShowRules(
                    after: ["a"], environment: [.init(name: "X", expectation: .set)], from: t0,
                    maxShows: 1)),
            history: ShowHistory(record: record(.completed), shows: 5), now: at(-1),
            reason: .seen),
        Row(
            name: "env before notYet",
            walkthrough: tour(
                when: ShowRules(environment: [.init(name: "X", expectation: .set)], from: t0)),
            now: at(-1), reason: .env),
        Row(
            name: "notYet before waitingFor",
            walkthrough: tour(when: ShowRules(after: ["a"], from: t0)), now: at(-1),
            reason: .notYet),
        Row(
            name: "expired before waitingFor",
            walkthrough: tour(when: ShowRules(after: ["a"], until: t0)), now: t0,
            reason: .expired),
        Row(
            name: "waitingFor before maxShows",
            walkthrough: tour(when: ShowRules(after: ["a"], maxShows: 1)),
            history: ShowHistory(shows: 1), reason: .waitingFor),
        Row(
            name: "maxShows before quietPeriod",
            walkthrough: tour(when: ShowRules(maxShows: 1, minInterval: .seconds(60))),
            history: ShowHistory(shows: 1, lastShow: t0), now: at(1), reason: .maxShows),
        Row(
            name: "every rule passing",
            walkthrough: tour(
                when: ShowRules(
                    after: ["a"], environment: [.init(name: "X", expectation: .equals("on"))],
                    from: at(-1), until: at(1), maxShows: 2, minInterval: .seconds(60))),
            history: ShowHistory(finished: ["a"], shows: 1, lastShow: at(-60_000)),
            environment: ["X": "on"], now: t0, reason: .due, pages: [0, 1, 2]),
    ]

    @Test(arguments: rows)
    func decides(row: Row) {
        let decision = DueDecision.evaluate(
            row.walkthrough, user: "alice", history: row.history, environment: row.environment,
            now: row.now)
        #expect(decision.reason == row.reason)
        #expect(decision.isDue == (row.reason == .due))
        #expect(decision.pages == row.pages)
        #expect(!decision.detail.isEmpty)
        #expect(!decision.detail.contains("\n"))
    }

    @Test func theDetailNamesWhatHoldsItBack() {
        func detail(
            _ walkthrough: Walkthrough, _ history: ShowHistory = ShowHistory(),
            _ environment: [String: String] = [:], now: Timestamp = Self.t0
        ) -> DueDecision {
            DueDecision.evaluate(
                walkthrough, user: "alice", history: history, environment: environment, now: now)
        }
        let waiting = detail(
            Self.tour(when: ShowRules(after: ["welcome", "tips"])), ShowHistory(finished: ["tips"]))
        #expect(waiting.waitingFor == ["welcome"])
        #expect(waiting.detail.contains("welcome"))
        #expect(!waiting.detail.contains("tips"))

        let quiet = detail(
            Self.tour(when: ShowRules(minInterval: .seconds(86_400))),
            ShowHistory(lastShow: Self.t0),
            now: Self.at(Self.hour))
        #expect(quiet.dueAt == Self.at(Self.day))
        #expect(quiet.detail.contains("2026-12-02T00:00:00.000Z"))
        #expect(quiet.detail.contains("minInterval 1d"))

        let env = detail(
            Self.tour(
                when: ShowRules(environment: [
                    .init(name: "TERM_PROGRAM", expectation: .equals("vscode"))
                ])))
        #expect(env.variable == "TERM_PROGRAM")
        #expect(env.detail.contains("TERM_PROGRAM"))

        let disabled = detail(Self.tour(), ShowHistory(), ["WALKTHROUGH_DISABLE": "1"])
        #expect(disabled.variable == "WALKTHROUGH_DISABLE")
        #expect(disabled.detail.contains("WALKTHROUGH_DISABLE"))

        let new = detail(
            Self.tour(version: 3, since: [1, 2, 3]),
            ShowHistory(record: Self.record(.completed, version: 1)))
        #expect(new.whatsNewSince == 1)
        #expect(new.detail.contains("since version 1"))
    }
}
