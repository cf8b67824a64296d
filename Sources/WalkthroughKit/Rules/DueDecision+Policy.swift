extension DueDecision {
    /// The answer given before the store is read, when there is one: the administrator's
    /// policy disabling the walkthrough (``DueDecision/Reason/policy``), then the quiet switch
    /// (``DueDecision/Reason/disabled``, ``DueDecision/Reason/ci``). The gate asks it first and
    /// then opens no store.
    ///
    /// - Parameters:
    ///   - record: The user's record, when it was read anyway (`walkthrough list`).
    ///   - quiet: The quiet switch, read once for the question
    ///     (``QuietSwitch/hold(environment:policy:)``), or `nil` when it is off.
    package static func held(
        _ walkthrough: String, user: String, record: SeenRecord? = nil,
        quiet: QuietSwitch.Hold?, policy: AdministratorPolicy
    ) -> DueDecision? {
        if let setting = policy.disabling(walkthrough) {
            var decision = DueDecision(
                walkthrough: walkthrough, user: user, reason: .policy, detail: "", record: record)
            decision.setBy = setting.source
            switch setting.value {
            case .all:
                decision.detail = "\(setting.source) disables every walkthrough"
            case .ids:
                decision.detail = "\(setting.source) disables \(walkthrough)"
            case .unusable(let problem):
                decision.limit = problem
                decision.detail =
                    "\(setting.source) cannot be used (\(problem)): no walkthrough is shown"
            }
            return decision
        }
        guard let hold = quiet else { return nil }
        var decision = DueDecision(
            walkthrough: walkthrough, user: user, reason: hold.reason, detail: hold.detail,
            record: record, variable: hold.variable)
        decision.setBy = hold.setBy
        return decision
    }

    /// ``DueDecision/Reason/quietHours`` when now is within one of the policy's `quietHours`,
    /// else ``DueDecision/Reason/budget`` when the user was shown `maxPerDay` walkthroughs
    /// automatically since local midnight; each says when it will be due.
    static func heldByPolicy(
        history: ShowHistory, now: Timestamp, policy: AdministratorPolicy,
        into decision: DueDecision
    ) -> DueDecision? {
        guard !policy.quietHours.isEmpty || policy.maxPerDay != nil else { return nil }
        var decision = decision
        if let (window, end) = quietHoursEnd(at: now, policy: policy) {
            decision.reason = .quietHours
            decision.dueAt = end
            decision.setBy = window.source
            decision.limit = window.value.description
            decision.detail =
                "within the quiet hours \(window.value) (local time) of \(window.source); due at "
                + Timestamp.json(end)
            return decision
        }
        if let limit = policy.maxPerDay, history.showsToday >= limit.value {
            let dueAt = policy.timeZone.endOfDay(containing: now)
            decision.reason = .budget
            decision.dueAt = dueAt
            decision.setBy = limit.source
            decision.limit = String(limit.value)
            let shows = history.showsToday
            decision.detail =
                "\(shows) walkthrough\(shows == 1 ? " was" : "s were") shown automatically today "
                + "(maxPerDay \(limit.value) of \(limit.source)); due at "
                + "\(Timestamp.json(dueAt)), the next local midnight"
            return decision
        }
        return nil
    }

    /// The quiet-hours window `now` is in, and when the quiet ends: the end of that window, or
    /// later when another window holds at its end.
    static func quietHoursEnd(
        at now: Timestamp, policy: AdministratorPolicy
    ) -> (AdministratorPolicy.Setting<QuietHours>, Timestamp)? {
        let zone = policy.timeZone
        guard
            let first = policy.quietHours.first(where: {
                $0.value.contains(minuteOfDay: zone.minuteOfDay(at: now))
            })
        else { return nil }
        var end = zone.next(minuteOfDay: first.value.end, atOrAfter: now)
        // Windows that overlap end when the last of them does (at most one step per window).
        for _ in policy.quietHours {
            let minute = zone.minuteOfDay(at: end)
            guard
                let next = policy.quietHours.first(where: { $0.value.contains(minuteOfDay: minute) }
                )
            else { break }
            end = zone.next(minuteOfDay: next.value.end, atOrAfter: end)
        }
        return (first, end)
    }
}
