import WalkthroughKit
import WalkthroughTerminal

/// The sentences a command prints to a person once it has chosen a locale (`play`, `due`,
/// `list`): from the same catalog as the player's words (`localization/player.json`), with the
/// walkthrough's title in that locale. English is the fallback, worded exactly as before; the
/// facts scripts read (`--json`, errors, a not-due reason's name) stay English.
struct CommandWords {
    /// The catalog's words in the chosen locale.
    let strings: PlayerStrings

    /// The words for `locale` (`--locale`, else `LC_ALL`, `LC_MESSAGES`, `LANG`).
    init(locale: LanguageTag?) {
        strings = PlayerStrings(for: locale)
    }

    /// Whether the words are English: then every sentence is the one scripts have always seen.
    var isEnglish: Bool { strings.locale == PlayerStrings.locales[0] }

    // MARK: - Pieces

    /// The title: in the chosen locale, or for English the default locale's (or the id).
    func title(_ walkthrough: Walkthrough) -> String {
        guard !isEnglish, let title = walkthrough.title, !title.isEmpty else {
            return Wording.name(of: walkthrough)
        }
        return title
    }

    /// `completed`, `skipped`, `in progress` or `snoozed`, in the locale.
    func outcome(_ outcome: SeenRecord.Outcome) -> String {
        switch outcome {
        case .completed: return strings.text(.outcomeCompleted)
        case .skipped: return strings.text(.outcomeSkipped)
        case .inProgress: return strings.text(.outcomeInProgress)
        case .snoozed: return strings.text(.outcomeSnoozed)
        }
    }

    /// `1 page`, `3 pages`.
    func pages(_ count: Int) -> String {
        count == 1
            ? strings.text(.cliPagesOne) : strings.text(.cliPagesOther, ["count": String(count)])
    }

    // MARK: - play

    /// `Recorded: alice completed FoodPin (version 1).`
    func recorded(user: String, outcome: SeenRecord.Outcome, title: String, version: Int) -> String
    {
        strings.text(
            .cliRecorded,
            [
                "user": user, "outcome": self.outcome(outcome), "title": title,
                "version": String(version),
            ])
    }

    /// A replay whose outcome the stored record keeps.
    func keptReplay(
        user: String, record: SeenRecord, attempt: SeenRecord.Outcome, title: String
    ) -> String {
        strings.text(
            .cliKeptReplay,
            [
                "user": user, "outcome": outcome(record.outcome), "title": title,
                "version": String(record.version), "attempt": outcome(attempt),
            ])
    }

    /// How a quit or an interruption leaves the user: progress kept, or still seen (a replay).
    func stopped(
        at page: String, user: String, kept record: SeenRecord?, title: String,
        signal: String? = nil
    ) -> String {
        var values = ["page": page, "user": user, "title": title]
        if let signal { values["signal"] = signal }
        guard let record else {
            return strings.text(signal == nil ? .cliProgressKept : .cliInterrupted, values)
        }
        values["outcome"] = outcome(record.outcome)
        values["version"] = String(record.version)
        return strings.text(signal == nil ? .cliStoppedKept : .cliInterruptedKept, values)
    }

    /// `Snoozed at page 2/3 until 2026-…; FoodPin is not shown before then.`
    func snoozed(at page: String, until: Timestamp, title: String) -> String {
        strings.text(
            .cliSnoozed, ["page": page, "date": Timestamp.json(until), "title": title])
    }

    /// `What's new in FoodPin since version 1: 2 pages (--all shows every page).`
    func whatsNew(title: String, since: Int, pages count: Int) -> String {
        strings.text(
            .cliWhatsNew, ["title": title, "since": String(since), "pages": pages(count)])
    }

    /// `Resuming FoodPin at page 2/3, where alice left off (--restart starts over).`
    func resuming(title: String, page: String, user: String) -> String {
        strings.text(.cliResuming, ["title": title, "page": page, "user": user])
    }

    /// Why `play` plays nothing: seen.
    func alreadySeen(_ record: SeenRecord, user: String, title: String) -> String {
        strings.text(
            .cliAlreadySeen,
            [
                "user": user, "title": title, "version": String(record.version),
                "outcome": outcome(record.outcome), "date": Timestamp.human(record.updatedAt),
            ])
    }

    /// Why `play` plays nothing: a rule, or seen.
    func notDueForPlay(
        _ decision: DueDecision, walkthrough: Walkthrough, environment: [String: String]
    ) -> String {
        let title = title(walkthrough)
        if decision.reason == .seen, let record = decision.record {
            return alreadySeen(record, user: decision.user, title: title)
        }
        return strings.text(
            .cliNotDuePlay,
            [
                "title": title, "user": decision.user, "reason": decision.reason.rawValue,
                "detail": detail(decision, walkthrough: walkthrough, environment: environment),
            ])
    }

    // MARK: - due

    /// `FoodPin is due for alice: 3 pages.` or `… is not due for alice: seen (…).`
    func dueSentence(
        _ decision: DueDecision, walkthrough: Walkthrough, environment: [String: String]
    ) -> String {
        var values = [
            "title": title(walkthrough), "user": decision.user,
            "detail": detail(decision, walkthrough: walkthrough, environment: environment),
        ]
        guard !decision.isDue else { return strings.text(.cliDue, values) }
        values["reason"] = decision.reason.rawValue
        return strings.text(.cliNotDue, values)
    }

    /// The decision's detail: the library's own words in English (as `--json` has them),
    /// else the catalog's.
    func detail(
        _ decision: DueDecision, walkthrough: Walkthrough, environment: [String: String]
    ) -> String {
        if isEnglish { return decision.detail }
        let rules = walkthrough.when
        let list = decision.pages.map { String($0 + 1) }.joined(separator: ", ")
        switch decision.reason {
        case .due where decision.whatsNewSince != nil:
            return strings.text(
                .dueWhatsNew,
                [
                    "since": String(decision.whatsNewSince ?? 0),
                    "pages": pages(decision.pages.count), "list": list,
                ])
        case .due where decision.pages.count < walkthrough.pages.count:
            return strings.text(
                .dueSome,
                [
                    "pages": pages(decision.pages.count),
                    "count": String(walkthrough.pages.count), "list": list,
                ])
        case .due:
            return pages(decision.pages.count)
        case .seen:
            guard let record = decision.record else { return decision.detail }
            return strings.text(
                .dueSeen,
                [
                    "user": decision.user, "outcome": outcome(record.outcome),
                    "version": String(record.version), "date": Timestamp.json(record.updatedAt),
                ])
        case .env:
            guard let failed = rules.failedCondition(in: environment) else {
                // Every page it would show is left out by its own condition.
                return strings.text(.dueEnvPages, ["condition": decision.variable ?? ""])
            }
            return strings.text(.dueEnv, ["condition": "\(failed)"])
        case .notYet:
            return strings.text(
                .dueNotYet, ["date": decision.dueAt.map(Timestamp.json) ?? ""])
        case .expired:
            return strings.text(.dueExpired, ["date": rules.until.map(Timestamp.json) ?? ""])
        case .waitingFor:
            return strings.text(
                .dueWaitingFor, ["ids": decision.waitingFor.joined(separator: ", ")])
        case .maxShows:
            return strings.text(.dueMaxShows, ["count": String(rules.maxShows ?? 0)])
        case .quietPeriod where decision.setBy != nil:
            return strings.text(
                .dueQuietPeriodPolicy,
                [
                    "date": decision.dueAt.map(Timestamp.json) ?? "",
                    "interval": decision.limit ?? "", "source": decision.setBy ?? "",
                ])
        case .quietPeriod:
            return strings.text(
                .dueQuietPeriod,
                [
                    "date": decision.dueAt.map(Timestamp.json) ?? "",
                    "interval": rules.minInterval.map(RuleDuration.format) ?? "",
                ])
        case .holdout:
            return strings.text(
                .dueHoldout,
                ["user": decision.user, "experiment": walkthrough.experiment?.id ?? ""])
        case .ci where decision.setBy != nil:
            return strings.text(
                .dueCiVendor,
                ["variable": decision.variable ?? "", "vendor": decision.setBy ?? ""])
        case .snoozed:
            return strings.text(
                .dueSnoozed,
                [
                    "user": decision.user,
                    "date": decision.record.map { Timestamp.json($0.updatedAt) } ?? "",
                    "until": decision.dueAt.map(Timestamp.json) ?? "",
                ])
        case .events:
            return events(decision, rules: rules)
        case .disabled, .ci:
            let name = decision.reason == .disabled ? "WALKTHROUGH_DISABLE" : "CI"
            return strings.text(
                decision.reason == .disabled ? .dueDisabled : .dueCi,
                ["value": CharacterSafety.quoted(environment[name] ?? "")])
        case .policy:
            let file = decision.setBy ?? ""
            if let problem = decision.limit {
                return strings.text(.duePolicyBroken, ["file": file, "problem": problem])
            }
            // The policy the decision followed, read again to tell `true` from a list.
            let disable = AdministratorPolicy.inForce(environment: environment)
                .disabling(decision.walkthrough)?.value
            return disable == .all
                ? strings.text(.duePolicy, ["file": file])
                : strings.text(.duePolicyId, ["file": file, "id": decision.walkthrough])
        case .quietHours:
            return strings.text(
                .dueQuietHours,
                [
                    "window": decision.limit ?? "", "source": decision.setBy ?? "",
                    "date": decision.dueAt.map(Timestamp.json) ?? "",
                ])
        case .budget:
            return strings.text(
                .dueBudget,
                [
                    "limit": decision.limit ?? "", "source": decision.setBy ?? "",
                    "date": decision.dueAt.map(Timestamp.json) ?? "",
                ])
        case .outranked:
            return strings.text(.dueOutranked, ["winner": decision.setBy ?? ""])
        }
    }

    /// ``DueDecision/Reason/events`` in the locale: the first rule of `when.events` the
    /// donations do not meet, as the decision found it.
    private func events(_ decision: DueDecision, rules: ShowRules) -> String {
        guard
            let rule = rules.events.first(where: {
                !$0.holds(count: decision.donationCounts[$0.name] ?? 0)
            })
        else { return decision.detail }
        let wanted: String
        switch (rule.min, rule.max) {
        case (_, nil): wanted = strings.text(.dueWantAtLeast, ["count": String(rule.min)])
        case (0, 0?): wanted = strings.text(.dueWantNever)
        case (0, let max?): wanted = strings.text(.dueWantAtMost, ["count": String(max)])
        case (let min, let max?):
            wanted = strings.text(.dueWantRange, ["min": String(min), "max": String(max)])
        }
        return strings.text(
            .dueEvents,
            [
                "user": decision.user, "name": rule.name,
                "count": String(decision.donationCounts[rule.name] ?? 0),
                "window": rule.within.map {
                    strings.text(.dueEventsWindow, ["duration": RuleDuration.format($0)])
                } ?? "",
                "wanted": wanted,
            ])
    }

    // MARK: - list

    /// `list`'s column headers, for `user`.
    func listHeader(user: String) -> [String] {
        [
            strings.text(.listId), strings.text(.listTitle), strings.text(.listPages),
            strings.text(.listVersion), strings.text(.listNavigation),
            strings.text(.listState, ["user": user]), strings.text(.listDue),
        ]
    }

    /// `yes`, or `no: REASON`.
    func listDue(_ decision: DueDecision) -> String {
        decision.isDue
            ? strings.text(.listYes) : strings.text(.listNo, ["reason": decision.reason.rawValue])
    }
}
