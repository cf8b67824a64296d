public import WalkthroughKit

/// Shows a walkthrough on a user's first run of a tool: one call, which never throws, traps,
/// prints or stalls because of the walkthrough.
///
/// In an iOS app the habit is
/// `if !UserDefaults.standard.bool(forKey: "hasViewedWalkthrough") { present(walkthrough) }`.
/// In a Swift tool on Linux, with the definition shipped in the tool's resources:
///
/// ```swift
/// import Glibc  // exit
/// import WalkthroughKit
/// import WalkthroughTerminal
///
/// let result = Onboarding.presentIfNeeded(.resource("walkthroughs/foodpin.json"))
/// if case .interrupted(let signal) = result { exit(signal.exitStatus) }
/// ```
///
/// The call loads and checks the definition, looks the user up in the store and, only when
/// the walkthrough is due, plays it: full screen with `TerminalPlayer`, as plain text with
/// `PlainPlayer`, or not at all, by ``OnboardingPolicy``. Playing records progress as the
/// user goes and the outcome when they finish, so the next call returns
/// ``OnboardingResult/alreadySeen(_:)`` (or resumes where the user quit). Whatever goes wrong —
/// a missing or invalid definition, a store that cannot be opened, a fleet server that is down,
/// a row the server refuses — comes back as a value (``OnboardingResult/failed(_:)``,
/// ``OnboardingResult/NotShownReason/storeUnavailable(_:)``), and the tool goes on with its work. A tool that
/// wants the errors thrown passes `storeFailure:`. The library never calls `exit`.
public enum Onboarding {
    /// Plays the walkthrough if it is due for the user, and says what happened; never throws.
    ///
    /// A check that shows nothing (``OnboardingPolicy/never``, or
    /// ``OnboardingPolicy/interactiveOnly`` without a terminal) writes nothing and creates no
    /// database. Only a walkthrough about to be shown opens the store for writing.
    ///
    /// - Parameters:
    ///   - source: The walkthrough: best `DefinitionSource.resource(_:)` from the tool's own
    ///     resources; also a path, a file name or id on `$WALKTHROUGH_PATH` and
    ///     `./walkthroughs` (a string literal), data, or a `Walkthrough`.
    ///   - user: Whose first run it is; by default the login name (or the role's user on a
    ///     row-secured fleet store).
    ///   - store: The store; by default `$WALKTHROUGH_DB`, else the SQLite store at
    ///     `~/.local/state/walkthrough/seen.sqlite3`, shared with the `walkthrough` command.
    ///   - policy: When and how to show it; by default only on a terminal.
    ///   - options: Descriptors, signal handling, environment, restart.
    /// - Returns: What happened: already seen, completed, skipped, quit at a page, interrupted by
    ///   a signal, not shown and why (a store that cannot be used among the reasons), or failed
    ///   and why.
    public static func presentIfNeeded(
        _ source: DefinitionSource, user: String? = nil,
        store: SeenStoreLocation = .defaultPath, policy: OnboardingPolicy = .interactiveOnly,
        options: OnboardingOptions = OnboardingOptions()
    ) -> OnboardingResult {
        do {
            return try present(
                source, user: user, store: store, policy: policy, storeFailure: .ignore,
                options: options)
        } catch {
            return .failed(error)
        }
    }

    /// ``presentIfNeeded(_:user:store:policy:options:)`` for a tool that wants failures thrown.
    ///
    /// ```swift
    /// switch try Onboarding.presentIfNeeded(.resource(tour), storeFailure: .throw) {
    /// case .interrupted(let signal): exit(signal.exitStatus)
    /// default: break
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - source: The walkthrough, as for ``presentIfNeeded(_:user:store:policy:options:)``.
    ///   - user: Whose first run it is; by default the login name.
    ///   - store: The store; by default `$WALKTHROUGH_DB`, else the default SQLite store.
    ///   - policy: When and how to show it; by default only on a terminal.
    ///   - storeFailure: Whether a store that cannot be opened or read before anything is shown
    ///     throws (``Onboarding/StoreFailurePolicy/throw``) or is reported as
    ///     ``OnboardingResult/NotShownReason/storeUnavailable(_:)`` (``Onboarding/StoreFailurePolicy/ignore``).
    ///   - options: Descriptors, signal handling, environment, restart.
    /// - Throws: ``OnboardingError``: the definition, the user name, the store, or the terminal.
    ///   Never for "already seen".
    public static func presentIfNeeded(
        _ source: DefinitionSource, user: String? = nil,
        store: SeenStoreLocation = .defaultPath, policy: OnboardingPolicy = .interactiveOnly,
        storeFailure: StoreFailurePolicy, options: OnboardingOptions = OnboardingOptions()
    ) throws(OnboardingError) -> OnboardingResult {
        try present(
            source, user: user, store: store, policy: policy, storeFailure: storeFailure,
            options: options)
    }

    // MARK: - Private

    /// The gate's one decision (its memo first, then the definition and the store), and the
    /// walkthrough played when it is due and can be shown.
    static func present(
        _ source: DefinitionSource, user: String?, store: SeenStoreLocation,
        policy: OnboardingPolicy, storeFailure: StoreFailurePolicy, options: OnboardingOptions
    ) throws(OnboardingError) -> OnboardingResult {
        var gate = FirstRunGate(user: user, store: store, environment: options.givenEnvironment)
        if let now = options.now { gate.clock = { now } }
        let fullScreen: Bool
        switch Mode(
            policy: policy, interactive: options.isInteractive, accessible: options.isAccessible)
        {
        case .terminal: fullScreen = true
        case .plain: fullScreen = false
        case .hidden(let reason):
            guard !options.force else { return .notShown(reason) }
            do {
                // Nothing can be shown: the answer comes from this machine alone (no
                // replica created, no network waited on).
                let decision = try gate.due(source, localOnly: true).decision
                if decision.reason == .seen, let record = decision.record {
                    return .alreadySeen(record)
                }
                return .notShown(decision.isDue ? reason : .notDue(decision))
            } catch {
                return try failed(error, storeFailure: storeFailure)
            }
        }

        let playerOptions = TerminalPlayerOptions(
            input: options.input, output: options.output, signals: options.signals,
            colour: options.colour)
        var images: PageImages?
        let session: Session
        do {
            // Loaded as written: the locale is negotiated only when something is shown or
            // recorded, never for a launch with nothing due.
            switch try gate.decide(
                source, restart: options.restart, force: options.force,
                recordsEvents: options.recordsEvents, allPages: false,
                shown: { $0.localized(for: options.shownLocale) },
                willShow: { walkthrough, page in
                    // The first page's picture decodes beside the store's writes.
                    guard fullScreen else { return }
                    images = TerminalPlayer.prefetchImages(
                        of: page, in: walkthrough, options: playerOptions)
                }
            ).decision {
            case .alreadySeen(let record):
                return .alreadySeen(record)
            case .notDue(let decision): return .notShown(.notDue(decision))
            case .show(let shown): session = shown
            }
        } catch {
            return try failed(error, storeFailure: storeFailure)
        }
        return try play(
            session, player: fullScreen ? playerOptions : nil, images: images, options: options)
    }

    /// How the walkthrough would be shown: full screen on a terminal, as plain text there
    /// when `ACCESSIBLE` asks for it.
    enum Mode {
        case terminal
        case plain
        case hidden(OnboardingResult.NotShownReason)

        init(policy: OnboardingPolicy, interactive: Bool, accessible: Bool) {
            switch (policy, interactive) {
            case (.never, _): self = .hidden(.policyNever)
            case (.interactiveOnly, false): self = .hidden(.notInteractive)
            case (.always, false): self = .plain
            case (_, true): self = accessible ? .plain : .terminal
            }
        }
    }

    /// A gate failure before anything was shown: a store failure the caller ignores is a
    /// result; everything else is thrown.
    static func failed(
        _ error: FirstRunGateError, storeFailure: StoreFailurePolicy
    ) throws(OnboardingError) -> OnboardingResult {
        if case .store(let cause) = error, storeFailure == .ignore {
            return .notShown(.storeUnavailable(cause))
        }
        throw OnboardingError(error)
    }

    /// Plays `session` full-screen with `player` (`nil`: line by line), drawing with `images`
    /// when the gate started them.
    private static func play(
        _ session: Session, player: TerminalPlayerOptions?, images: PageImages?,
        options: OnboardingOptions
    ) throws(OnboardingError) -> OnboardingResult {
        let result: PlayResult
        do {
            if let player {
                result = try TerminalPlayer(session: session, options: player, images: images)
                    .play()
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
        case .snoozed(_, let until): return .snoozed(until: until)
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
