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
/// ``status(of:)`` answers the same question read-only, creating no store: for a tool that only
/// wants to know (for example to print a hint in a script, where nothing is shown).
public struct FirstRunGate: Sendable {
    /// The user the gate checks and records for: the one given, else the login name. A store
    /// with PostgreSQL row security that binds this role to one user acts for that user
    /// instead when none was given (as `walkthrough` does), so a tool whose login name is not
    /// its role still reads and writes its own records.
    public var user: String {
        get { chosenUser ?? loginName }
        set { chosenUser = newValue }
    }
    /// The store asked, and how it is opened.
    public var store: SeenStoreLocation
    /// The environment read for `$WALKTHROUGH_PATH` (``DefinitionSource/named(_:)``), the
    /// default database path (`$WALKTHROUGH_DB`, `$XDG_STATE_HOME`, `$HOME`), the memo's folder
    /// (`$XDG_CACHE_HOME`), the quiet switch and the rules; the process's by default.
    public var environment: [String: String] {
        get { variables.dictionary }
        set { variables = .given(newValue) }
    }
    /// ``environment`` as the one value the gate reads: a question the memo answers reads the
    /// few variables it needs one at a time.
    package var variables: Environment
    /// The clock the rules (`when.from`, `until`, `minInterval`) are read against; the
    /// system's by default. Tests set it.
    public var clock: @Sendable () -> Timestamp = { Timestamp.now }
    /// The administrator's policy the gate follows; `nil` (the default) reads the machine's
    /// at each question (``AdministratorPolicy/inForce(environment:systemFile:)``). A server,
    /// whose users are elsewhere, gives an empty one; tests give their own.
    package var administratorPolicy: AdministratorPolicy?
    /// Whether the quiet switch (`WALKTHROUGH_DISABLE`, `CI`, a CI service's variables, the
    /// policy's `ciVariables`) is read from ``environment``; `true` by default. A server, whose
    /// variables are a client's context and whose own switch it answers before asking, sets
    /// it `false`.
    package var readsQuietSwitch = true

    /// The user the caller named, if any.
    var chosenUser: String?
    /// The login name, for when no user is named.
    let loginName: String

    /// Creates a gate.
    ///
    /// - Parameters:
    ///   - user: The user to check; by default the login name
    ///     (`$LOGNAME`, `$USER`, else the password database),
    ///     or the user a row-secured PostgreSQL store binds its role to.
    ///   - store: The store; by default the SQLite store at the default path, shared with the
    ///     `walkthrough` command.
    ///   - environment: The variables to read; `nil` (the default) for the process's, read as
    ///     they are needed.
    public init(
        user: String? = nil, store: SeenStoreLocation = .defaultPath,
        environment: [String: String]? = nil
    ) {
        let variables = Environment(environment)
        self.chosenUser = user
        self.loginName = user == nil ? UserName.current(environment: variables) : ""
        self.store = store
        self.variables = variables
    }

    /// The policy in force for a question: ``administratorPolicy``, else the machine's.
    package func policyInForce() -> AdministratorPolicy {
        administratorPolicy ?? AdministratorPolicy.inForce(environment: variables)
    }

    /// The resolver ``DefinitionSource/named(_:)`` sources are looked up with: each folder of
    /// `$WALKTHROUGH_PATH`, then `./walkthroughs`.
    package var resolver: DefinitionResolver { DefinitionResolver(environment: variables) }

    // MARK: - Questions

    /// Loads and checks the walkthrough `source` names.
    ///
    /// Only the rules of the format are checked, not the image files: the gate decides
    /// whether to show, and a player draws an image that cannot be read as its alt text.
    ///
    /// - Throws: ``FirstRunGateError/definition(_:)``.
    public func load(_ source: DefinitionSource) throws(FirstRunGateError) -> Walkthrough {
        do {
            return try source.load(resolver: resolver, images: .pathsOnly)
        } catch {
            throw .definition(error)
        }
    }

    /// Whether ``user`` has seen the current version of the walkthrough, read-only.
    ///
    /// Nothing is written to the store and no database is created: one that does not exist yet
    /// means "nothing recorded", as `walkthrough seen` reads it. (A `postgresql://` store
    /// refreshes its local replica; an answer "seen" is remembered in the gate's memo, in the
    /// cache folder.)
    ///
    /// - Throws: ``FirstRunGateError/definition(_:)``, ``FirstRunGateError/invalidUser(name:problem:)``
    ///   or ``FirstRunGateError/store(_:)``; never for "already seen".
    public func status(of source: DefinitionSource) throws(FirstRunGateError) -> FirstRunGate.Status
    {
        let recalled = recall(source)
        if case .remembered(let record) = recalled {
            return FirstRunGate.Status(walkthrough: try load(source), user: user, record: record)
        }
        let status = try status(of: load(source, after: recalled))
        if status.isSeen, let record = status.record { remember(record, after: recalled) }
        return status
    }

    /// Whether the walkthrough is due for ``user``, why, and which pages it would show, read-only:
    /// the answer of `walkthrough due`.
    ///
    /// The administrator's policy (`/etc/walkthrough/policy.json`, `WALKTHROUGH_POLICY`) and
    /// the quiet switch (`WALKTHROUGH_DISABLE`, `CI` and the variables CI services set) are read
    /// before the store is opened;
    /// otherwise the store is opened read-only (a database that does not exist yet means
    /// nothing recorded, and no store is created) and only what the rules need is read
    /// (`ShowHistory.read(for:user:from:)`).
    ///
    /// - Throws: ``FirstRunGateError/definition(_:)``, ``FirstRunGateError/invalidUser(name:problem:)``
    ///   or ``FirstRunGateError/store(_:)``; never for "not due".
    public func due(_ source: DefinitionSource) throws(FirstRunGateError) -> DueDecision {
        try due(source, localOnly: false).decision
    }

    /// Decides whether to show the walkthrough and, when it is to be shown, hands back the
    /// session that records it.
    ///
    /// The store is opened once. Unless `force`, the rules decide first (as ``due(_:)`` does):
    /// a walkthrough that is not due records nothing, and with the quiet switch set the store
    /// is not opened at all. A database that does not exist yet is created (with its folder)
    /// only when the walkthrough is to be shown; nothing is recorded until the session's
    /// `start()` or first move. One that is due is shown with the pages the decision names
    /// (only "what's new" for a user who finished an earlier version).
    ///
    /// - Parameters:
    ///   - source: The walkthrough.
    ///   - restart: Start on the first page even when an unfinished run of the same version is
    ///     stored.
    ///   - force: Show it even when the user has seen it ("show it again", `play --force`);
    ///     the replay never downgrades the stored outcome, and its `started` event is marked
    ///     forced (not a show).
    ///   - recordsEvents: Whether the session writes events; by default as
    ///     `WALKTHROUGH_EVENTS` in the gate's environment says (`EventRecording`).
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
        try decide(
            source, restart: restart, force: force, recordsEvents: recordsEvents,
            allPages: allPages, shown: { $0 }
        ).decision
    }
}
