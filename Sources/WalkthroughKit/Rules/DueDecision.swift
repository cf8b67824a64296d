/// Whether a walkthrough is due for a user, why, and which pages it would show: the one
/// decision that `walkthrough due`, `walkthrough play` and the one-call gate all follow.
///
/// `evaluate(_:user:history:environment:now:)` is a pure function of the definition, what the
/// store knows (`ShowHistory`), the environment and the clock, so that a test sets each;
/// ``FirstRunGate/due(_:)`` reads the history from the store and asks it.
///
/// ```swift
/// let decision = try FirstRunGate().due("foodpin")
/// if !decision.isDue { print("not shown: \(decision.reason): \(decision.detail)") }
/// ```
public struct DueDecision: Sendable, Hashable {
    /// The fields, shared by copies until one of them changes: a decision is made for every
    /// walkthrough of a question and handed on, and a copy is then one reference.
    private var storage: CopyOnWrite<Fields>

    /// The walkthrough's id.
    public var walkthrough: String {
        get { storage.value.walkthrough }
        set { storage.value.walkthrough = newValue }
        _modify { yield &storage.value.walkthrough }
    }
    /// The user asked about.
    public var user: String {
        get { storage.value.user }
        set { storage.value.user = newValue }
        _modify { yield &storage.value.user }
    }
    /// Why it is due or not.
    public var reason: DueDecision.Reason {
        get { storage.value.reason }
        set { storage.value.reason = newValue }
        _modify { yield &storage.value.reason }
    }
    /// One sentence a person reads: what holds it back, or what it would show.
    public var detail: String {
        get { storage.value.detail }
        set { storage.value.detail = newValue }
        _modify { yield &storage.value.detail }
    }
    /// The pages it would show, as 0-based positions in the definition: every page for a new
    /// user, only "what's new" for one who finished an earlier version, never a page whose own
    /// `env` does not hold; empty when it is not due.
    public var pages: [Int] {
        get { storage.value.pages }
        set { storage.value.pages = newValue }
        _modify { yield &storage.value.pages }
    }
    /// The user's record, of any version.
    public var record: SeenRecord? {
        get { storage.value.record }
        set { storage.value.record = newValue }
        _modify { yield &storage.value.record }
    }
    /// ``DueDecision/Reason/waitingFor``: the ids of `after` not finished yet.
    public var waitingFor: [String] {
        get { storage.value.waitingFor }
        set { storage.value.waitingFor = newValue }
        _modify { yield &storage.value.waitingFor }
    }
    /// ``DueDecision/Reason/env``, ``DueDecision/Reason/disabled``, ``DueDecision/Reason/ci``: the variable concerned.
    public var variable: String? {
        get { storage.value.variable }
        set { storage.value.variable = newValue }
        _modify { yield &storage.value.variable }
    }
    /// ``DueDecision/Reason/quietPeriod`` and ``DueDecision/Reason/snoozed``: when it will be
    /// due; ``DueDecision/Reason/notYet``: `from`.
    public var dueAt: Timestamp? {
        get { storage.value.dueAt }
        set { storage.value.dueAt = newValue }
        _modify { yield &storage.value.dueAt }
    }
    /// The version what's new counts from (the one the user finished), when only what's new
    /// would be shown.
    public var whatsNewSince: Int? {
        get { storage.value.whatsNewSince }
        set { storage.value.whatsNewSince = newValue }
        _modify { yield &storage.value.whatsNewSince }
    }
    /// The user's group in the walkthrough's `experiment`, when it has one and every other
    /// rule let it through: ``DueDecision/Reason/holdout`` for the holdout, else the variant whose
    /// pages ``pages`` are.
    package var group: ExperimentGroup? {
        get { storage.value.group }
        set { storage.value.group = newValue }
        _modify { yield &storage.value.group }
    }
    /// Where the limit that holds it back was set, when not in the definition: the policy file
    /// (``DueDecision/Reason/policy``, ``DueDecision/Reason/quietHours``, a policy's floor under
    /// ``DueDecision/Reason/quietPeriod``), the file or `WALKTHROUGH_MAX_PER_DAY`
    /// (``DueDecision/Reason/budget``), the CI service or the policy's `ciVariables`
    /// (``DueDecision/Reason/ci``), or the walkthrough shown first
    /// (``DueDecision/Reason/outranked``).
    package var setBy: String? {
        get { storage.value.setBy }
        set { storage.value.setBy = newValue }
        _modify { yield &storage.value.setBy }
    }
    /// The limit as written, for the sentence: `maxPerDay`'s number, the `quietHours` window,
    /// the `minInterval` in force, or why a policy file cannot be used.
    package var limit: String? {
        get { storage.value.limit }
        set { storage.value.limit = newValue }
        _modify { yield &storage.value.limit }
    }

    /// Whether it is due.
    public var isDue: Bool { reason == .due }

    /// For each name of `when.events`, the count the rules read (within its window), once the
    /// decision got as far as `when.events`.
    package var donationCounts: [String: Int] {
        get { storage.value.donationCounts }
        set { storage.value.donationCounts = newValue }
        _modify { yield &storage.value.donationCounts }
    }

    /// What the answer came from: `replica` (a fresh local replica of the fleet store),
    /// `server` (the server, asked for it), or `local` (a local file, or a replica that could
    /// not reach its server).
    package var source: String {
        get { storage.value.source }
        set { storage.value.source = newValue }
        _modify { yield &storage.value.source }
    }

    /// The stored fields; equal decisions have equal fields.
    private struct Fields: Hashable {
        var walkthrough: String
        var user: String
        var reason: DueDecision.Reason
        var detail: String
        var pages: [Int]
        var record: SeenRecord?
        var waitingFor: [String]
        var variable: String?
        var dueAt: Timestamp?
        var whatsNewSince: Int?
        var group: ExperimentGroup?
        var setBy: String?
        var limit: String?
        var donationCounts: [String: Int] = [:]
        var source: String = "local"
    }

    /// Creates a decision.
    public init(
        walkthrough: String, user: String, reason: DueDecision.Reason, detail: String,
        pages: [Int] = [], record: SeenRecord? = nil, waitingFor: [String] = [],
        variable: String? = nil, dueAt: Timestamp? = nil, whatsNewSince: Int? = nil
    ) {
        storage = CopyOnWrite(
            Fields(
                walkthrough: walkthrough, user: user, reason: reason, detail: detail,
                pages: pages, record: record, waitingFor: waitingFor, variable: variable,
                dueAt: dueAt, whatsNewSince: whatsNewSince))
    }

    // MARK: - The decision

    /// The rules' answer for a user whose `record` says they completed or skipped the
    /// walkthrough (its version or a later one) while the quiet switch is off: seen, whatever
    /// the other rules say; no definition is needed to say so.
    package static func seen(
        _ record: SeenRecord, walkthrough: String, user: String
    ) -> DueDecision {
        DueDecision(
            walkthrough: walkthrough, user: user, reason: .seen,
            detail: "\(user) \(record.outcome.rawValue) version \(record.version) on "
                + Timestamp.json(record.updatedAt),
            record: record)
    }

    /// Decides whether `walkthrough` is due for the user whose history this is.
    ///
    /// - Parameters:
    ///   - walkthrough: The definition, with its `when` and its pages' `since` and `when`.
    ///   - user: The user, named in the decision.
    ///   - history: What the store knows of the user.
    ///   - environment: The variables `WALKTHROUGH_DISABLE`, `CI` and `when.env` read.
    ///   - now: The clock.
    ///   - policy: The administrator's policy in force (none by default).
    package static func evaluate(
        _ walkthrough: Walkthrough, user: String, history: ShowHistory,
        environment: some EnvironmentVariables, now: Timestamp,
        policy: AdministratorPolicy = AdministratorPolicy()
    ) -> DueDecision {
        evaluate(
            walkthrough, user: user, history: history, environment: environment, now: now,
            policy: policy, quiet: QuietSwitch.hold(environment: environment, policy: policy))
    }

    /// ``evaluate(_:user:history:environment:now:policy:)`` with the quiet switch already
    /// read (`quiet`, `nil` when it is off): a question about several walkthroughs reads it
    /// once, and a server, whose variables are a client's, answers its own switch first.
    package static func evaluate(
        _ walkthrough: Walkthrough, user: String, history: ShowHistory,
        environment: some EnvironmentVariables, now: Timestamp, policy: AdministratorPolicy,
        quiet: QuietSwitch.Hold?
    ) -> DueDecision {
        var decision = DueDecision(
            walkthrough: walkthrough.id, user: user, reason: .due, detail: "",
            record: history.record)
        func no(_ reason: DueDecision.Reason, _ detail: String) -> DueDecision {
            decision.reason = reason
            decision.detail = detail
            return decision
        }
        let rules = walkthrough.when
        if let held = held(
            walkthrough.id, user: user, record: history.record, quiet: quiet, policy: policy)
        {
            return held
        }
        if let record = history.record, record.isSeen(atLeast: walkthrough.version) {
            return seen(record, walkthrough: walkthrough.id, user: user)
        }
        if let failed = rules.failedCondition(in: environment) {
            decision.variable = failed.name
            return no(.env, "when.env needs \(failed)")
        }
        let milliseconds = now.millisecondsSince1970
        if let from = rules.from, milliseconds < from.millisecondsSince1970 {
            decision.dueAt = from
            return no(.notYet, "not before \(Timestamp.json(from)) (when.from)")
        }
        if let until = rules.until, milliseconds >= until.millisecondsSince1970 {
            return no(.expired, "ended at \(Timestamp.json(until)) (when.until)")
        }
        let waiting = rules.after.filter { !history.finished.contains($0) }
        if !waiting.isEmpty {
            decision.waitingFor = waiting
            return no(
                .waitingFor,
                "waiting for \(waiting.joined(separator: ", ")) to be completed or skipped")
        }
        if !rules.events.isEmpty { decision.donationCounts = history.donations }
        for rule in rules.events {
            let count = history.donations[rule.name] ?? 0
            guard !rule.holds(count: count) else { continue }
            return no(
                .events,
                "\(user) did \(rule.name) \(count) time\(count == 1 ? "" : "s")\(rule.window); "
                    + "when.events wants \(rule.wanted)")
        }
        if let maxShows = rules.maxShows, history.shows >= maxShows {
            return no(
                .maxShows,
                "shown \(history.shows) time\(history.shows == 1 ? "" : "s") without being "
                    + "finished (when.maxShows \(maxShows))")
        }
        if let record = history.record, record.outcome == .snoozed,
            let until = record.snoozedUntil, milliseconds < until.millisecondsSince1970
        {
            decision.dueAt = until
            return no(
                .snoozed,
                "\(user) snoozed it on \(Timestamp.json(record.updatedAt)); due at "
                    + Timestamp.json(until))
        }
        let floor = policy.minInterval.flatMap {
            $0.value > (rules.minInterval ?? .zero) ? $0 : nil
        }
        if let interval = floor?.value ?? rules.minInterval, let last = history.lastShow {
            let (next, overflow) = last.millisecondsSince1970.addingReportingOverflow(
                interval.wholeMilliseconds)
            if overflow || milliseconds < next {
                let dueAt = Timestamp(millisecondsSince1970: overflow ? .max : next)
                decision.dueAt = dueAt
                let formatted = RuleDuration.format(interval)
                decision.limit = formatted
                decision.setBy = floor?.source
                let rule =
                    floor.map { "minInterval \(formatted) of \($0.source)" }
                    ?? "when.minInterval \(formatted)"
                return no(
                    .quietPeriod,
                    "a walkthrough was shown at \(Timestamp.json(last)); due at "
                        + "\(Timestamp.json(dueAt)) (\(rule))")
            }
        }
        if let held = heldByPolicy(history: history, now: now, policy: policy, into: decision) {
            return held
        }
        if let held = holdout(of: walkthrough, user: user, into: &decision) { return held }
        pages(of: walkthrough, history: history, environment: environment, into: &decision)
        return decision
    }

    /// The pages a due walkthrough shows, or ``DueDecision/Reason/env`` when their own `env` leaves out
    /// every one.
    private static func pages(
        of walkthrough: Walkthrough, history: ShowHistory, environment: some EnvironmentVariables,
        into decision: inout DueDecision
    ) {
        let since = whatsNewBase(of: walkthrough, history: history)
        let all = walkthrough.pages
        var candidates = walkthrough.pagePositions(for: decision.group ?? .variant(0))
        if let since {
            let newer = candidates.filter { all[$0].since > since }
            if !newer.isEmpty {
                candidates = newer
                decision.whatsNewSince = since
            }
        }
        var firstFailure: (index: Int, condition: EnvironmentCondition)?
        // Most pages have no `env` of their own: then every candidate stays, with no new array.
        if candidates.allSatisfy({ all[$0].when.environment.isEmpty }) {
            decision.pages = candidates
        } else {
            decision.pages = candidates.filter { index in
                guard let failed = all[index].when.failedCondition(in: environment)
                else { return true }
                if firstFailure == nil { firstFailure = (index, failed) }
                return false
            }
        }
        if decision.pages.isEmpty, let firstFailure {
            decision.reason = .env
            decision.variable = firstFailure.condition.name
            decision.detail =
                "every page it would show is left out by its own when.env (pages["
                + "\(firstFailure.index)] needs \(firstFailure.condition))"
            return
        }
        let count = decision.pages.count
        let shown = String(count) + (count == 1 ? " page" : " pages")
        if let whatsNew = decision.whatsNewSince {
            decision.detail =
                "what's new since version \(whatsNew): \(shown) ("
                + decision.pages.map { String($0 + 1) }.joined(separator: ", ") + ")"
        } else if count < all.count {
            decision.detail =
                "\(shown) of \(all.count) ("
                + decision.pages.map { String($0 + 1) }.joined(separator: ", ") + ")"
        } else {
            decision.detail = shown
        }
    }

    /// The version "what's new" counts from: the one the user finished, when a later one is due.
    private static func whatsNewBase(of walkthrough: Walkthrough, history: ShowHistory) -> Int? {
        guard let record = history.record else { return nil }
        if record.outcome.countsAsSeen, record.version < walkthrough.version {
            return record.version
        }
        if record.outcome.isUnfinished, record.version == walkthrough.version {
            return history.finishedVersion
        }
        return nil
    }
}
