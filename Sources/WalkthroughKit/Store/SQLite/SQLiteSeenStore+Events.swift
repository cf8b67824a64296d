import CSQLite

// MARK: - Events

extension SQLiteSeenStore {
    /// The statements of the events table (schema version 2), fixed SQL with bound values.
    enum EventSQL {
        static let insert = """
            INSERT INTO events
                (time, user, walkthrough, version, event, page, outcome, locale, resumed, forced,
                 signal, variant, experiment)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)
            """

        /// Every column, in the order ``decodeEvent(_:)`` reads, `id` after `signal`; a store
        /// older than schema version 3 (read, not migrated) has no variants.
        static func columns(hasVariants: Bool) -> String {
            """
            time, user, walkthrough, version, event, page, outcome, locale, resumed, forced,
            signal, id, \(hasVariants ? "variant, experiment" : "NULL, NULL")
            """
        }

        /// ``page(hasVariants:)`` of a store of schema version 3 or later, and of an older one.
        static let pageWithVariants = page(hasVariants: true)
        static let pageWithoutVariants = page(hasVariants: false)

        /// A page of events after (`?4` time, `?5` id), oldest first; `?1` walkthrough, `?2`
        /// user (each `NULL` for any), `?3` the earliest time, `?6` how many.
        private static func page(hasVariants: Bool) -> String {
            """
            SELECT \(columns(hasVariants: hasVariants)) FROM events
            WHERE (?1 IS NULL OR walkthrough = ?1) AND (?2 IS NULL OR user = ?2) AND time >= ?3
                AND (time > ?4 OR (time = ?4 AND id > ?5))
            ORDER BY time, id LIMIT ?6
            """
        }

        static let countBefore = "SELECT count(*) FROM events WHERE time < ?1"
        static let pruneBefore = "DELETE FROM events WHERE time < ?1"

        /// ``EventSchema/funnelQuery(table:userColumn:timeIndex:parameter:)`` on `events`,
        /// over the funnel's covering index (a store older than schema version 7).
        static let funnel = EventSchema.funnelQuery(
            table: "events", userColumn: "user", parameter: { "?\($0)" })

        /// The same query on a store of schema version 7 or later, which reads the events of
        /// the window through `events_by_time`.
        static let funnelByTime = EventSchema.funnelQuery(
            table: "events", userColumn: "user", timeIndex: "events_by_time",
            parameter: { "?\($0)" })

        /// The summaries' statements (schema version 4).
        static let summaryUpsert = SummarySQL.upsert(.sqlite)
        static let summaryPage = SummarySQL.insertPage(.sqlite)
        static let summaryFunnel = SummarySQL.funnelQuery(.sqlite)
    }

    /// Whether the file has the funnel's summaries: every store that writes, and a read-only
    /// store of schema version 4 or later (an older one's funnel is counted from its events).
    var hasSummaries: Bool { storedSchemaVersion >= 4 }

    /// Whether the file has the events table: every store that writes, and a read-only store
    /// of schema version 2 or later.
    var hasEvents: Bool { storedSchemaVersion >= 2 }

    /// Applies the step's change and appends its events in one `BEGIN IMMEDIATE` transaction:
    /// on the disk when it returns, both or neither.
    ///
    /// - Precondition: `version >= 1`, and pages are 0 or more.
    package func write(_ step: SessionStep) throws(SeenStoreError) {
        try write(step, waitingAtMost: options.busyTimeout)
    }

    /// ``write(_:)``, waiting at most `limit` (never longer than the busy timeout) for another
    /// process's lock: the `interrupted` event after a signal (``LockWaitLimitedStore``).
    package func write(_ step: SessionStep, waitingAtMost limit: Duration) throws(SeenStoreError) {
        precondition(step.version >= 1, "a walkthrough's version is 1 or more")
        let stamp = now().millisecondsSince1970
        try withConnection(waitingAtMost: limit) { connection throws(SQLiteError) in
            try connection.immediateTransaction { () throws(SQLiteError) in
                try Self.apply(step, stamp: stamp, on: connection)
            }
        }
    }

    /// Writes `steps` in one `BEGIN IMMEDIATE` transaction (one sync): a step with a client
    /// id only when `client_steps` does not hold the id yet, which it then does, in the same
    /// transaction.
    package func write(batch steps: [SessionStep]) throws(SeenStoreError) -> [Bool] {
        let stamp = now().millisecondsSince1970
        return try withConnection(waitingAtMost: options.busyTimeout) {
            connection throws(SQLiteError) in
            try connection.immediateTransaction { () throws(SQLiteError) -> [Bool] in
                var written: [Bool] = []
                for step in steps {
                    written.append(try Self.claimAndApply(step, stamp: stamp, on: connection))
                }
                return written
            }
        }
    }

    /// ``write(batch:)`` for steps made from the records they change, all in its one
    /// transaction: each step made from the record as it stands just before it, and each
    /// record read again before the commit.
    package func write(pending: [PendingStep]) throws(SeenStoreError) -> [PendingStep.Outcome] {
        let stamp = now().millisecondsSince1970
        let slot = hasSnooze ? SQL.record : SQL.recordBeforeSnooze
        return try withConnection(waitingAtMost: options.busyTimeout) {
            connection throws(SQLiteError) in
            try connection.immediateTransaction {
                () throws(SQLiteError) -> [PendingStep.Outcome] in
                var written: [Bool] = []
                for item in pending {
                    let prior = try Self.record(
                        user: item.user, walkthrough: item.walkthrough, slot: slot,
                        on: connection)
                    written.append(
                        try Self.claimAndApply(item.make(prior), stamp: stamp, on: connection))
                }
                var outcomes: [PendingStep.Outcome] = []
                for (item, written) in zip(pending, written) {
                    outcomes.append(
                        PendingStep.Outcome(
                            written: written,
                            record: try Self.record(
                                user: item.user, walkthrough: item.walkthrough, slot: slot,
                                on: connection)))
                }
                return outcomes
            }
        }
    }

    /// Writes `step` inside the caller's transaction, unless its client id was written
    /// before (then `client_steps` keeps it, and nothing is written): whether it was written.
    private static func claimAndApply(
        _ step: SessionStep, stamp: Int64, on connection: Connection
    ) throws(SQLiteError) -> Bool {
        precondition(step.version >= 1, "a walkthrough's version is 1 or more")
        if let id = step.clientID {
            try connection.withStatement(SQL.claimClientStep) {
                statement throws(SQLiteError) in
                try statement.withBorrowedText(id, step.user) {
                    () throws(SQLiteError) in
                    try statement.bind(stamp, at: 3)
                    try statement.run()
                }
            }
            guard connection.changes == 1 else { return false }
        }
        try apply(step, stamp: stamp, on: connection)
        return true
    }

    /// The body of ``write(_:)``, inside a transaction the caller holds: the change, then the
    /// events, all stamped `stamp` (the replica adds its outbox entry in the same transaction).
    static func apply(
        _ step: SessionStep, stamp: Int64, on connection: Connection
    ) throws(SQLiteError) {
        switch step.change {
        case .progress(let page):
            precondition(page >= 0, "page indices are 0-based")
            try connection.withStatement(SQL.saveProgress) {
                statement throws(SQLiteError) in
                try statement.withBorrowedText(step.user, step.walkthrough) {
                    () throws(SQLiteError) in
                    try statement.bind(step.version, at: 3)
                    try statement.bind(page, at: 4)
                    try statement.bind(stamp, at: 5)
                    try statement.run()
                }
            }
        case .seen(let outcome):
            try connection.withStatement(SQL.markSeen) { statement throws(SQLiteError) in
                try statement.withBorrowedText(step.user, step.walkthrough) {
                    () throws(SQLiteError) in
                    try statement.bind(step.version, at: 3)
                    try statement.bind(SeenRecord.Outcome(outcome).rawValue, at: 4)
                    try statement.bind(stamp, at: 5)
                    try statement.run()
                }
            }
        case .snoozed(let page, let until):
            precondition(page >= 0, "page indices are 0-based")
            try connection.withStatement(SQL.snooze) { statement throws(SQLiteError) in
                try statement.bind(step.user, at: 1)
                try statement.bind(step.walkthrough, at: 2)
                try statement.bind(step.version, at: 3)
                try statement.bind(page, at: 4)
                try statement.bind(stamp, at: 5)
                try statement.bind(until.millisecondsSince1970, at: 6)
                try statement.run()
            }
        case nil:
            break
        }
        for event in step.events {
            try connection.withStatement(EventSQL.insert) { statement throws(SQLiteError) in
                try Self.bind(event, of: step, time: stamp, to: statement)
                try statement.run()
            }
        }
        guard let delta = SummarySQL.Delta(step.events, time: stamp) else { return }
        try connection.withStatement(EventSQL.summaryUpsert) { statement throws(SQLiteError) in
            try statement.withBorrowedText(step.user, step.walkthrough) {
                () throws(SQLiteError) in
                try statement.bind(step.version, at: 3)
                for (offset, value) in delta.parameters.enumerated() {
                    if let value, let number = Int64(value) {
                        try statement.bind(number, at: Int32(4 + offset))
                    } else {
                        try statement.bindNull(at: Int32(4 + offset))
                    }
                }
                try statement.run()
            }
        }
        for page in delta.laterPages {
            try connection.withStatement(EventSQL.summaryPage) { statement throws(SQLiteError) in
                try statement.withBorrowedText(step.user, step.walkthrough) {
                    () throws(SQLiteError) in
                    try statement.bind(step.version, at: 3)
                    try statement.bind(page, at: 4)
                    try statement.run()
                }
            }
        }
    }

    /// Calls `body` with every event `filter` lets through, oldest first, reading a thousand
    /// at a time (keyset paging on time and id); `body` runs outside the connection's lock. A
    /// version-1 store (read-only, not migrated) has none.
    package func forEachEvent(
        matching filter: EventFilter, _ body: (WalkthroughEvent) throws -> Void
    ) throws {
        guard hasEvents else { return }
        try KeysetPaging.forEachEvent(
            location: path,
            read: { after, limit throws(SeenStoreError) in
                try eventPage(filter, after: after, limit: limit)
            }, body)
    }

    private func eventPage(
        _ filter: EventFilter, after: EventKey, limit: Int
    ) throws(SeenStoreError) -> [(item: WalkthroughEvent, key: EventKey)] {
        try withConnection { connection throws(SQLiteError) in
            let sql =
                storedSchemaVersion >= 3 ? EventSQL.pageWithVariants : EventSQL.pageWithoutVariants
            return try connection.withStatement(sql) { statement throws(SQLiteError) in
                try statement.bind(filter.walkthrough, at: 1)
                try statement.bind(filter.user, at: 2)
                try statement.bind(filter.since?.millisecondsSince1970 ?? Int64.min, at: 3)
                try statement.bind(after.time, at: 4)
                try statement.bind(after.id, at: 5)
                try statement.bind(limit, at: 6)
                var events: [(item: WalkthroughEvent, key: EventKey)] = []
                while try statement.step() {
                    let event = try Self.decodeEvent(statement)
                    let key = EventKey(
                        time: event.time.millisecondsSince1970, id: statement.int64(at: 11))
                    events.append((event, key))
                }
                return events
            }
        }
    }

    /// Removes the events older than `date`, in one transaction; with `dryRun`, only counts
    /// them.
    public func pruneEvents(before date: Timestamp, dryRun: Bool) throws(SeenStoreError) -> Int {
        guard hasEvents else { return 0 }
        let limit = date.millisecondsSince1970
        return try withConnection { connection throws(SQLiteError) in
            if dryRun {
                return try connection.withStatement(EventSQL.countBefore) {
                    statement throws(SQLiteError) in
                    try statement.bind(limit, at: 1)
                    _ = try statement.step()
                    return statement.int(at: 0)
                }
            }
            return try connection.immediateTransaction { () throws(SQLiteError) in
                let removed = try connection.withStatement(EventSQL.pruneBefore) {
                    statement throws(SQLiteError) in
                    try statement.bind(limit, at: 1)
                    try statement.run()
                    return connection.changes
                }
                // The ids of steps as old as the events go with them.
                if storedSchemaVersion >= 5 {
                    try connection.withStatement(SQL.pruneClientSteps) {
                        statement throws(SQLiteError) in
                        try statement.bind(limit, at: 1)
                        try statement.run()
                    }
                }
                return removed
            }
        }
    }

    /// The funnel: from the summaries, one row a user (`SummarySQL.funnelQuery(_:)`); with
    /// `since`, or on a read-only store older than the summaries, from the events in one
    /// query (`EventSchema.funnelQuery`): the events since `since` through the time index, or,
    /// on a store older than schema version 7, the covering funnel index one user after
    /// another.
    package func funnelStats(
        walkthrough: String, version: Int, since: Timestamp?, pageCount: Int
    ) throws(SeenStoreError) -> FunnelStats {
        guard hasEvents else {
            return FunnelStats(
                walkthrough: walkthrough, version: version, pageCount: pageCount, events: [])
        }
        if hasSummaries, since == nil {
            return try summaryFunnel(
                walkthrough: walkthrough, version: version, pageCount: pageCount)
        }
        let rows = try withConnection { connection throws(SQLiteError) in
            let query = storedSchemaVersion >= 7 ? EventSQL.funnelByTime : EventSQL.funnel
            return try connection.withStatement(query) { statement throws(SQLiteError) in
                try statement.bind(walkthrough, at: 1)
                try statement.bind(version, at: 2)
                try statement.bind(since?.millisecondsSince1970 ?? Int64.min, at: 3)
                var rows: [(part: Int, a: Int64, b: Int64, c: Int64, median: Double?)] = []
                while try statement.step() {
                    rows.append(
                        (
                            statement.int(at: 0), statement.int64(at: 1), statement.int64(at: 2),
                            statement.int64(at: 3),
                            statement.storageClass(at: 4) == SQLITE_NULL
                                ? nil : statement.double(at: 4)
                        ))
                }
                return rows
            }
        }
        return EventSchema.funnel(
            walkthrough: walkthrough, version: version, pageCount: pageCount, rows: rows)
    }

    private func summaryFunnel(
        walkthrough: String, version: Int, pageCount: Int
    ) throws(SeenStoreError) -> FunnelStats {
        let (rows, median) = try withConnection { connection throws(SQLiteError) in
            try connection.withStatement(EventSQL.summaryFunnel) { statement throws(SQLiteError) in
                try statement.bind(walkthrough, at: 1)
                try statement.bind(version, at: 2)
                var rows: [(part: Int, a: Int64?, b: Int64?, c: Int64, d: Int64)] = []
                var median: Double?
                func optional(_ column: Int32) -> Int64? {
                    statement.storageClass(at: column) == SQLITE_NULL
                        ? nil : statement.int64(at: column)
                }
                while try statement.step() {
                    let part = statement.int(at: 0)
                    if part == 4 {
                        median =
                            statement.storageClass(at: 1) == SQLITE_NULL
                            ? nil : statement.double(at: 1)
                        continue
                    }
                    rows.append(
                        (
                            part, optional(1), optional(2), statement.int64(at: 3),
                            statement.int64(at: 4)
                        ))
                }
                return (rows, median)
            }
        }
        return SummarySQL.funnel(
            walkthrough: walkthrough, version: version, pageCount: pageCount, rows: rows,
            median: median)
    }

    // MARK: - Rows

    /// Binds one event's eleven columns.
    private static func bind(
        _ event: SessionStep.Event, of step: SessionStep, time: Int64, to statement: Statement
    ) throws(SQLiteError) {
        precondition(event.page >= 0, "page indices are 0-based")
        let columns = EventColumns(event.kind)
        try statement.bind(time, at: 1)
        try statement.bind(step.user, at: 2)
        try statement.bind(step.walkthrough, at: 3)
        try statement.bind(step.version, at: 4)
        try statement.bind(event.kind.name, at: 5)
        try statement.bind(event.page, at: 6)
        try statement.bind(columns.outcome, at: 7)
        try statement.bind(step.locale, at: 8)
        try statement.bind(columns.resumed.map { $0 ? 1 : 0 }, at: 9)
        try statement.bind(columns.forced.map { $0 ? 1 : 0 }, at: 10)
        try statement.bind(columns.signal, at: 11)
        try statement.bind(step.variant, at: 12)
        try statement.bind(step.experiment, at: 13)
    }

    /// The event in the current row of a statement selecting ``EventSQL/columns(hasVariants:)``; a row
    /// another program wrote that the store could not have is reported as corrupt.
    static func decodeEvent(_ statement: Statement) throws(SQLiteError) -> WalkthroughEvent {
        func corrupt(_ detail: String) -> SQLiteError {
            SQLiteError(
                code: SQLITE_CORRUPT, message: "the events table holds \(detail)",
                sql: statement.sql, path: statement.path, operation: .step)
        }
        func optionalText(_ column: Int32) -> String? {
            statement.storageClass(at: column) == SQLITE_NULL ? nil : statement.text(at: column)
        }
        let time = statement.int64(at: 0)
        guard statement.storageClass(at: 0) == SQLITE_INTEGER, updatedAtRange.contains(time)
        else { throw corrupt("a time out of range") }
        let version = statement.int64(at: 3)
        guard version >= 1 else { throw corrupt("a version below 1") }
        let page = statement.int64(at: 5)
        guard (0...Int64(Int32.max)).contains(page) else { throw corrupt("a page out of range") }
        guard
            let kind = EventColumns.kind(
                name: statement.text(at: 4), outcome: optionalText(6),
                resumed: statement.storageClass(at: 8) == SQLITE_NULL
                    ? nil : statement.int64(at: 8) != 0,
                forced: statement.storageClass(at: 9) == SQLITE_NULL
                    ? nil : statement.int64(at: 9) != 0,
                signal: optionalText(10), locale: optionalText(7))
        else { throw corrupt("an event it does not know") }
        return WalkthroughEvent(
            time: Timestamp(millisecondsSince1970: time), user: statement.text(at: 1),
            walkthrough: statement.text(at: 2), version: Int(version), kind: kind,
            page: Int(page), locale: optionalText(7), variant: optionalText(12),
            experiment: optionalText(13))
    }
}

/// An event kind's optional columns, as both SQL stores keep them.
package struct EventColumns {
    package var outcome: String?
    package var resumed: Bool?
    package var forced: Bool?
    package var signal: String?

    package init(_ kind: WalkthroughEvent.Kind) {
        switch kind {
        case .started(_, let resumed, let forced):
            self.resumed = resumed
            self.forced = forced
        case .finished(let outcome):
            self.outcome = SeenRecord.Outcome(outcome).rawValue
        case .interrupted(let signal):
            self.signal = signal
        case .page, .quit, .exposed, .snoozed:
            break
        }
    }

    /// The kind a row holds, or `nil` when the row is not one the stores write.
    package static func kind(
        name: String, outcome: String?, resumed: Bool?, forced: Bool?, signal: String?,
        locale: String?
    ) -> WalkthroughEvent.Kind? {
        switch name {
        case "started":
            return .started(locale: locale, resumed: resumed ?? false, forced: forced ?? false)
        case "page": return .page
        case "finished":
            switch outcome {
            case "completed": return .finished(.completed)
            case "skipped": return .finished(.skipped)
            default: return nil
            }
        case "quit": return .quit
        case "interrupted": return .interrupted(signal: signal ?? "")
        case "exposed": return .exposed
        case "snoozed": return .snoozed
        default: return nil
        }
    }
}

extension SQLiteSeenStore: LockWaitLimitedStore {}
