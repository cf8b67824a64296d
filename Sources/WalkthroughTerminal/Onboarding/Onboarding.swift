public import WalkthroughKit

/// Shows a walkthrough on a user's first run of a tool: one call.
///
/// In an iOS app the habit is
/// `if !UserDefaults.standard.bool(forKey: "hasViewedWalkthrough") { present(walkthrough) }`.
/// In a Swift tool on Linux it is:
///
/// ```swift
/// import WalkthroughTerminal
///
/// let result = try Onboarding.presentIfNeeded("foodpin")
/// if case .interrupted(let signal) = result { exit(signal.exitStatus) }
/// ```
///
/// The call resolves and checks the definition, looks the user up in the store and, only when
/// the user has not seen the current version, plays it: full screen with ``TerminalPlayer``,
/// as plain text with ``PlainPlayer``, or not at all, by ``OnboardingPolicy``. Playing records
/// progress as the user goes and the outcome when they finish, so the next call returns
/// ``OnboardingResult/alreadySeen(_:)`` (or resumes where the user quit). The library never
/// calls `exit`.
public enum Onboarding {
    /// Plays the walkthrough if the user has not seen its current version, and says what
    /// happened.
    ///
    /// ```swift
    /// // Shipped in the tool's resource bundle; the current user; the default store.
    /// let url = Bundle.module.url(forResource: "tour", withExtension: "json")!
    /// switch try Onboarding.presentIfNeeded(.url(url), policy: .always, storeFailure: .ignore) {
    /// case .interrupted(let signal): exit(signal.exitStatus)
    /// case .notShown(.storeUnavailable(let error)): print("note: \(error)")
    /// default: break
    /// }
    /// ```
    ///
    /// A check that shows nothing (``OnboardingPolicy/never``, or
    /// ``OnboardingPolicy/interactiveOnly`` without a terminal) writes nothing and creates no
    /// database. Only a walkthrough about to be shown opens the store for writing.
    ///
    /// - Parameters:
    ///   - source: The walkthrough: a path, a file name or id on the search path (a string
    ///     literal), a bundle resource URL, data, or a `Walkthrough`.
    ///   - user: Whose first run it is; by default the login name.
    ///   - store: The store; by default the SQLite store at the default path (`$WALKTHROUGH_DB`,
    ///     else `~/.local/state/walkthrough/seen.sqlite3`), shared with the `walkthrough`
    ///     command.
    ///   - policy: When and how to show it; by default only on a terminal.
    ///   - storeFailure: Whether a store that cannot be opened or read throws (the default) or
    ///     is reported as ``NotShownReason/storeUnavailable(_:)`` so that the tool starts anyway.
    ///   - options: Descriptors, signal handling, environment, restart.
    /// - Returns: What happened: already seen, completed, skipped, quit at a page, interrupted by
    ///   a signal, or not shown and why.
    /// - Throws: ``OnboardingError``: the definition, the user name, the store, or the terminal.
    ///   Never for "already seen".
    public static func presentIfNeeded(
        _ source: DefinitionSource, user: String? = nil,
        store: SeenStoreLocation = .defaultPath, policy: OnboardingPolicy = .interactiveOnly,
        storeFailure: StoreFailurePolicy = .throw,
        options: OnboardingOptions = OnboardingOptions()
    ) throws(OnboardingError) -> OnboardingResult {
        var gate = FirstRunGate(user: user, store: store, environment: options.environment)
        if let now = options.now { gate.clock = { now } }
        let walkthrough: Walkthrough
        do {
            walkthrough = try gate.load(source).localized(for: options.shownLocale)
        } catch {
            throw OnboardingError(error)
        }

        let fullScreen: Bool
        switch Mode(policy: policy, interactive: options.isInteractive) {
        case .terminal: fullScreen = true
        case .plain: fullScreen = false
        case .hidden(let reason):
            guard !options.force else { return .notShown(reason) }
            do {
                let decision = try gate.due(.walkthrough(walkthrough))
                if decision.reason == .seen, let record = decision.record {
                    return .alreadySeen(record)
                }
                return .notShown(decision.isDue ? reason : .notDue(decision))
            } catch {
                return try failed(error, storeFailure: storeFailure)
            }
        }

        let session: Session
        do {
            switch try gate.decide(
                .walkthrough(walkthrough), restart: options.restart, force: options.force,
                recordsEvents: options.recordsEvents)
            {
            case .alreadySeen(let record): return .alreadySeen(record)
            case .notDue(let decision): return .notShown(.notDue(decision))
            case .show(let shown): session = shown
            }
        } catch {
            return try failed(error, storeFailure: storeFailure)
        }
        return try play(session, fullScreen: fullScreen, options: options)
    }

    // MARK: - Private

    /// How the walkthrough would be shown.
    private enum Mode {
        case terminal
        case plain
        case hidden(NotShownReason)

        init(policy: OnboardingPolicy, interactive: Bool) {
            switch (policy, interactive) {
            case (.never, _): self = .hidden(.policyNever)
            case (.interactiveOnly, false): self = .hidden(.notInteractive)
            case (.always, false): self = .plain
            case (_, true): self = .terminal
            }
        }
    }

    /// A gate failure before anything was shown: a store failure the caller ignores is a
    /// result; everything else is thrown.
    private static func failed(
        _ error: FirstRunGateError, storeFailure: StoreFailurePolicy
    ) throws(OnboardingError) -> OnboardingResult {
        if case .store(let cause) = error, storeFailure == .ignore {
            return .notShown(.storeUnavailable(cause))
        }
        throw OnboardingError(error)
    }

    private static func play(
        _ session: Session, fullScreen: Bool, options: OnboardingOptions
    ) throws(OnboardingError) -> OnboardingResult {
        let result: PlayResult
        do {
            if fullScreen {
                let playerOptions = TerminalPlayerOptions(
                    input: options.input, output: options.output, signals: options.signals,
                    colour: options.colour)
                result = try TerminalPlayer(session: session, options: playerOptions).play()
            } else {
                let player = PlainPlayer(
                    session: session,
                    input: FileDescriptorLineSource(fileDescriptor: options.input),
                    output: FileDescriptorOutput(fileDescriptor: options.output),
                    errorOutput: FileDescriptorOutput(fileDescriptor: options.errorOutput),
                    signals: options.signals)
                result = try player.play()
            }
        } catch let error as TerminalError {
            throw .terminal(error)
        } catch {
            // The players throw terminal errors and, from the session, the store's.
            throw .store(error)
        }
        switch result {
        case .completed: return .completed
        case .skipped: return .skipped
        case .quit(let page): return .quit(atPage: page)
        case .interrupted(let signal): return .interrupted(signal)
        }
    }
}

extension OnboardingError {
    /// The same failure, from the UI-free gate.
    init(_ error: FirstRunGateError) {
        switch error {
        case .definition(let cause): self = .definition(cause)
        case .invalidUser(let name, let problem): self = .invalidUser(name: name, problem: problem)
        case .store(let cause): self = .store(cause)
        }
    }
}
