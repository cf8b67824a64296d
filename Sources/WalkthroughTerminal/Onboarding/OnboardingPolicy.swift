/// When ``Onboarding/presentIfNeeded(_:user:store:policy:options:)`` shows a
/// walkthrough the user has not seen, and how.
public enum OnboardingPolicy: Sendable, Hashable, CaseIterable {
    /// Show it full screen only when standard input and output are both terminals (and `TERM`
    /// is set and not `dumb`); otherwise show nothing and record nothing, as well-behaved tools
    /// skip onboarding in scripts and CI. The default.
    case interactiveOnly
    /// Show it full screen on a terminal, and otherwise in plain mode: pages printed as text,
    /// commands (`next`, `back`, `skip`, `quit`, …) read one a line from the input.
    case always
    /// Never show it: only check the store and report (already seen, or not shown).
    case never
}

extension Onboarding {
    /// What ``Onboarding/presentIfNeeded(_:user:store:policy:storeFailure:options:)`` does when the
    /// store cannot be opened or read before anything is shown.
    public enum StoreFailurePolicy: Sendable, Hashable, CaseIterable {
        /// Throw ``OnboardingError/store(_:)``, and every other failure: the tool asked for errors.
        case `throw`
        /// Show nothing and return ``OnboardingResult/notShown(_:)`` with
        /// ``OnboardingResult/NotShownReason/storeUnavailable(_:)``, so that the tool starts anyway; other failures
        /// still throw. (A store that fails later, while the walkthrough is playing, throws too:
        /// the user saw the failure.) The safe call,
        /// ``Onboarding/presentIfNeeded(_:user:store:policy:options:)``, throws nothing at all.
        case ignore
    }
}
