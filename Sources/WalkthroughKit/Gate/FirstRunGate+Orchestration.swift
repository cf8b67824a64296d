/// The one path every first-run question takes: the gate's public calls, the one-call gate
/// (`Onboarding.presentIfNeeded`) and the `walkthrough` command's `seen`, `due`, `play`, `mark`
/// and `list` go through these. A question about a source first asks the memo
/// (``recall(_:)``); then each opens its store once, reads the user's record once, and binds
/// the row-security user in one place.
extension FirstRunGate {
    /// What ``decide(_:restart:force:recordsEvents:allPages:shown:willShow:)`` decided.
    package struct Decided {
        /// The decision.
        package var decision: FirstRunDecision
        /// The rules' decision; `nil` when `force` skipped them, or when the memo answered
        /// (the record says it all).
        package var due: DueDecision?
        /// The walkthrough as loaded (not yet localized); `nil` when the memo answered, which
        /// parses nothing.
        package var walkthrough: Walkthrough?
    }

    /// ``due(_:)``, with the walkthrough loaded (`nil` when the memo answered "seen").
    ///
    /// - Parameter localOnly: Whether to answer from what this machine already holds (see
    ///   ``due(of:localOnly:)``): the question of a launch that can show nothing, which then
    ///   writes no memo either.
    package func due(
        _ source: DefinitionSource, localOnly: Bool
    ) throws(FirstRunGateError) -> (decision: DueDecision, walkthrough: Walkthrough?) {
        let recalled = recall(source)
        if case .remembered(let record) = recalled {
            // The memo answers only with the quiet switch off, and "seen" is then the rules'
            // first answer. (No memo is ever written for a user name the store refuses.)
            return (DueDecision.seen(record, walkthrough: record.walkthrough, user: user), nil)
        }
        let walkthrough = try load(source, after: recalled)
        let decision = try due(of: walkthrough, localOnly: localOnly)
        // A launch that can show nothing (`localOnly`) writes nothing anywhere, memo included.
        if decision.reason == .seen, !localOnly, let record = decision.record {
            remember(record, after: recalled)
        }
        return (decision, walkthrough)
    }

    /// ``decide(_:restart:force:recordsEvents:allPages:)`` for every caller: the memo first
    /// (unless `force`), then the walkthrough loaded from the bytes it read and the decision
    /// taken on it (see ``decide(_:restart:force:recordsEvents:allPages:shown:willShow:)`` for
    /// a loaded walkthrough); "already seen" from the store is remembered.
    package func decide(
        _ source: DefinitionSource, restart: Bool, force: Bool, recordsEvents: Bool?,
        allPages: Bool, shown: (Walkthrough) -> Walkthrough = { $0 },
        willShow: (Walkthrough, Page) -> Void = { _, _ in }
    ) throws(FirstRunGateError) -> Decided {
        let recalled: Recalled = force ? .unread : recall(source)
        if case .remembered(let record) = recalled {
            return Decided(decision: .alreadySeen(record), due: nil, walkthrough: nil)
        }
        let walkthrough = try load(source, after: recalled)
        let (decision, due) = try decide(
            walkthrough, restart: restart, force: force, recordsEvents: recordsEvents,
            allPages: allPages, shown: shown, willShow: willShow)
        if case .alreadySeen(let record) = decision { remember(record, after: recalled) }
        return Decided(decision: decision, due: due, walkthrough: walkthrough)
    }

    /// The user to act for once `store` is open: the one given; else the user a store with row
    /// security binds this role to (PostgreSQL `current_user`); else the login name.
    ///
    /// - Parameters:
    ///   - chosen: The user the caller named (`--user`, the gate's `user:`), if any.
    ///   - login: The login name.
    ///   - store: The opened store, if any.
    package static func actingUser(
        chosen: String?, login: String, store: (any SeenStore)?
    ) -> String {
        if let chosen { return chosen }
        return store.flatMap(SeenStoreCapabilities.administered)?.enforcedUser ?? login
    }

    /// ``status(of:)`` for a loaded walkthrough: one read-only open, one read.
    ///
    /// - Throws: ``FirstRunGateError/invalidUser(name:problem:)`` or
    ///   ``FirstRunGateError/store(_:)``.
    package func status(
        of walkthrough: Walkthrough
    ) throws(FirstRunGateError) -> FirstRunGate.Status {
        try checkUser()
        do {
            let opened = try store.open(
                environment: variables, mode: .read, policy: policyInForce())
            let user = acting(for: opened)
            let record = try opened?.record(user: user, walkthrough: walkthrough.id)
            return FirstRunGate.Status(walkthrough: walkthrough, user: user, record: record)
        } catch {
            throw .store(error)
        }
    }

    /// ``due(_:)`` for a loaded walkthrough: the administrator's policy and the quiet switch
    /// first (the store is then not opened), else one read-only open and the reads the rules
    /// need.
    ///
    /// - Parameter localOnly: Whether to answer from what this machine already holds: a
    ///   launch that can show nothing asks so, and then creates nothing (no replica) and waits
    ///   on no network.
    /// - Throws: ``FirstRunGateError/invalidUser(name:problem:)`` or
    ///   ``FirstRunGateError/store(_:)``.
    package func due(
        of walkthrough: Walkthrough, localOnly: Bool = false
    ) throws(FirstRunGateError) -> DueDecision {
        try checkUser()
        let policy = policyInForce()
        let quiet = quietSwitch(policy: policy)
        if let held = DueDecision.held(walkthrough.id, user: user, quiet: quiet, policy: policy) {
            return held
        }
        do {
            let opened = try store.open(
                environment: variables, mode: localOnly ? .localRead : .read, policy: policy)
            let user = acting(for: opened)
            let now = clock()
            var decision = evaluate(
                walkthrough, user: user,
                history: try ShowHistory.read(
                    for: walkthrough, user: user, from: opened, policy: policy, now: now),
                policy: policy, quiet: quiet, now: now)
            if let source = opened.flatMap(SeenStoreCapabilities.administered)?.answerSource {
                decision.source = source
            }
            return decision
        } catch {
            throw .store(error)
        }
    }

    /// ``due(of:localOnly:)`` for several walkthroughs, with one read-only open: `walkthrough
    /// list`'s and `walkthrough next`'s question. Each decision carries the user's record, with
    /// the quiet switch or the policy on too (which then answer before every other rule, as
    /// they do for one walkthrough).
    ///
    /// - Parameter localOnly: As for one walkthrough (``due(of:localOnly:)``).
    /// - Returns: The user acted for, and a decision per walkthrough, in their order.
    /// - Throws: ``FirstRunGateError/invalidUser(name:problem:)`` or
    ///   ``FirstRunGateError/store(_:)``.
    package func due(
        of walkthroughs: [Walkthrough], localOnly: Bool = false
    ) throws(FirstRunGateError) -> (user: String, decisions: [DueDecision]) {
        try checkUser()
        guard !walkthroughs.isEmpty else { return (user, []) }
        let policy = policyInForce()
        let quiet = quietSwitch(policy: policy)
        let now = clock()
        do {
            let opened = try store.open(
                environment: variables, mode: localOnly ? .localRead : .read, policy: policy)
            let user = acting(for: opened)
            let source = opened.flatMap(SeenStoreCapabilities.administered)?.answerSource
            // The user's records, every walkthrough's, in one statement.
            var records: [String: SeenRecord] = [:]
            for record in try opened?.records(user: user) ?? [] {
                records[record.walkthrough] = record
            }
            // Each walkthrough read where it is (by index): a definition is a large value.
            let decisions = try walkthroughs.indices.map { index in
                var decision = try due(
                    of: walkthroughs[index], user: user, records: records, store: opened,
                    policy: policy, quiet: quiet, now: now)
                if let source { decision.source = source }
                return decision
            }
            return (user, decisions)
        } catch {
            throw .store(error)
        }
    }

    /// ``decide(_:restart:force:recordsEvents:allPages:)`` for a loaded walkthrough, with the
    /// rules' decision (`nil` when `force` skipped them): what `walkthrough play` says before it
    /// plays.
    ///
    /// `shown` turns the walkthrough into the one the user sees (its locale negotiated, its
    /// fields translated) only once something is recorded or shown: a launch with nothing due
    /// pays no negotiation. No rule reads a translated field.
    ///
    /// `willShow` is told the walkthrough shown and the page it starts on once it is to be
    /// shown, before anything is created or recorded: the player starts decoding that page's
    /// picture there, beside the store's durable writes.
    ///
    /// The store is opened once, for writing but without creating anything; the rules read
    /// what they need from it, and the session gets the record they read. Only when the
    /// walkthrough is to be shown and no database exists yet is it created. A store this user
    /// may only read still answers "not due" (opened again read-only, since nothing is written
    /// then); one that is due fails as the write would.
    ///
    /// - Throws: ``FirstRunGateError/invalidUser(name:problem:)`` or
    ///   ``FirstRunGateError/store(_:)``.
    package func decide(
        _ walkthrough: Walkthrough, restart: Bool, force: Bool, recordsEvents: Bool?,
        allPages: Bool, shown: (Walkthrough) -> Walkthrough = { $0 },
        willShow: (Walkthrough, Page) -> Void = { _, _ in }
    ) throws(FirstRunGateError) -> (decision: FirstRunDecision, due: DueDecision?) {
        try checkUser()
        let policy = policyInForce()
        let quiet = quietSwitch(policy: policy)
        if !force,
            let held = DueDecision.held(walkthrough.id, user: user, quiet: quiet, policy: policy)
        {
            return (.notDue(held), nil)
        }
        let recordsEvents = recordsEvents ?? EventRecording.isEnabled(environment: variables)
        do {
            var opened: (any SeenStore)?
            var writeFailure: SeenStoreError?
            do {
                opened = try store.open(environment: variables, mode: .write, policy: policy)
            } catch {
                // Nothing may be written here; the rules may still say there is nothing to do.
                guard error.isReadOnly, !force else { throw error }
                writeFailure = error
                opened = try store.open(environment: variables, mode: .read, policy: policy)
            }
            let user = acting(for: opened)
            var pages: [Int]?
            var due: DueDecision?
            var record: SeenRecord?
            if force {
                record = try opened?.record(user: user, walkthrough: walkthrough.id)
            } else {
                let now = clock()
                let history = try ShowHistory.read(
                    for: walkthrough, user: user, from: opened, policy: policy, now: now)
                let decision = evaluate(
                    walkthrough, user: user, history: history, policy: policy, quiet: quiet,
                    now: now)
                guard decision.isDue else {
                    if decision.reason == .seen, let record = decision.record {
                        return (.alreadySeen(record), decision)
                    }
                    if decision.reason == .holdout, recordsEvents, writeFailure == nil {
                        // The first time a user is held out is an exposure, on the one store.
                        if let store = try opened
                            ?? self.store.open(
                                environment: variables, mode: .create, policy: policy)
                        {
                            try ExperimentExposure.recordHoldout(
                                of: shown(walkthrough), user: user, store: store,
                                recordsEvents: recordsEvents)
                        }
                    }
                    return (.notDue(decision), decision)
                }
                if let writeFailure { throw writeFailure }
                due = decision
                record = history.record
                pages =
                    allPages
                    ? walkthrough.pages.indices.filter {
                        walkthrough.pages[$0].when.failedCondition(in: variables) == nil
                    } : decision.pages
            }
            let walkthrough = shown(walkthrough)
            let plan = Session.plan(
                of: walkthrough, priorRecord: record, restart: restart, pages: pages)
            if plan.positions.indices.contains(plan.start) {
                willShow(walkthrough, walkthrough.pages[plan.positions[plan.start]])
            }
            let writable: any SeenStore
            if let opened {
                writable = opened
            } else if let created = try store.open(
                environment: variables, mode: .create, policy: policy)
            {
                writable = created
            } else {
                preconditionFailure("a store opened to create is never missing")
            }
            let session = Session(
                walkthrough: walkthrough, user: user, store: writable, priorRecord: record,
                restart: restart, locale: walkthrough.locale, forced: force,
                recordsEvents: recordsEvents, pages: pages,
                experiment: try ExperimentExposure.sessionExperiment(
                    for: walkthrough, decision: due, user: user, store: writable))
            session.clock = clock
            if session.alreadySeen, !force, let record = session.priorRecord {
                return (.alreadySeen(record), due)
            }
            return (.show(session), due)
        } catch let error as FirstRunGateError {
            throw error
        } catch {
            throw .store(error)
        }
    }

    /// Records that ``user`` finished the walkthrough without playing it (`walkthrough mark`):
    /// one open (creating the database when missing), one read, one write.
    ///
    /// - Returns: The user recorded for, the record as it was, and whether the store kept it
    ///   (``SeenWriteRule/seen``: a newer version, or `completed` over `skipped`).
    /// - Throws: ``FirstRunGateError/invalidUser(name:problem:)`` or
    ///   ``FirstRunGateError/store(_:)``.
    package func mark(
        _ walkthrough: Walkthrough, outcome: Navigator.FinishOutcome
    ) throws(FirstRunGateError) -> (user: String, prior: SeenRecord?, kept: Bool) {
        try checkUser()
        do {
            guard
                let opened = try store.open(
                    environment: variables, mode: .create, policy: policyInForce())
            else {
                preconditionFailure("a store opened to create is never missing")
            }
            let user = acting(for: opened)
            let prior = try opened.record(user: user, walkthrough: walkthrough.id)
            try opened.markSeen(user: user, walkthrough: walkthrough, outcome: outcome)
            let kept = SeenWriteRule.seen.keeps(
                prior, version: walkthrough.version, outcome: SeenRecord.Outcome(outcome))
            return (user, prior, kept)
        } catch {
            throw .store(error)
        }
    }

    // MARK: - Private

    /// One decision of ``due(of:localOnly:)`` for several walkthroughs, from the user's
    /// `records` read once.
    private func due(
        of walkthrough: Walkthrough, user: String, records: [String: SeenRecord],
        store: (any SeenStore)?, policy: AdministratorPolicy, quiet: QuietSwitch.Hold?,
        now: Timestamp
    ) throws -> DueDecision {
        if let held = DueDecision.held(
            walkthrough.id, user: user, record: records[walkthrough.id], quiet: quiet,
            policy: policy)
        {
            return held
        }
        let history =
            if let store {
                try ShowHistory.read(
                    for: walkthrough, user: user, from: store, policy: policy, now: now
                ) { records[$0] }
            } else {
                ShowHistory()
            }
        return evaluate(
            walkthrough, user: user, history: history, policy: policy, quiet: quiet, now: now)
    }

    private func acting(for store: (any SeenStore)?) -> String {
        Self.actingUser(chosen: chosenUser, login: user, store: store)
    }

    private func evaluate(
        _ walkthrough: Walkthrough, user: String, history: ShowHistory,
        policy: AdministratorPolicy, quiet: QuietSwitch.Hold?, now: Timestamp
    ) -> DueDecision {
        DueDecision.evaluate(
            walkthrough, user: user, history: history, environment: variables, now: now,
            policy: policy, quiet: quiet)
    }

    /// The quiet switch for one question, read once: `nil` when it is off, or when the gate
    /// does not read it (``readsQuietSwitch``).
    private func quietSwitch(policy: AdministratorPolicy) -> QuietSwitch.Hold? {
        readsQuietSwitch ? QuietSwitch.hold(environment: variables, policy: policy) : nil
    }

    private func checkUser() throws(FirstRunGateError) {
        do {
            try UserName.validate(user)
        } catch {
            throw .invalidUser(name: user, problem: error)
        }
    }
}
