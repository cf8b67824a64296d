extension DueDecision {
    /// Why a walkthrough is due or not: the `reason` of `walkthrough due --json`.
    ///
    /// Checked in this order, and the first that applies is the answer: ``policy``,
    /// ``disabled``, ``ci``, ``seen``, ``env``, ``notYet``, ``expired``, ``waitingFor``,
    /// ``events``, ``maxShows``, ``snoozed``, ``quietPeriod``, ``quietHours``, ``budget``,
    /// ``holdout``; otherwise ``due`` (or ``env`` when every page it would show is left out by
    /// its own `env`). Among several due walkthroughs, all but the one to show now are
    /// ``outranked``.
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
        /// `CI` is `true` or `1`, or a variable that a CI service sets is set (as the
        /// `ci-info` project's vendor list names them, and the policy's `ciVariables`).
        case ci
        /// The administrator's policy disables it (`disable`), or a policy file cannot be read
        /// or used.
        case policy
        /// The user was already shown the policy's `maxPerDay` walkthroughs automatically
        /// today (local time), across every walkthrough of the store.
        case budget
        /// It is within the policy's `quietHours` (local time).
        case quietHours
        /// It is due, but another due walkthrough comes first (a higher `priority`, an earlier
        /// place in `after`, or an earlier id): `walkthrough next`'s answer for the others.
        case outranked
        /// What the user did (the donations) does not meet `when.events`: the detail names the
        /// event, its count and what was wanted.
        case events
        /// The user put it off ("later") and the time it was put off until has not come.
        case snoozed

        /// The reason's name, as `walkthrough due --json` writes it.
        public var description: String { rawValue }
    }
}

/// The quiet switch: `WALKTHROUGH_DISABLE` and CI (`CI`, the variables CI services set, the
/// policy's `ciVariables`), read alike by the command line and the library.
package enum QuietSwitch {
    /// What holds every walkthrough back: the reason, the variable, and the sentence.
    package struct Hold: Sendable, Hashable {
        /// ``DueDecision/Reason/disabled`` or ``DueDecision/Reason/ci``.
        package var reason: DueDecision.Reason
        /// The variable that says so.
        package var variable: String
        /// One sentence: `CI is "true": no walkthrough is shown on CI`.
        package var detail: String
        /// For ``DueDecision/Reason/ci`` from a vendor's variable, the vendor's name; from the
        /// policy's `ciVariables`, the policy file.
        package var setBy: String?
    }

    /// ``DueDecision/Reason/disabled`` when `WALKTHROUGH_DISABLE` is set to anything but
    /// empty, `0` or `false`; ``DueDecision/Reason/ci`` when `CI` is `true` or `1` (any case), or
    /// a variable that a CI service sets is set (``CIVendor/all``; not when `CI` is `false` or
    /// `0`, which says this is not CI), or one of the policy's `ciVariables` is set and not
    /// empty; else `nil`.
    package static func hold(
        environment: some EnvironmentVariables, policy: AdministratorPolicy = AdministratorPolicy()
    ) -> Hold? {
        if let value = environment["WALKTHROUGH_DISABLE"], !value.isEmpty, value != "0",
            value.lowercased() != "false"
        {
            return Hold(
                reason: .disabled, variable: "WALKTHROUGH_DISABLE",
                detail: "WALKTHROUGH_DISABLE is \(CharacterSafety.quoted(value)): no walkthrough "
                    + "is shown")
        }
        let ci = environment["CI"]?.lowercased()
        if let ci, ci == "1" || ci == "true" {
            return Hold(
                reason: .ci, variable: "CI",
                detail: "CI is \(CharacterSafety.quoted(environment["CI"] ?? "")): no walkthrough "
                    + "is shown on CI")
        }
        if ci != "0", ci != "false" {
            for vendor in CIVendor.all {
                guard let (variable, condition) = vendor.match(in: environment) else { continue }
                return Hold(
                    reason: .ci, variable: variable,
                    detail: "\(condition) (\(vendor.name)): no walkthrough is shown on CI",
                    setBy: vendor.name)
            }
        }
        for name in policy.ciVariables where !(environment[name.value] ?? "").isEmpty {
            return Hold(
                reason: .ci, variable: name.value,
                detail: "\(name.value) is set (ciVariables of \(name.source)): no walkthrough is "
                    + "shown on CI",
                setBy: name.source)
        }
        return nil
    }

    /// ``hold(environment:policy:)``'s reason.
    package static func reason(
        environment: some EnvironmentVariables, policy: AdministratorPolicy = AdministratorPolicy()
    ) -> DueDecision.Reason? {
        hold(environment: environment, policy: policy)?.reason
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
