public import WalkthroughKit

extension Onboarding {
    /// Shows at most one of several walkthroughs: the one due now that comes first (the
    /// highest `priority`, then the order of `after`, then the id), as `walkthrough next`
    /// names it; never throws.
    ///
    /// A tool with a welcome, a "what's new" and some tips passes them all, and its user sees
    /// one per launch, never three in a row:
    ///
    /// ```swift
    /// let result = Onboarding.presentIfNeeded(oneOf: [
    ///     .resource("walkthroughs/welcome.json"), .resource("walkthroughs/whats-new.json"),
    ///     .resource("walkthroughs/tips.json"),
    /// ])
    /// ```
    ///
    /// - Parameters:
    ///   - sources: The walkthroughs, in any order.
    ///   - user: Whose first run it is; by default the login name.
    ///   - store: The store; by default `$WALKTHROUGH_DB`, else the default SQLite store.
    ///   - policy: When and how to show it; by default only on a terminal.
    ///   - options: Descriptors, signal handling, environment, restart; with `force`, the first
    ///     in that order is shown when none is due.
    /// - Returns: What happened to the walkthrough shown; when none is due,
    ///   ``OnboardingResult/notShown(_:)`` with the decision of the first that is not seen, or
    ///   ``OnboardingResult/alreadySeen(_:)`` when the user has seen every one.
    /// - Precondition: `sources` is not empty.
    public static func presentIfNeeded(
        oneOf sources: [DefinitionSource], user: String? = nil,
        store: SeenStoreLocation = .defaultPath, policy: OnboardingPolicy = .interactiveOnly,
        options: OnboardingOptions = OnboardingOptions()
    ) -> OnboardingResult {
        precondition(!sources.isEmpty, "presentIfNeeded(oneOf:) needs at least one walkthrough")
        var gate = FirstRunGate(user: user, store: store, environment: options.givenEnvironment)
        if let now = options.now { gate.clock = { now } }
        let hidden =
            if case .hidden = Mode(
                policy: policy, interactive: options.isInteractive,
                accessible: options.isAccessible)
            {
                true
            } else {
                false
            }
        let choice: NextChoice
        do {
            choice = try gate.next(of: gate.load(sources), localOnly: hidden).choice
        } catch {
            do {
                return try failed(error, storeFailure: .ignore)
            } catch {
                return .failed(error)
            }
        }
        let chosen: Walkthrough
        if let winner = choice.winner {
            chosen = winner.walkthrough
        } else if options.force, let first = choice.candidates.first {
            chosen = first.walkthrough
        } else {
            switch FirstRunGate.nothingDue(choice) {
            case .alreadySeen(let record): return .alreadySeen(record)
            case .notDue(let decision): return .notShown(.notDue(decision))
            case .show: preconditionFailure("nothing due shows nothing")
            }
        }
        do {
            return try present(
                .walkthrough(chosen), user: user, store: store, policy: policy,
                storeFailure: .ignore, options: options)
        } catch {
            return .failed(error)
        }
    }
}
