extension DueDecision {
    /// Why a walkthrough is due or not: the `reason` of `walkthrough due --json`.
    ///
    /// Checked in this order, and the first that applies is the answer: ``disabled``, ``ci``,
    /// ``seen``, ``env``, ``notYet``, ``expired``, ``waitingFor``, ``events``, ``maxShows``,
    /// ``snoozed``, ``quietPeriod``, ``holdout``; otherwise ``due`` (or ``env`` when every page
    /// it would show is left out by its own `env`).
    public enum Reason: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
        /// It is due: it would be shown.
        case due
        /// The user completed or skipped this version, or a later one.
        case seen
        /// `when.from` is later than now.
        case notYet
        /// `when.until` is now or earlier.
        case expired
        /// A walkthrough in `when.after` is not completed or skipped yet.
        case waitingFor
        /// A condition of `when.env` does not hold (or one of every page it would show).
        case env
        /// It was shown automatically `when.maxShows` times without being finished.
        case maxShows
        /// A walkthrough was shown automatically to the user within `when.minInterval`.
        case quietPeriod
        /// The user is in the holdout of the walkthrough's `experiment`: shown nothing, and
        /// counted as the comparison the variants are measured against.
        case holdout
        /// `WALKTHROUGH_DISABLE` is set (to anything but empty, `0` or `false`).
        case disabled
        /// `CI` is `true` or `1`.
        case ci
        /// What the user did (the donations) does not meet `when.events`: the detail names the
        /// event, its count and what was wanted.
        case events
        /// The user put it off ("later") and the time it was put off until has not come.
        case snoozed

        /// The reason's name, as `walkthrough due --json` writes it.
        public var description: String { rawValue }
    }
}

/// The quiet switch: `WALKTHROUGH_DISABLE` and `CI`, read alike by the command line and the
/// library.
package enum QuietSwitch {
    /// ``DueDecision/Reason/disabled`` when `WALKTHROUGH_DISABLE` is set to anything but empty, `0` or
    /// `false`; ``DueDecision/Reason/ci`` when `CI` is `true` or `1` (any case); else `nil`.
    package static func reason(environment: some EnvironmentVariables) -> DueDecision.Reason? {
        if let value = environment["WALKTHROUGH_DISABLE"], !value.isEmpty, value != "0",
            value.lowercased() != "false"
        {
            return .disabled
        }
        if let value = environment["CI"], value == "1" || value.lowercased() == "true" {
            return .ci
        }
        return nil
    }

    /// The quiet switch of `walkthrough serve`, whose users are elsewhere: `WALKTHROUGH_DISABLE`
    /// alone (a server may well run where `CI` is set). The sentence an evaluation's `detail`
    /// gives, or `nil` when the switch is off.
    package static func serverReason(environment: some EnvironmentVariables) -> String? {
        guard let value = environment["WALKTHROUGH_DISABLE"],
            reason(environment: ["WALKTHROUGH_DISABLE": value]) != nil
        else { return nil }
        return "WALKTHROUGH_DISABLE is set where the server runs: no walkthrough is shown"
    }
}
