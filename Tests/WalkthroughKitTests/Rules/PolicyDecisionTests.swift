import Testing
import WalkthroughKit

/// The rules the administrator's policy and the environment add to the one decision:
/// `policy`, `quietHours`, `budget`, a floor under `minInterval`, and CI as the CI services'
/// variables say it; each at its edges, with an injected clock, history and time zone.
struct PolicyDecisionTests {
    /// 2026-12-01T00:00:00.000Z.
    static let t0 = Timestamp(millisecondsSince1970: 1_796_083_200_000)
    static let minute: Int64 = 60_000
    static let hour: Int64 = 3_600_000

    static func at(_ milliseconds: Int64) -> Timestamp {
        Timestamp(millisecondsSince1970: t0.millisecondsSince1970 + milliseconds)
    }

    static func tour(id: String = "tour", when: ShowRules = ShowRules()) -> Walkthrough {
        Walkthrough(
            id: id, pages: [Page(id: "p1", heading: "H", content: "")], when: when)
    }

    /// A policy set in code, read in UTC+1.
    static func policy(_ change: (inout AdministratorPolicy) -> Void) -> AdministratorPolicy {
        var policy = AdministratorPolicy()
        policy.timeZone = .fixed(secondsEastOfUTC: 3600)
        change(&policy)
        return policy
    }

    static func decide(
        _ walkthrough: Walkthrough = tour(), history: ShowHistory = ShowHistory(),
        environment: [String: String] = [:], now: Timestamp = t0,
        policy: AdministratorPolicy = AdministratorPolicy()
    ) -> DueDecision {
        DueDecision.evaluate(
            walkthrough, user: "alice", history: history, environment: environment, now: now,
            policy: policy)
    }

    // MARK: - disable

    @Test func disableTrueHoldsBackEveryWalkthroughFirstOfAll() {
        let policy = Self.policy {
            $0.disable = [.init(.all, from: "/etc/walkthrough/policy.json")]
        }
        let seen = SeenRecord(
            user: "alice", walkthrough: "tour", version: 1, outcome: .completed, lastPage: 0,
            updatedAt: Self.t0)
        // Before the quiet switch, CI and the store.
        let decision = Self.decide(
            history: ShowHistory(record: seen),
            environment: ["WALKTHROUGH_DISABLE": "1", "CI": "true"], policy: policy)
        #expect(decision.reason == .policy)
        #expect(decision.detail == "/etc/walkthrough/policy.json disables every walkthrough")
        #expect(decision.setBy == "/etc/walkthrough/policy.json")
        #expect(!decision.isDue)
    }

    @Test func aListDisablesOnlyTheIdsItNames() {
        let policy = Self.policy { $0.disable = [.init(.ids(["tips", "news"]), from: "p.json")] }
        let tips = Self.decide(Self.tour(id: "tips"), policy: policy)
        #expect(tips.reason == .policy)
        #expect(tips.detail == "p.json disables tips")
        #expect(Self.decide(Self.tour(id: "welcome"), policy: policy).reason == .due)
    }

    @Test func aFileThatCannotBeUsedSaysWhy() {
        let policy = Self.policy {
            $0.disable = [.init(.unusable(problem: "not valid JSON: …"), from: "/x/policy.json")]
        }
        let decision = Self.decide(policy: policy)
        #expect(decision.reason == .policy)
        #expect(
            decision.detail
                == "/x/policy.json cannot be used (not valid JSON: …): no walkthrough is shown")
        #expect(decision.limit == "not valid JSON: …")
    }

    // MARK: - quietHours

    @Test func quietHoursHoldBackWithinTheWindowAndSayWhenTheyEnd() {
        // 18:00-09:00 at UTC+1: 17:00Z to 08:00Z.
        let policy = Self.policy {
            $0.quietHours = [
                .init(QuietHours("18:00-09:00")!, from: "/etc/walkthrough/policy.json")
            ]
        }
        let cases: [(Int64, DueDecision.Reason)] = [
            (-7 * Self.hour - Self.minute, .due),  // 16:59Z, 17:59 local
            (-7 * Self.hour, .quietHours),  // 17:00Z, 18:00 local
            (0, .quietHours),  // 01:00 local
            (8 * Self.hour - 1, .quietHours),  // 08:59:59.999 local
            (8 * Self.hour, .due),  // 09:00 local
        ]
        for (offset, reason) in cases {
            let decision = Self.decide(now: Self.at(offset), policy: policy)
            #expect(decision.reason == reason, "\(offset)")
            guard reason == .quietHours else { continue }
            #expect(decision.dueAt == Self.at(8 * Self.hour), "\(offset)")
            #expect(
                decision.detail
                    == "within the quiet hours 18:00-09:00 (local time) of "
                    + "/etc/walkthrough/policy.json; due at 2026-12-01T08:00:00.000Z")
        }
    }

    @Test func overlappingWindowsEndWhenTheLastDoes() {
        let policy = Self.policy {
            $0.quietHours = [
                .init(QuietHours("22:00-07:00")!, from: "system"),
                .init(QuietHours("06:00-10:00")!, from: "mine"),
            ]
        }
        // 23:00 local (22:00Z the day before): quiet until 10:00 local, 09:00Z.
        let decision = Self.decide(now: Self.at(-2 * Self.hour), policy: policy)
        #expect(decision.reason == .quietHours)
        #expect(decision.setBy == "system")
        #expect(decision.dueAt == Self.at(9 * Self.hour))
    }

    // MARK: - budget

    @Test func theBudgetHoldsBackOnceTodaysShowsReachIt() {
        let policy = Self.policy { $0.maxPerDay = .init(2, from: "WALKTHROUGH_MAX_PER_DAY") }
        #expect(
            Self.decide(history: ShowHistory(showsToday: 1), policy: policy).reason == .due)
        let held = Self.decide(history: ShowHistory(showsToday: 2), policy: policy)
        #expect(held.reason == .budget)
        // t0 is 01:00 at UTC+1: the next local midnight is 23:00Z that day.
        #expect(held.dueAt == Self.at(23 * Self.hour))
        #expect(
            held.detail
                == "2 walkthroughs were shown automatically today (maxPerDay 2 of "
                + "WALKTHROUGH_MAX_PER_DAY); due at 2026-12-01T23:00:00.000Z, the next local "
                + "midnight")
        let none = Self.policy { $0.maxPerDay = .init(0, from: "p.json") }
        #expect(Self.decide(policy: none).reason == .budget)
    }

    @Test func theOrderOfTheNewRules() {
        let all = Self.policy {
            $0.maxPerDay = .init(1, from: "p")
            $0.quietHours = [.init(QuietHours("00:00-23:59")!, from: "p")]
            $0.minInterval = .init(.seconds(3600), from: "p")
        }
        let history = ShowHistory(lastShow: Self.at(-Self.minute), showsToday: 1)
        // quietPeriod, then quietHours, then budget.
        #expect(Self.decide(history: history, policy: all).reason == .quietPeriod)
        var later = history
        later.lastShow = Self.at(-2 * Self.hour)
        #expect(Self.decide(history: later, policy: all).reason == .quietHours)
        var noQuiet = all
        noQuiet.quietHours = []
        #expect(Self.decide(history: later, policy: noQuiet).reason == .budget)
        // The definition's own rules come first.
        let limited = Self.tour(when: ShowRules(maxShows: 1))
        var shown = later
        shown.shows = 1
        #expect(Self.decide(limited, history: shown, policy: all).reason == .maxShows)
    }

    // MARK: - minInterval

    @Test func thePolicysMinIntervalIsAFloorUnderTheDefinitions() {
        let policy = Self.policy { $0.minInterval = .init(.seconds(86_400), from: "p.json") }
        let history = ShowHistory(lastShow: Self.at(-2 * Self.hour))
        let shorter = Self.decide(
            Self.tour(when: ShowRules(minInterval: .seconds(3600))), history: history,
            policy: policy)
        #expect(shorter.reason == .quietPeriod)
        #expect(shorter.dueAt == Self.at(22 * Self.hour))
        #expect(shorter.setBy == "p.json")
        #expect(
            shorter.detail
                == "a walkthrough was shown at 2026-11-30T22:00:00.000Z; due at "
                + "2026-12-01T22:00:00.000Z (minInterval 1d of p.json)")
        // A definition's longer interval stands, and is its own.
        let longer = Self.decide(
            Self.tour(when: ShowRules(minInterval: .seconds(2 * 86_400))), history: history,
            policy: policy)
        #expect(longer.reason == .quietPeriod)
        #expect(longer.setBy == nil)
        #expect(longer.dueAt == Self.at(46 * Self.hour))
        // Past the floor: due.
        let old = ShowHistory(lastShow: Self.at(-86_400_000))
        #expect(Self.decide(history: old, policy: policy).reason == .due)
    }

    // MARK: - CI

    @Test(arguments: CIVendor.all.map(\.name))
    func eachCIServicesVariablesMeanCI(name: String) throws {
        let vendor = try #require(CIVendor.all.first { $0.name == name })
        var environment: [String: String] = [:]
        switch vendor.condition {
        case .set(let names): for name in names { environment[name] = "true" }
        case .anySet(let names): environment[names[names.count - 1]] = "1"
        case .equals(let name, let value): environment[name] = value
        case .contains(let name, let text): environment[name] = "/usr/bin:" + text + ":/bin"
        }
        let decision = Self.decide(environment: environment)
        #expect(decision.reason == .ci)
        #expect(decision.setBy == vendor.name)
        let variable = try #require(decision.variable)
        #expect(vendor.variables.contains(variable))
        #expect(decision.detail.hasPrefix(variable))
        #expect(decision.detail.hasSuffix("(\(vendor.name)): no walkthrough is shown on CI"))
        // One variable of several is not enough; an empty value is unset.
        if case .set(let names) = vendor.condition {
            for name in names {
                var partial = environment
                partial[name] = ""
                #expect(Self.decide(environment: partial).reason == .due, "\(name)")
            }
        }
        // CI=false says this is not CI, whatever else is set.
        for no in ["false", "0", "FALSE"] {
            var notCI = environment
            notCI["CI"] = no
            #expect(Self.decide(environment: notCI).reason == .due, "\(no)")
        }
    }

    @Test func theListHasTheServicesTheIssueNames() {
        let variables = Set(CIVendor.all.flatMap(\.variables))
        for name in [
            "GITHUB_ACTIONS", "GITLAB_CI", "BUILDKITE", "JENKINS_URL", "TF_BUILD",
            "TEAMCITY_VERSION", "CIRCLECI", "TRAVIS", "APPVEYOR", "BITBUCKET_COMMIT",
        ] {
            #expect(variables.contains(name), "\(name)")
        }
        #expect(CIVendor.listVersion == "4.4.0")
    }

    @Test func ciTrueStillSaysCI() {
        let decision = Self.decide(environment: ["CI": "true", "GITHUB_ACTIONS": "true"])
        #expect(decision.reason == .ci)
        #expect(decision.variable == "CI")
        #expect(decision.setBy == nil)
        #expect(decision.detail == "CI is \"true\": no walkthrough is shown on CI")
    }

    @Test func thePolicysCIVariablesMeanCITooEvenWithCIFalse() {
        let policy = Self.policy {
            $0.ciVariables = [.init("MY_CI", from: "/etc/walkthrough/policy.json")]
        }
        #expect(Self.decide(environment: ["MY_CI": ""], policy: policy).reason == .due)
        let decision = Self.decide(environment: ["MY_CI": "yes", "CI": "false"], policy: policy)
        #expect(decision.reason == .ci)
        #expect(decision.variable == "MY_CI")
        #expect(
            decision.detail
                == "MY_CI is set (ciVariables of /etc/walkthrough/policy.json): no walkthrough "
                + "is shown on CI")
    }
}
