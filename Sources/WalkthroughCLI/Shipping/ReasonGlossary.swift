import WalkthroughKit

/// Why a walkthrough is not due, a sentence per reason, for the manual page's REASONS: the
/// names `walkthrough due` and `due --json` give, in the order the rules are read.
enum ReasonGlossary {
    /// Each reason's sentence, by name.
    static let sentences: [String: String] = [
        "due": "It is due: it would be shown.",
        "seen": "The user completed or skipped this version, or a later one.",
        "env": "A condition of when.env does not hold (names the variable).",
        "notYet": "when.from is later than now (says when).",
        "expired": "when.until is now or earlier.",
        "waitingFor": "A walkthrough of when.after is not completed or skipped yet (names them).",
        "events":
            "What the user did (walkthrough donate) does not meet when.events: names the event, "
            + "its count and what was wanted.",
        "maxShows": "It was shown automatically when.maxShows times without being finished.",
        "snoozed":
            "The user put it off (the player's z, walkthrough mark --snoozed) and the "
            + "time it was put off until has not come (says when).",
        "quietPeriod":
            "A walkthrough was shown automatically within when.minInterval (says when it will "
            + "be due).",
        "holdout": "The user is in the holdout of the definition's experiment: shown nothing.",
        "disabled": "WALKTHROUGH_DISABLE is set (not empty, 0 or false).",
        "ci": "CI is true or 1.",
    ]

    /// The reasons in the order the rules are read (the first that applies is the answer),
    /// `due` last; any reason not listed follows.
    static var ordered: [DueDecision.Reason] {
        let order = [
            "disabled", "ci", "seen", "env", "notYet", "expired", "waitingFor", "events",
            "maxShows", "snoozed", "quietPeriod", "holdout", "due",
        ].compactMap(DueDecision.Reason.init(rawValue:))
        return order + DueDecision.Reason.allCases.filter { !order.contains($0) }
    }

    /// The sentence for `reason`; a reason without one points at `walkthrough due`.
    static func sentence(for reason: DueDecision.Reason) -> String {
        sentences[reason.rawValue] ?? "See the detail of walkthrough due --json."
    }
}
