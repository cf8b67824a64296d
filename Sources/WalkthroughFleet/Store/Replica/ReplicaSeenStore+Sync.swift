@preconcurrency import Glibc
package import WalkthroughKit

// MARK: - The outbox, pushing and refreshing

extension ReplicaSeenStore {
    /// What ``sync()`` did.
    package struct SyncReport: Sendable, Hashable {
        /// Outbox entries the server took.
        package var pushed = 0
        /// Outbox entries still waiting.
        package var pending = 0
        /// Writes the server answered and refused, kept for `sync --retry-refused`.
        package var refused = 0
        /// The server's reason for the newest refused write.
        package var refusal: String?
        /// Records refreshed from the server.
        package var pulled = 0
        /// Whether the server was reached.
        package var reached = false
        /// Why it was not, when it was not.
        package var failure: SeenStoreError?

        /// Nothing done yet.
        package init() {}
    }

    /// Pushes the whole outbox and refreshes every user the replica holds, waiting as libpq
    /// says (`walkthrough sync`).
    ///
    /// - Parameter retryingRefused: Whether the writes the server refused before are put back
    ///   into the outbox first (`sync --retry-refused`, once a grant is fixed).
    package func sync(retryingRefused: Bool = false) -> SyncReport {
        var report = SyncReport()
        do {
            if retryingRefused { try requeueRefused() }
            let server = try requireServer(pushing: false)
            report.reached = true
            report.pushed = try push(to: server)
            for user in try localUsers() {
                report.pulled += try pull(user: user, from: server)
            }
        } catch {
            report.failure = error
        }
        report.pending = (try? pendingCount()) ?? 0
        report.refused = (try? refusedCount()) ?? 0
        if report.refused > 0 { report.refusal = try? lastRefusal() }
        return report
    }

    // MARK: - The server

    /// The server for an administrative view, with this machine's outbox pushed to it first.
    ///
    /// - Throws: ``SeenStoreError`` when the server cannot be reached.
    /// `creating` creates the server's tables when they are missing, as a write's push does.
    func requireServer(
        pushing: Bool = true, creating: Bool = false
    ) throws(SeenStoreError) -> PostgresSeenStore {
        let server = try connect(budget: nil, creating: creating)
        if pushing { _ = try push(to: server) }
        return server
    }

    /// ``requireServer(pushing:creating:)``, or `nil` when the server has no store yet and this
    /// machine has nothing to push to it.
    ///
    /// Writes made here wait in the outbox while the server has no tables yet: every launch's
    /// push may run out of its budget creating them (a slow server or pooler). Those writes are
    /// pushed now, creating the tables as the writes' own pushes would have, so a view never
    /// leaves out what this machine recorded.
    func presentServer() throws(SeenStoreError) -> PostgresSeenStore? {
        do {
            return try requireServer(creating: try pendingCount() > 0)
        } catch .databaseMissing {
            return nil
        }
    }

    /// The server within the budget, or `nil` once it could not be reached (the store then
    /// does not ask it again), while a back-off after a failed contact lasts, or when the store
    /// answers from this machine alone.
    func serverWithinBudget() -> PostgresSeenStore? {
        if options.localOnly { return nil }
        if case .untried = server.withLock({ $0 }), let until = backingOffUntil() {
            server.withLock { state in
                state = .unreachable(
                    .server(
                        SeenStoreError.ServerError(
                            kind: .connectionFailed, location: location,
                            message: "the server could not be reached lately; it is not asked "
                                + "again before \(Timestamp.json(until))")))
            }
            return nil
        }
        do {
            return try connect(budget: settings.budget)
        } catch {
            return nil
        }
    }

    /// The server, connected once; a failure is remembered (for this store's life, and in the
    /// replica for the launches that follow).
    private func connect(
        budget: Duration?, creating: Bool = false
    ) throws(SeenStoreError) -> PostgresSeenStore {
        let state = server.withLock { $0 }
        switch state {
        case .connected(let store):
            store.restartNetworkBudget()
            return store
        case .unreachable(let error):
            throw error
        case .untried:
            break
        }
        let result: Result<PostgresSeenStore, SeenStoreError>
        do {
            result = .success(try open(budget: budget, creating: creating))
        } catch {
            result = .failure(error)
        }
        server.withLock { state in
            switch result {
            case .success(let store): state = .connected(store)
            case .failure(let error): state = .unreachable(error)
            }
        }
        switch result {
        case .success(let store):
            forgetFailedContact()
            rememberEnforcedUser(store.enforcedUser)
            return store
        case .failure(let error):
            if Self.isUnreachable(error) { rememberFailedContact() }
            throw error
        }
    }

    /// Whether `error` says the server could not be reached (as opposed to its answer: a
    /// refused login, a missing database, tables of another version).
    private static func isUnreachable(_ error: SeenStoreError) -> Bool {
        guard case .server(let failure) = error else { return false }
        switch failure.kind {
        case .connectionRefused, .unknownHost, .timedOut, .connectionFailed, .readOnlyServer:
            return true
        default:
            return false
        }
    }

    /// Opens the server; with a budget, a refused connection or a server starting up is tried
    /// again, with a growing pause, until the budget is spent.
    private func open(
        budget: Duration?, creating: Bool
    ) throws(SeenStoreError) -> PostgresSeenStore {
        var serverOptions = PostgresSeenStore.Options(
            createIfMissing: creating || (options.createIfMissing && !options.readOnly),
            readOnly: false)
        guard let budget else {
            return try PostgresSeenStore(url: url, options: serverOptions, environment: environment)
        }
        let deadline = ContinuousClock.now + budget
        var pause = Duration.milliseconds(10)
        while true {
            serverOptions.networkBudget = deadline - ContinuousClock.now
            do {
                return try PostgresSeenStore(
                    url: url, options: serverOptions, environment: environment)
            } catch {
                guard Self.isWorthRetrying(error), ContinuousClock.now + pause < deadline else {
                    throw error
                }
                let microseconds = pause.components.attoseconds / 1_000_000_000_000
                usleep(UInt32(microseconds))
                pause = min(pause * 2, .milliseconds(80))
            }
        }
    }

    /// A refused connection, or a server that says it is starting up (57P03).
    private static func isWorthRetrying(_ error: SeenStoreError) -> Bool {
        guard case .server(let failure) = error else { return false }
        if failure.sqlState == "57P03" || failure.message.contains("starting up") { return true }
        if case .connectionRefused = failure.kind { return true }
        return false
    }

    // MARK: - Reads

    /// Makes the replica's answer for `user`'s `walkthrough` (`""`: all of the user's) fresh
    /// enough, and notes where it comes from.
    func prepareRead(user: String, walkthrough: String) throws(SeenStoreError) {
        let nowMilliseconds = now().millisecondsSince1970
        let interval = settings.syncInterval.components.seconds * 1000
        let refreshed = try freshness(user: user, walkthrough: walkthrough)
        if let refreshed, nowMilliseconds - refreshed < interval {
            lastSource.withLock { $0 = .replica }
            // Writes an earlier command could not push go out now, within the budget.
            if try pendingCount() > 0 { pushWithinBudget() }
            return
        }
        if let server = serverWithinBudget() {
            do {
                try pull(user: user, from: server, pushing: true)
                lastSource.withLock { $0 = .server }
                return
            } catch {
                giveUp(after: error)
            }
        }
        lastSource.withLock { $0 = .local }
    }

    /// Refreshes `user`'s records and donations from `server` (pushing the outbox first): the
    /// server's are the truth, except for what this machine still has to push.
    ///
    /// - Returns: How many records came from the server.
    @discardableResult
    func pull(
        user: String, from server: PostgresSeenStore, pushing: Bool = false
    ) throws(SeenStoreError) -> Int {
        if pushing { _ = try push(to: server) }
        let records = try server.records(user: user)
        let tombstones = try server.tombstones(user: user)
        let donations = try server.donations(of: user)
        let stamp = now().millisecondsSince1970
        try local.transaction { transaction throws(SeenStoreError) in
            // Something this machine wrote is still on its way: keep its records as they are
            // until it has been pushed.
            let pending = try transaction.rows(ReplicaLocalSQL.pendingOfUser, [.text(user)])
            guard Self.count(pending) == 0 else { return }
            try transaction.replaceRecords(of: user, with: records, tombstones: tombstones)
            if let donations { try transaction.replaceDonations(of: user, with: donations) }
            try Self.touch(user: user, walkthrough: "", at: stamp, in: transaction)
            try Self.writeMeta("lastPull", String(stamp), in: transaction)
        }
        return records.count
    }

    // MARK: - Pushing

    /// Pushes the outbox within the budget; what is not pushed waits for the next command.
    func pushWithinBudget() {
        guard !options.administrative else {
            // A write's push: it creates the server's tables as any write's push does.
            _ = try? requireServer(creating: true)
            return
        }
        guard let server = serverWithinBudget() else { return }
        do {
            _ = try push(to: server)
        } catch {
            giveUp(after: error)
        }
    }

    /// Pushes every outbox entry, oldest first, each in one server transaction that applies it
    /// only when its id is new. An entry the server answers and refuses (a missing grant, row
    /// security, a constraint) moves to the refused list with the server's reason, and the
    /// push goes on with the next; a failure of the connection stops the push and leaves the
    /// rest waiting. Nothing is ever removed that the server did not take.
    ///
    /// - Returns: How many entries the server took.
    func push(to server: PostgresSeenStore) throws(SeenStoreError) -> Int {
        var pushed = 0
        while true {
            let batch = try pendingEntries(limit: 100)
            if batch.isEmpty { break }
            for (sequence, pushID, text) in batch {
                guard let entry = OutboxEntry.decoded(text) else {
                    try refuse(
                        sequence: sequence, pushID: pushID,
                        reason: "this version of walkthrough cannot read the entry")
                    continue
                }
                do {
                    try server.apply(entry, pushID: pushID)
                } catch {
                    guard let reason = Self.refusal(error) else { throw error }
                    try refuse(sequence: sequence, pushID: pushID, reason: reason)
                    continue
                }
                try removePushed(sequence: sequence, pushID: pushID)
                pushed += 1
            }
        }
        // The outbox is empty: this is the last time everything was pushed.
        let stamp = now().millisecondsSince1970
        try writeMeta("lastPush", String(stamp))
        return pushed
    }

    /// The server's refusal of a pushed entry, as a reason to keep with it; `nil` when the
    /// failure is not the server's answer about the entry (the connection, a server shutting
    /// down or read-only, a lost race, tables not there yet): the entry then waits.
    ///
    /// Refusals are the SQLSTATE classes of a statement the server will refuse again until
    /// someone changes it: data exceptions (22), integrity constraints (23), access rules and
    /// privileges (42, row security's 42501 included), check options (44) and raised
    /// exceptions (P0).
    static func refusal(_ error: SeenStoreError) -> String? {
        guard case .server(let failure) = error, let state = failure.sqlState else { return nil }
        guard ["22", "23", "42", "44", "P0"].contains(String(state.prefix(2))),
            !["42P01", "42703"].contains(state)
        else { return nil }
        return "\(failure.message) (SQLSTATE \(state))"
    }

    /// Stops asking the server for the rest of this store's life after `error` (a wait that
    /// ran out, a lost connection, or the server's refusal of a read), and remembers a failed
    /// contact for the launches that follow when the server could not be reached.
    private func giveUp(after error: SeenStoreError) {
        if Self.isUnreachable(error) { rememberFailedContact() }
        server.withLock { state in
            if case .connected = state {
                state = .unreachable(
                    .server(
                        SeenStoreError.ServerError(
                            kind: .connectionFailed, location: location,
                            message: "the server did not answer within the network budget")))
            }
        }
    }
}
