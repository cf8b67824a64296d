public import FoundationEssentials

/// Decides whether a user should see a walkthrough: the first-run check of an onboarding, with
/// no user interface.
///
/// This is the `if !UserDefaults.standard.bool(forKey: "hasViewedWalkthrough")` of the iOS
/// original, made per user, per walkthrough and per version. The gate loads and checks the
/// definition, looks the user up in the store, and answers: already seen (with the record), or
/// show it, with a ``Session`` that starts on the first page or resumes an unfinished run and
/// records progress and the outcome as the user goes. Showing the pages is the caller's job
/// (WalkthroughTerminal's `Onboarding.presentIfNeeded` does it in a terminal).
///
/// ```swift
/// let gate = FirstRunGate()            // the current user, the default SQLite store
/// switch try gate.decide("foodpin") {
/// case .alreadySeen:
///     break
/// case .show(let session):
///     session.observe { event in print(event) }
///     try session.start()              // "in progress, page N" (resumed runs keep their page)
///     // … move with session.next(), previous(), jump(to:), skip(); finishing records it.
/// }
/// ```
///
/// ``status(of:)`` answers the same question read-only, creating nothing: for a tool that only
/// wants to know (for example to print a hint in a script, where nothing is shown).
public struct FirstRunGate: Sendable {
    /// The user the gate checks and records for.
    public var user: String
    /// The store asked, and how it is opened.
    public var store: SeenStoreLocation
    /// The environment read for `$WALKTHROUGH_PATH` (``DefinitionSource/named(_:)``) and for the
    /// default database path (`$WALKTHROUGH_DB`, `$XDG_STATE_HOME`, `$HOME`).
    public var environment: [String: String]
    /// The clock the rules (`when.from`, `until`, `minInterval`) are read against; the
    /// system's by default. Tests set it.
    public var clock: @Sendable () -> Date = { Date() }

    /// Creates a gate.
    ///
    /// - Parameters:
    ///   - user: The user to check; by default the login name
    ///     (``UserName/current(environment:)``: `$LOGNAME`, `$USER`, the password database).
    ///   - store: The store; by default the SQLite store at the default path, shared with the
    ///     `walkthrough` command.
    ///   - environment: The variables to read; the process's environment by default.
    public init(
        user: String? = nil, store: SeenStoreLocation = .defaultPath,
        environment: [String: String] = ProcessEnvironment.current()
    ) {
        self.user = user ?? UserName.current(environment: environment)
        self.store = store
        self.environment = environment
    }

    /// The resolver ``DefinitionSource/named(_:)`` sources are looked up with: each folder of
    /// `$WALKTHROUGH_PATH`, then `./walkthroughs`.
    public var resolver: DefinitionResolver { DefinitionResolver(environment: environment) }

    // MARK: - Questions

    /// Loads and checks the walkthrough `source` names.
    ///
    /// - Throws: ``FirstRunGateError/definition(_:)``.
    public func load(_ source: DefinitionSource) throws(FirstRunGateError) -> Walkthrough {
        do {
            return try source.load(resolver: resolver)
        } catch {
            throw .definition(error)
        }
    }

    /// Whether ``user`` has seen the current version of the walkthrough, read-only.
    ///
    /// Nothing is written and nothing is created: a database that does not exist yet means
    /// "nothing recorded", as `walkthrough seen` reads it.
    ///
    /// - Throws: ``FirstRunGateError/definition(_:)``, ``FirstRunGateError/invalidUser(name:problem:)``
    ///   or ``FirstRunGateError/store(_:)``; never for "already seen".
    public func status(of source: DefinitionSource) throws(FirstRunGateError) -> FirstRunStatus {
        let walkthrough = try load(source)
        try checkUser()
        let record: SeenRecord?
        do {
            let opened = try store.open(environment: environment, create: false)
            record = try opened?.record(user: user, walkthrough: walkthrough.id)
        } catch {
            throw .store(error)
        }
        return FirstRunStatus(walkthrough: walkthrough, user: user, record: record)
    }

    /// Whether the walkthrough is due for ``user``, why, and which pages it would show, read-only:
    /// the answer of `walkthrough due`.
    ///
    /// The quiet switch (`WALKTHROUGH_DISABLE`, `CI`) is read before the store is opened;
    /// otherwise the store is opened read-only (a database that does not exist yet means
    /// nothing recorded, and nothing is created) and only what the rules need is read
    /// (``ShowHistory/read(for:user:from:)``).
    ///
    /// - Throws: ``FirstRunGateError/definition(_:)``, ``FirstRunGateError/invalidUser(name:problem:)``
    ///   or ``FirstRunGateError/store(_:)``; never for "not due".
    public func due(_ source: DefinitionSource) throws(FirstRunGateError) -> DueDecision {
        try due(of: load(source))
    }

    /// ``due(_:)`` for a loaded walkthrough.
    func due(of walkthrough: Walkthrough) throws(FirstRunGateError) -> DueDecision {
        try checkUser()
        var history = ShowHistory()
        if QuietSwitch.reason(environment: environment) == nil {
            do {
                let opened = try store.open(environment: environment, create: false)
                history = try ShowHistory.read(for: walkthrough, user: user, from: opened)
            } catch {
                throw .store(error)
            }
        }
        return DueDecision.evaluate(
            walkthrough, user: user, history: history, environment: environment, now: clock())
    }

    /// Decides whether to show the walkthrough and, when it is to be shown, hands back the
    /// session that records it.
    ///
    /// Unless `force`, the rules decide first (``due(_:)``, read-only): a walkthrough that is not
    /// due creates nothing. One that is due is shown with the pages the decision names (only
    /// "what's new" for a user who finished an earlier version); the store is then opened for
    /// writing (an SQLite database and its folder are created when missing), but nothing is
    /// recorded until the session's `start()` or first move.
    ///
    /// - Parameters:
    ///   - source: The walkthrough.
    ///   - restart: Start on the first page even when an unfinished run of the same version is
    ///     stored.
    ///   - force: Show it even when the user has seen it ("show it again", `play --force`);
    ///     the replay never downgrades the stored outcome, and its `started` event is marked
    ///     forced (not a show).
    ///   - recordsEvents: Whether the session writes events; by default as
    ///     `WALKTHROUGH_EVENTS` in the gate's environment says (``EventRecording``).
    ///   - allPages: Show every page (whose own `env` holds) rather than only what's new.
    /// - Returns: ``FirstRunDecision/alreadySeen(_:)`` when the user completed or skipped this
    ///   version (or a later one) and `force` is off; ``FirstRunDecision/notDue(_:)`` when
    ///   another rule holds it back; otherwise ``FirstRunDecision/show(_:)``.
    /// - Throws: ``FirstRunGateError/definition(_:)``, ``FirstRunGateError/invalidUser(name:problem:)``
    ///   or ``FirstRunGateError/store(_:)``; never for "already seen".
    public func decide(
        _ source: DefinitionSource, restart: Bool = false, force: Bool = false,
        recordsEvents: Bool? = nil, allPages: Bool = false
    ) throws(FirstRunGateError) -> FirstRunDecision {
        let walkthrough = try load(source)
        try checkUser()
        var pages: [Int]?
        var due: DueDecision?
        let recordsEvents = recordsEvents ?? EventRecording.isEnabled(environment: environment)
        if !force {
            let decision = try self.due(of: walkthrough)
            due = decision
            guard decision.isDue else {
                if decision.reason == .seen, let record = decision.record {
                    return .alreadySeen(record)
                }
                if decision.reason == .holdout {
                    try recordHoldout(of: walkthrough, recordsEvents: recordsEvents)
                }
                return .notDue(decision)
            }
            pages =
                allPages
                ? walkthrough.pages.indices.filter {
                    walkthrough.pages[$0].when.failedCondition(in: environment) == nil
                } : decision.pages
        }
        let session: Session
        do {
            guard let opened = try store.open(environment: environment, create: true) else {
                // Only a read-only opening answers "no database"; this one creates it.
                preconditionFailure("a store opened with create: true is never missing")
            }
            session = try Session(
                walkthrough: walkthrough, user: user, store: opened, restart: restart,
                locale: walkthrough.locale, forced: force, recordsEvents: recordsEvents,
                pages: pages,
                experiment: ExperimentExposure.sessionExperiment(
                    for: walkthrough, decision: due, user: user, store: opened))
        } catch {
            throw .store(error)
        }
        if session.alreadySeen, !force, let record = session.priorRecord {
            return .alreadySeen(record)
        }
        return .show(session)
    }

    // MARK: - Private

    private func checkUser() throws(FirstRunGateError) {
        do {
            try UserName.validate(user)
        } catch {
            throw .invalidUser(name: user, problem: error)
        }
    }
}
