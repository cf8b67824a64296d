@preconcurrency import Glibc

// MARK: - The outbox, pushing and refreshing

extension ReplicaSeenStore {
    /// What ``sync()`` did.
    package struct SyncReport: Sendable, Hashable {
        /// Outbox entries the server took.
        package var pushed = 0
        /// Outbox entries still waiting.
        package var pending = 0
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
    package func sync() -> SyncReport {
        var report = SyncReport()
        do {
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
    /// does not ask it again).
    func serverWithinBudget() -> PostgresSeenStore? {
        do {
            return try connect(budget: settings.budget)
        } catch {
            return nil
        }
    }

    /// The server, connected once; a failure is remembered.
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
        let store = try result.get()
        rememberEnforcedUser(store.enforcedUser)
        return store
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
        if let server = serverWithinBudget(),
            (try? pull(user: user, from: server, pushing: true)) != nil
        {
            lastSource.withLock { $0 = .server }
        } else {
            giveUp()
            lastSource.withLock { $0 = .local }
        }
    }

    /// Refreshes `user`'s records from `server` (pushing the outbox first): the server's are
    /// the truth, except for what this machine still has to push.
    ///
    /// - Returns: How many records came from the server.
    @discardableResult
    func pull(
        user: String, from server: PostgresSeenStore, pushing: Bool = false
    ) throws(SeenStoreError) -> Int {
        if pushing { _ = try push(to: server) }
        let records = try server.records(user: user)
        let tombstones = try server.tombstones(user: user)
        let stamp = now().millisecondsSince1970
        try local.withConnection { connection throws(SQLiteError) in
            try connection.immediateTransaction { () throws(SQLiteError) in
                let pending = try connection.withStatement(ReplicaLocalSQL.pendingOfUser) {
                    statement throws(SQLiteError) in
                    try statement.bind(user, at: 1)
                    _ = try statement.step()
                    return statement.int(at: 0)
                }
                // Something this machine wrote is still on its way: keep its records as they
                // are until it has been pushed.
                guard pending == 0 else { return }
                let held = try connection.withStatement(ReplicaLocalSQL.walkthroughs) {
                    statement throws(SQLiteError) in
                    try statement.bind(user, at: 1)
                    var names: [String] = []
                    while try statement.step() { names.append(statement.text(at: 0)) }
                    return names
                }
                let onServer = Set(records.map(\.walkthrough))
                for name in held where !onServer.contains(name) {
                    try connection.withStatement(ReplicaLocalSQL.drop) {
                        statement throws(SQLiteError) in
                        try statement.bind(user, at: 1)
                        try statement.bind(name, at: 2)
                        try statement.run()
                    }
                }
                for record in records {
                    try connection.withStatement(ReplicaLocalSQL.store) {
                        statement throws(SQLiteError) in
                        try statement.bind(record)
                        try statement.run()
                    }
                }
                for (walkthrough, resetAt) in tombstones {
                    try connection.withStatement(ReplicaLocalSQL.buryEvents) {
                        statement throws(SQLiteError) in
                        try statement.bind(user, at: 1)
                        try statement.bind(walkthrough, at: 2)
                        try statement.bind(resetAt, at: 3)
                        try statement.run()
                    }
                    guard walkthrough.isEmpty else { continue }
                    try connection.withStatement(ReplicaLocalSQL.buryGoals) {
                        statement throws(SQLiteError) in
                        try statement.bind(user, at: 1)
                        try statement.bind(resetAt, at: 2)
                        try statement.run()
                    }
                }
                try Self.touch(user: user, walkthrough: "", at: stamp, on: connection)
                try Self.writeMeta("lastPull", String(stamp), on: connection)
            }
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
            giveUp()
        }
    }

    /// Pushes every outbox entry, oldest first, each in one server transaction that applies it
    /// only when its id is new; an entry the server refuses for row security is dropped (this
    /// role may not change it).
    ///
    /// - Returns: How many entries were pushed.
    func push(to server: PostgresSeenStore) throws(SeenStoreError) -> Int {
        var pushed = 0
        while true {
            let batch = try pendingEntries(limit: 100)
            if batch.isEmpty { break }
            for (sequence, pushID, text) in batch {
                if let entry = OutboxEntry.decoded(text) {
                    do {
                        try server.apply(entry, pushID: pushID)
                    } catch .server(let failure) where failure.kind == .permissionDenied {
                        // Row security: not this role's to change; it is not kept.
                    }
                }
                try removePushed(sequence: sequence, pushID: pushID)
                pushed += 1
            }
        }
        // The outbox is empty: this is the last time everything was pushed.
        let stamp = now().millisecondsSince1970
        try local.withConnection { connection throws(SQLiteError) in
            try Self.writeMeta("lastPush", String(stamp), on: connection)
        }
        return pushed
    }

    /// Stops asking the server for the rest of this store's life (after a wait ran out).
    private func giveUp() {
        server.withLock { state in
            if case .connected = state {
                state = .unreachable(
                    .server(
                        PostgresStoreError(
                            kind: .connectionFailed, location: location,
                            message: "the server did not answer within the network budget")))
            }
        }
    }
}
