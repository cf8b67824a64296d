/// One user going through one walkthrough: a ``Navigator`` joined to a ``SeenStore`` and to
/// observers.
///
/// A session with a store looks the user up before anything is shown (``alreadySeen``), resumes an
/// unfinished run at its stored page, saves progress on every page change and records the outcome
/// when the walkthrough finishes. A session without a store only navigates and notifies.
///
/// Observers are plain closures called synchronously, in registration order, after the move has
/// been stored and before the moving method returns; see the README for why.
///
/// ```swift
/// let session = try Session(walkthrough: walkthrough, user: "alice", store: store)
/// if session.alreadySeen { return }
/// session.observe { event in print(event) }
/// try session.start()
/// try session.next()
/// ```
///
/// A session is not `Sendable`: use it from one task or thread.
public final class Session {
    /// The walkthrough being played: the pages shown, in order (all of the definition's, unless
    /// the session was given ``pagePositions``). Players number and count these.
    public let walkthrough: Walkthrough
    /// The walkthrough as defined, every page included.
    public let definition: Walkthrough
    /// Where each page of ``walkthrough`` is in ``definition`` (0-based): what the store and the
    /// events record, so that `lastPage` and event pages are positions in the definition even
    /// when rules leave pages out.
    public let pagePositions: [Int]
    /// The user the session records for, when it has a store.
    public let user: String?
    /// The store progress and outcome go to, if any.
    public let store: (any SeenStore)?
    /// The user's record as it was when the session was created, before anything was shown.
    public let priorRecord: SeenRecord?
    /// The page the session started on: the stored page of an unfinished run, or 0.
    public let resumedAt: Int
    /// The navigation state.
    public private(set) var navigator: Navigator
    /// The locale the walkthrough is shown in, kept with every event; `nil` when none is known.
    public let locale: String?
    /// Whether the session was asked to play a walkthrough the user has already seen (the
    /// command's `--force`); kept in the `started` event.
    public let forced: Bool
    /// Whether the session writes events (`WalkthroughEvent`) to a store that records them.
    public let recordsEvents: Bool
    /// The session's group in the walkthrough's experiment, kept with every event; `nil`
    /// outside one.
    package let experiment: SessionExperiment?
    /// The clock ``snooze()`` counts the walkthrough's `snooze` from: the system's, or the
    /// gate's (`FirstRunGate.clock`) for a session the gate made.
    package var clock: @Sendable () -> Timestamp = { Timestamp.now }

    private var observers: [(token: ObserverToken, handler: (Session.Event) -> Void)] = []
    private var nextToken = 0

    /// Creates a session that only navigates and notifies, storing nothing.
    public init(walkthrough: Walkthrough) {
        self.walkthrough = walkthrough
        self.definition = walkthrough
        self.pagePositions = Array(walkthrough.pages.indices)
        self.user = nil
        self.store = nil
        self.priorRecord = nil
        self.resumedAt = 0
        self.navigator = Navigator(walkthrough: walkthrough)
        self.locale = nil
        self.forced = false
        self.recordsEvents = false
        self.experiment = nil
    }

    /// Creates a session for `user`, reading their record from `store` first.
    ///
    /// - Parameters:
    ///   - walkthrough: The walkthrough to go through.
    ///   - user: Whose record it reads and writes.
    ///   - store: Where the record is kept.
    ///   - restart: Start on the first page even when an unfinished run of the same version is
    ///     stored.
    ///   - locale: The locale the walkthrough is shown in, kept with its events.
    ///   - forced: Whether this is a replay asked for (`--force`), kept in the `started` event.
    ///   - recordsEvents: Whether to write events, when `store` keeps them (the SQLite and
    ///     fleet stores do).
    ///   - pages: The pages to show, as 0-based positions in the definition in increasing order
    ///     (``DueDecision/pages``); `nil` or empty: every page.
    /// - Throws: Whatever the store throws when reading.
    public convenience init(
        walkthrough: Walkthrough, user: String, store: any SeenStore, restart: Bool = false,
        locale: String? = nil, forced: Bool = false, recordsEvents: Bool = true,
        pages: [Int]? = nil
    ) throws {
        try self.init(
            walkthrough: walkthrough, user: user, store: store,
            priorRecord: store.record(user: user, walkthrough: walkthrough.id), restart: restart,
            locale: locale, forced: forced, recordsEvents: recordsEvents, pages: pages)
    }

    /// A session for `user` whose record was already read (`priorRecord`): what the gate,
    /// which reads it to decide, hands on so that the record is read once.
    package init(
        walkthrough: Walkthrough, user: String, store: any SeenStore, priorRecord: SeenRecord?,
        restart: Bool, locale: String?, forced: Bool, recordsEvents: Bool, pages: [Int]?,
        experiment: SessionExperiment? = nil
    ) {
        self.experiment = experiment
        let record = priorRecord
        let (positions, start) = Self.plan(
            of: walkthrough, priorRecord: record, restart: restart, pages: pages)
        var shown = walkthrough
        if positions.count < walkthrough.pages.count {
            shown.pages = positions.map { walkthrough.pages[$0] }
        }
        self.definition = walkthrough
        self.pagePositions = positions
        self.walkthrough = shown
        self.user = user
        self.store = store
        self.priorRecord = record
        self.resumedAt = start
        self.navigator = Navigator(walkthrough: shown, startingAt: start)
        self.locale = locale
        self.forced = forced
        self.recordsEvents = recordsEvents
    }

    /// The pages a session for `priorRecord` shows, as positions in `walkthrough`'s definition,
    /// and the one of them it starts on: the first page shown at or after the stored one when
    /// an unfinished run of the same version is resumed, else the first.
    package static func plan(
        of walkthrough: Walkthrough, priorRecord record: SeenRecord?, restart: Bool,
        pages: [Int]?
    ) -> (positions: [Int], start: Int) {
        let chosen = (pages ?? []).filter { walkthrough.pages.indices.contains($0) }
        let positions = chosen.isEmpty ? Array(walkthrough.pages.indices) : chosen
        var start = 0
        if !restart, let record, record.outcome.isUnfinished,
            record.version == walkthrough.version
        {
            let stored = max(record.lastPage, 0)
            start = positions.firstIndex { $0 >= stored } ?? positions.count - 1
        }
        return (positions, start)
    }

    // MARK: - State

    /// Whether the user had already completed or skipped the current version when the session
    /// was created. A player shows nothing in that case unless asked to replay.
    public var alreadySeen: Bool {
        priorRecord?.isSeen(atLeast: walkthrough.version) ?? false
    }

    /// Whether the session resumed an unfinished run rather than starting on the first page.
    public var isResuming: Bool { resumedAt > 0 }

    /// The current page.
    public var currentPage: Page { walkthrough.pages[navigator.index] }

    /// How the walkthrough finished, once it has.
    public var outcome: Navigator.FinishOutcome? { navigator.outcome }

    // MARK: - Observers

    /// Registers `handler` to receive every later event.
    @discardableResult
    public func observe(_ handler: @escaping (Session.Event) -> Void) -> ObserverToken {
        let token = ObserverToken(rawValue: nextToken)
        nextToken += 1
        observers.append((token, handler))
        return token
    }

    /// Stops sending events to the observer `token` identifies.
    public func removeObserver(_ token: ObserverToken) {
        observers.removeAll { $0.token == token }
    }

    /// The session's events as an asynchronous sequence, for code that prefers `for await`.
    ///
    /// The stream buffers every later event and ends after the `finished` event.
    public func events() -> AsyncStream<Session.Event> {
        let (stream, continuation) = AsyncStream.makeStream(of: Session.Event.self)
        observe { event in
            continuation.yield(event)
            if case .finished = event { continuation.finish() }
        }
        return stream
    }

    // MARK: - Moves

    /// Records that the user is looking at the current page (the first page shown, or the page
    /// an unfinished run resumes at). Call it when the first page appears; moves save progress
    /// by themselves.
    ///
    /// - Throws: Whatever the store throws.
    public func start() throws {
        let page = navigator.index
        let exposure: [SessionStep.Event] =
            experiment?.exposesOnStart == true ? [.init(.exposed, page: page)] : []
        try store(
            .progress(page: page),
            events: exposure + [
                .init(.started(locale: locale, resumed: isResuming, forced: forced), page: page),
                .init(.page, page: page),
            ])
    }

    /// Records that the page at `index` (0-based) is on the screen beside the current one, as
    /// the left page of a spread the session resumed on the right page of: a `page` event, with
    /// neither the navigator nor the stored progress moved (``navigator`` stays on the spread's
    /// last page, which is what `lastPage` keeps).
    ///
    /// - Throws: Whatever the store throws.
    package func recordShown(_ index: Int) throws {
        guard walkthrough.pages.indices.contains(index) else { return }
        try store(nil, events: [.init(.page, page: index)])
    }

    /// Records that the user stopped part-way (a `quit` event); the progress is already kept.
    /// The players call it when the user quits.
    ///
    /// - Throws: Whatever the store throws.
    public func quit() throws {
        try store(nil, events: [.init(.quit, page: navigator.index)])
    }

    /// Records that a signal ended playing (an `interrupted` event naming it: `SIGINT`,
    /// `SIGTERM`, `SIGHUP`); the progress is already kept.
    ///
    /// A signal asks the process to end: on a store on a file (``SQLiteSeenStore``, the
    /// fleet's replica) the event waits at most one second for another process's lock, not
    /// the busy timeout, and is not recorded when the lock is still held then.
    ///
    /// - Throws: Whatever the store throws: ``SeenStoreError/locked(path:timeout:)`` after that
    ///   second.
    public func interrupted(by signal: String) throws {
        try store(
            nil, events: [.init(.interrupted(signal: signal), page: navigator.index)],
            waitingAtMost: Self.interruptedLockWait)
    }

    /// How long ``interrupted(by:)`` waits for another process's lock on the store: one
    /// second.
    package static let interruptedLockWait: Duration = .seconds(1)

    /// Moves to the next page, or on the last page finishes as completed.
    ///
    /// - Throws: ``NavigationError`` when refused (nothing changes), or the store's error when
    ///   the move could not be recorded (nothing changes either).
    @discardableResult
    public func next() throws -> Navigator.Move {
        var moved = navigator
        let move = try moved.next()
        try commit(moved, move: move)
        return move
    }

    /// Moves to the previous page.
    ///
    /// - Throws: ``NavigationError/atFirstPage`` on the first page, or the store's error.
    @discardableResult
    public func previous() throws -> Navigator.Transition {
        var moved = navigator
        let transition = try moved.previous()
        try commit(moved, move: .moved(transition))
        return transition
    }

    /// Jumps to the page at `index` (0-based); a jump to the current page does nothing.
    ///
    /// - Throws: ``NavigationError`` when refused, or the store's error.
    @discardableResult
    public func jump(to index: Int) throws -> Navigator.Transition? {
        var moved = navigator
        guard let transition = try moved.jump(to: index) else { return nil }
        try commit(moved, move: .moved(transition))
        return transition
    }

    /// Skips the rest of the walkthrough.
    ///
    /// - Throws: ``NavigationError/notSkippable`` when not allowed, or the store's error.
    @discardableResult
    public func skip() throws -> Navigator.FinishOutcome {
        var moved = navigator
        let outcome = try moved.skip()
        try commit(moved, move: .finished(outcome))
        return outcome
    }

    // MARK: - Private

    /// Stores the effect of a move, then adopts the moved navigator and notifies. When storing
    /// fails the session is left as it was.
    private func commit(_ moved: Navigator, move: Navigator.Move) throws {
        switch move {
        case .moved(let transition):
            try store(.progress(page: transition.to), events: [.init(.page, page: transition.to)])
            navigator = moved
            notify(
                .pageChanged(
                    from: transition.from, to: transition.to, direction: transition.direction))
        case .finished(let outcome):
            try store(.seen(outcome), events: [.init(.finished(outcome), page: navigator.index)])
            navigator = moved
            notify(.finished(outcome))
        }
    }

    /// Writes `change` and, where the store records them and the session may, `events`, in
    /// one transaction; a store that keeps no events gets the change alone. With `limit`, a
    /// store on a file waits at most that long for another process's lock.
    private func store(
        _ change: SessionStep.Change?, events shownEvents: [SessionStep.Event],
        waitingAtMost limit: Duration? = nil
    )
        throws
    {
        guard let store, let user else { return }
        // Pages shown are numbered among the shown ones; the store keeps definition positions.
        let events = shownEvents.map { SessionStep.Event($0.kind, page: position($0.page)) }
        var change = change
        if case .progress(let page) = change { change = .progress(page: position(page)) }
        if recordsEvents, let recorder = SeenStoreCapabilities.eventRecording(store) {
            let step = SessionStep(
                user: user, walkthrough: walkthrough.id, version: walkthrough.version,
                change: change, events: events, locale: locale,
                variant: experiment?.variant, experiment: experiment?.experiment)
            if let limit, let limited = SeenStoreCapabilities.lockWaitLimited(store) {
                try limited.write(step, waitingAtMost: limit)
            } else {
                try recorder.write(step)
            }
            return
        }
        switch change {
        case .progress(let page):
            try store.saveProgress(
                user: user, walkthrough: walkthrough.id, version: walkthrough.version, page: page)
        case .seen(let outcome):
            try store.markSeen(
                user: user, walkthrough: walkthrough.id, version: walkthrough.version,
                outcome: outcome)
        case .snoozed(let page, _):
            try store.saveProgress(
                user: user, walkthrough: walkthrough.id, version: walkthrough.version, page: page)
        case nil:
            break
        }
    }

    /// Puts the walkthrough off ("later": the player's `z`): the user's record becomes
    /// `snoozed` on the current page until now plus the definition's `snooze` (24 hours unless
    /// it says otherwise), with a `snoozed` event. Until then the walkthrough is not due
    /// (reason `snoozed`); then it resumes on this page. The session's `started` counts as a
    /// show for `maxShows`. A record already completed or skipped at this version or a newer
    /// one is kept (a replay put off is still seen). A store of the host's own that keeps no
    /// events keeps the page alone, as progress.
    ///
    /// - Returns: The time the walkthrough is put off until.
    /// - Throws: Whatever the store throws.
    @discardableResult
    public func snooze() throws -> Timestamp {
        let until = Self.snoozed(from: clock(), for: walkthrough.snooze)
        let page = position(navigator.index)
        guard let store, let user else { return until }
        if let recorder = SeenStoreCapabilities.eventRecording(store) {
            try recorder.write(
                SessionStep(
                    user: user, walkthrough: walkthrough.id, version: walkthrough.version,
                    change: .snoozed(page: page, until: until),
                    events: recordsEvents ? [.init(.snoozed, page: page)] : [], locale: locale,
                    variant: experiment?.variant, experiment: experiment?.experiment))
        } else {
            try store.saveProgress(
                user: user, walkthrough: walkthrough.id, version: walkthrough.version, page: page)
        }
        return until
    }

    /// `start` plus `duration`, no later than the last time a store keeps (the end of 9999).
    package static func snoozed(from start: Timestamp, for duration: Duration) -> Timestamp {
        let latest = SQLiteSeenStore.updatedAtRange.upperBound
        let (sum, overflow) = start.millisecondsSince1970.addingReportingOverflow(
            duration.wholeMilliseconds)
        return Timestamp(millisecondsSince1970: overflow ? latest : min(sum, latest))
    }

    /// The position in the definition of the shown page at `index`.
    private func position(_ index: Int) -> Int {
        pagePositions.indices.contains(index) ? pagePositions[index] : index
    }

    private func notify(_ event: Session.Event) {
        for observer in observers { observer.handler(event) }
    }
}
