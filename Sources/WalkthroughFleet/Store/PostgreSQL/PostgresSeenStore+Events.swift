package import WalkthroughKit

// MARK: - Events

extension PostgresSeenStore {
    /// The statements of `walkthrough_events` (schema version 2). Every value is a parameter.
    enum EventSQL {
        typealias Prepared = PostgresConnection.Prepared
        private static let text = PostgresConnection.text
        private static let int8 = PostgresConnection.int8
        private static let bool = PostgresConnection.bool

        /// The event columns an insert writes, in order.
        static let insertColumns = """
            time, user_name, walkthrough, version, event, page, outcome, locale, resumed, forced,
            signal, variant, experiment
            """

        /// A step as one statement, so one round trip and one commit: the record's upsert (if
        /// any) as a data-modifying `WITH`, then the events. `$1` user, `$2` walkthrough, `$3`
        /// version, `$4` time, `$5` locale, `$6` the page or outcome of the change when there is
        /// one; then six parameters an event (name, page, outcome, resumed, forced, signal);
        /// then the variant and the experiment; then, with `summary`, the five values of the
        /// summary's merge (``SummarySQL/Delta/parameters``), as one more data-modifying `WITH`.
        static func step(change: SessionStep.Change?, events: Int, summary: Bool) -> Prepared {
            var sql = ""
            var name = "walkthrough_step_"
            var types = [text, text, int8, int8, text]
            // The change's value is `$6`, the time `$4`.
            let numbers = SeenSQL.UpsertParameters(
                user: 1, walkthrough: 2, version: 3, value: 6, time: 4)
            switch change {
            case .progress:
                name += "progress_"
                types.append(int8)
                sql =
                    "WITH change AS (\n\(SeenSQL.upsert(.progress, .postgresql, parameters: numbers))\n)\n"
            case .seen:
                name += "seen_"
                types.append(text)
                sql =
                    "WITH change AS (\n\(SeenSQL.upsert(.seen, .postgresql, parameters: numbers))\n)\n"
            case .snoozed:
                // The page is `$6`, the time it lasts until `$7`.
                name += "snoozed_"
                types += [int8, int8]
                var snooze = numbers
                snooze.until = 7
                sql =
                    "WITH change AS (\n\(SeenSQL.upsert(.snooze, .postgresql, parameters: snooze))\n)\n"
            case nil:
                name += "events_"
            }
            let first = types.count + 1
            let variant = first + events * 6
            let rows = (0..<events).map { index in
                let base = first + index * 6
                let own = (0..<6).map { "$\(base + $0)" }
                return "($4, $1, $2, $3, \(own[0]), \(own[1]), \(own[2]), $5, \(own[3]), "
                    + "\(own[4]), \(own[5]), $\(variant), $\(variant + 1))"
            }
            for _ in 0..<events { types += [text, int8, text, bool, bool, text] }
            types += [text, text]
            if summary {
                name += "summary_"
                sql +=
                    (sql.isEmpty ? "WITH " : ",\n") + "summary AS (\n"
                    + SummarySQL.upsert(.postgresql, first: variant + 2) + "\n)\n"
                types += [int8, int8, int8, int8, int8]
            }
            sql +=
                "INSERT INTO walkthrough_events (\(insertColumns)) VALUES "
                + rows.joined(separator: ", ")
            return Prepared(name: name + String(events), sql: sql, parameterTypes: types)
        }

        /// Every column, in the order ``decodeEvent(_:row:)`` reads, `id` after `signal`; a
        /// store older than schema version 3 (read, not migrated) has no variants.
        static func columns(hasVariants: Bool) -> String {
            """
            time, user_name, walkthrough, version, event, page, outcome, locale, resumed, forced,
            signal, id, \(hasVariants ? "variant, experiment" : "NULL, NULL")
            """
        }

        /// ``page(hasVariants:)`` of a store of schema version 3 or later, and of an older one.
        static let pageWithVariants = page(hasVariants: true)
        static let pageWithoutVariants = page(hasVariants: false)

        /// A page of events after (`$4` time, `$5` id), oldest first; `$1` walkthrough and
        /// `$2` user, each `NULL` for any; `$3` the earliest time; `$6` how many.
        private static func page(hasVariants: Bool) -> Prepared {
            Prepared(
                name: hasVariants ? "walkthrough_events_page_v3" : "walkthrough_events_page",
                sql: """
                    SELECT \(columns(hasVariants: hasVariants)) FROM walkthrough_events
                    WHERE ($1::text IS NULL OR walkthrough = $1) AND ($2::text IS NULL OR user_name = $2)
                        AND time >= $3 AND (time, id) > ($4, $5)
                    ORDER BY time, id LIMIT $6
                    """,
                parameterTypes: [text, text, int8, int8, int8, int8])
        }

        static let countBefore = "SELECT count(*) FROM walkthrough_events WHERE time < $1"
        static let pruneBefore = "DELETE FROM walkthrough_events WHERE time < $1"

        /// The summaries' statements (schema version 5).
        static let summaryPage = Prepared(
            name: "walkthrough_summary_page", sql: SummarySQL.insertPage(.postgresql),
            parameterTypes: [text, text, int8, int8])
        static let summaryUpsert = Prepared(
            name: "walkthrough_summary_upsert", sql: SummarySQL.upsert(.postgresql),
            parameterTypes: [text, text, int8, int8, int8, int8, int8, int8])
        static let summaryFunnel = Prepared(
            name: "walkthrough_summary_funnel", sql: SummarySQL.funnelQuery(.postgresql),
            parameterTypes: [text, int8])

        /// ``EventSchema/funnelQuery(table:userColumn:timeIndex:parameter:)`` on `walkthrough_events`.
        static let funnel = Prepared(
            name: "walkthrough_funnel",
            sql: EventSchema.funnelQuery(
                table: "walkthrough_events", userColumn: "user_name", parameter: { "$\($0)" }),
            parameterTypes: [text, int8, int8])
    }

    /// Whether the tables include the events: every store that writes, and a read-only store
    /// of schema version 2 or later.
    var hasEvents: Bool { storedSchemaVersion >= 2 }

    /// Whether the tables include the funnel's summaries: every store that writes, and a
    /// read-only store of schema version 5 or later (an older one's funnel is counted from its
    /// events).
    var hasSummaries: Bool { storedSchemaVersion >= 5 }

    /// Applies the step's change and appends its events in one statement (so one
    /// transaction): committed when it returns, both or neither. Repeated once when the
    /// connection is lost; should the commit's answer be the part lost, the events are then
    /// written twice (the funnel counts users, so its figures do not change).
    ///
    /// - Precondition: `version >= 1`, and pages are 0 or more.
    package func write(_ step: SessionStep) throws(SeenStoreError) {
        precondition(step.version >= 1, "a walkthrough's version is 1 or more")
        guard !step.events.isEmpty else {
            switch step.change {
            case .progress(let page):
                try saveProgress(
                    user: step.user, walkthrough: step.walkthrough, version: step.version,
                    page: page)
            case .seen(let outcome):
                try markSeen(
                    user: step.user, walkthrough: step.walkthrough, version: step.version,
                    outcome: outcome)
            case .snoozed(let page, let until):
                try snooze(
                    user: step.user, walkthrough: step.walkthrough, version: step.version,
                    page: page, until: until)
            case nil: break
            }
            return
        }
        let stamp = now().millisecondsSince1970
        let prepared = Self.prepared(step, stamp: stamp)
        try withConnection { connection throws(PostgresFailure) in
            try Self.makingPartitions(for: [stamp], on: connection) { () throws(PostgresFailure) in
                guard !prepared.laterPages.isEmpty else {
                    _ = try connection.execute(prepared.statement, prepared.parameters)
                    return
                }
                // Pages past the mask (rare): their rows in the same transaction.
                try connection.transaction { () throws(PostgresFailure) in
                    try Self.run(prepared, of: step, on: connection)
                }
            }
        }
    }

    /// Writes `steps` in one transaction (one commit): a step with a client id only when the
    /// server's `walkthrough_pushes` does not hold it yet (as `serve:ID`), which it then does.
    /// A step without events (none of `walkthrough serve`'s) is written on its own.
    package func write(batch steps: [SessionStep]) throws(SeenStoreError) -> [Bool] {
        let stamp = now().millisecondsSince1970
        var written = steps.map { _ in false }
        var batch: [(index: Int, step: SessionStep)] = []
        for (index, step) in steps.enumerated() {
            precondition(step.version >= 1, "a walkthrough's version is 1 or more")
            if step.events.isEmpty {
                try write(step)
                written[index] = true
            } else {
                batch.append((index, step))
            }
        }
        guard !batch.isEmpty else { return written }
        let prepared = batch.map { Self.prepared($0.step, stamp: stamp) }
        let claimed = try withConnection { connection throws(PostgresFailure) in
            try Self.makingPartitions(for: [stamp], on: connection) {
                () throws(PostgresFailure) -> [Bool] in
                try connection.transaction { () throws(PostgresFailure) -> [Bool] in
                    var claimed: [Bool] = []
                    for (item, statement) in zip(batch, prepared) {
                        if let id = item.step.clientID {
                            // The pushes' table keeps each id once (ReplicaServerSQL.claim).
                            let result = try connection.execute(
                                ReplicaServerSQL.claim,
                                ["serve:" + id, item.step.user, String(stamp)])
                            guard result.rowCount == 1 else {
                                claimed.append(false)
                                continue
                            }
                        }
                        try Self.run(statement, of: item.step, on: connection)
                        claimed.append(true)
                    }
                    return claimed
                }
            }
        }
        for (item, wasWritten) in zip(batch, claimed) { written[item.index] = wasWritten }
        return written
    }

    /// A step's statement and parameters (see ``EventSQL/step(change:events:summary:)``), the
    /// summary's pages past its mask, and its time.
    private static func prepared(
        _ step: SessionStep, stamp: Int64
    ) -> (statement: PostgresConnection.Prepared, parameters: [String?], laterPages: [Int]) {
        var parameters: [String?] = [
            step.user, step.walkthrough, String(step.version), String(stamp), step.locale,
        ]
        switch step.change {
        case .progress(let page):
            precondition(page >= 0, "page indices are 0-based")
            parameters.append(String(page))
        case .seen(let outcome): parameters.append(SeenRecord.Outcome(outcome).rawValue)
        case .snoozed(let page, let until):
            precondition(page >= 0, "page indices are 0-based")
            parameters += [String(page), String(until.millisecondsSince1970)]
        case nil: break
        }
        for event in step.events {
            precondition(event.page >= 0, "page indices are 0-based")
            let columns = EventColumns(event.kind)
            parameters += [
                event.kind.name, String(event.page), columns.outcome,
                columns.resumed.map { $0 ? "t" : "f" }, columns.forced.map { $0 ? "t" : "f" },
                columns.signal,
            ]
        }
        parameters += [step.variant, step.experiment]
        let delta = SummarySQL.Delta(step.events, time: stamp)
        if let delta { parameters += delta.parameters }
        let statement = EventSQL.step(
            change: step.change, events: step.events.count, summary: delta != nil)
        return (statement, parameters, delta?.laterPages ?? [])
    }

    /// Runs a prepared step inside the caller's transaction, with its summary's later pages.
    private static func run(
        _ prepared: (
            statement: PostgresConnection.Prepared, parameters: [String?], laterPages: [Int]
        ),
        of step: SessionStep, on connection: PostgresConnection
    ) throws(PostgresFailure) {
        _ = try connection.execute(prepared.statement, prepared.parameters)
        for page in prepared.laterPages {
            try connection.execute(
                EventSQL.summaryPage,
                [step.user, step.walkthrough, String(step.version), String(page)])
        }
    }

    /// Merges pushed events (a replica's) into their users' summaries, inside the caller's
    /// transaction: one merge per (walkthrough, version) of `events`.
    static func summarize(
        user: String, events: [(walkthrough: String, version: Int64, delta: SummarySQL.Delta)],
        on connection: PostgresConnection
    ) throws(PostgresFailure) {
        for item in events where !item.delta.isEmpty {
            try connection.execute(
                EventSQL.summaryUpsert,
                [user, item.walkthrough, String(item.version)] + item.delta.parameters)
            for page in item.delta.laterPages {
                try connection.execute(
                    EventSQL.summaryPage,
                    [user, item.walkthrough, String(item.version), String(page)])
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
            location: location,
            read: { after, limit throws(SeenStoreError) in
                try eventPage(filter, after: after, limit: limit)
            }, body)
    }

    private func eventPage(
        _ filter: EventFilter, after: EventKey, limit: Int
    ) throws(SeenStoreError) -> [(item: WalkthroughEvent, key: EventKey)] {
        try withConnection { connection throws(PostgresFailure) in
            let result = try connection.execute(
                storedSchemaVersion >= 3 ? EventSQL.pageWithVariants : EventSQL.pageWithoutVariants,
                [
                    filter.walkthrough, filter.user,
                    String(filter.since?.millisecondsSince1970 ?? Int64.min), String(after.time),
                    String(after.id), String(limit),
                ])
            var events: [(item: WalkthroughEvent, key: EventKey)] = []
            for row in 0..<result.rowCount {
                let event = try Self.decodeEvent(result, row: row)
                let key = EventKey(
                    time: event.time.millisecondsSince1970, id: result.int64(row, 11) ?? 0)
                events.append((event, key))
            }
            return events
        }
    }

    /// Removes the events older than `date`; with `dryRun`, only counts them.
    package func pruneEvents(before date: Timestamp, dryRun: Bool) throws(SeenStoreError) -> Int {
        guard hasEvents else { return 0 }
        let limit = String(date.millisecondsSince1970)
        // Whole months are dropped only by a role that sees every event: row security leaves
        // a bound role its own events to delete.
        let dropsMonths = hasPartitions && enforcedUser == nil
        return try withConnection { connection throws(PostgresFailure) in
            if dryRun {
                return Int(try connection.execute(EventSQL.countBefore, [limit]).int64(0, 0) ?? 0)
            }
            return try connection.transaction { () throws(PostgresFailure) in
                var removed = 0
                if dropsMonths {
                    removed += Int(
                        try connection.execute(PostgresEventPartitions.drop, [limit]).int64(0, 0)
                            ?? 0)
                }
                return removed
                    + (try connection.execute(EventSQL.pruneBefore, [limit]).affectedRows)
            }
        }
    }

    /// Whether the events are partitioned by month: schema version 6 or later.
    var hasPartitions: Bool { storedSchemaVersion >= 6 }

    /// Makes the events' partitions of this month and the next two (``RowSecurityAdministration``).
    package func makeEventPartitionsAhead() throws(SeenStoreError) {
        guard hasPartitions else { return }
        try withConnection { connection throws(PostgresFailure) in
            _ = try connection.execute(PostgresEventPartitions.ahead)
        }
    }

    /// Runs `body`; when an event found no partition for its month, makes the partitions of
    /// the months of `times` and runs `body` once more.
    static func makingPartitions<Result>(
        for times: [Int64], on connection: PostgresConnection,
        _ body: () throws(PostgresFailure) -> Result
    ) throws(PostgresFailure) -> Result {
        do {
            return try body()
        } catch {
            guard PostgresEventPartitions.isMissingPartition(error), !connection.inTransaction
            else { throw error }
            for time in Set(times) {
                try connection.execute(PostgresEventPartitions.make, [String(time)])
            }
            return try body()
        }
    }

    /// The funnel: from the summaries, one row a user (`SummarySQL.funnelQuery(_:)`); with
    /// `since`, or on a read-only store older than the summaries, from the events in one query
    /// (`EventSchema.funnelQuery`).
    package func funnelStats(
        walkthrough: String, version: Int, since: Timestamp?, pageCount: Int
    ) throws(SeenStoreError) -> FunnelStats {
        guard hasEvents else {
            return FunnelStats(
                walkthrough: walkthrough, version: version, pageCount: pageCount, events: [])
        }
        if hasSummaries, since == nil {
            let (rows, median) = try withConnection { connection throws(PostgresFailure) in
                let result = try connection.execute(
                    EventSQL.summaryFunnel, [walkthrough, String(version)])
                var rows: [(part: Int, a: Int64?, b: Int64?, c: Int64, d: Int64)] = []
                var median: Double?
                for row in 0..<result.rowCount {
                    let part = Int(result.int64(row, 0) ?? 0)
                    if part == 4 {
                        median = result.text(row, 1).flatMap(Double.init)
                        continue
                    }
                    rows.append(
                        (
                            part, result.text(row, 1).flatMap { Int64($0) },
                            result.int64(row, 2), result.int64(row, 3) ?? 0,
                            result.int64(row, 4) ?? 0
                        ))
                }
                return (rows, median)
            }
            return SummarySQL.funnel(
                walkthrough: walkthrough, version: version, pageCount: pageCount, rows: rows,
                median: median)
        }
        let rows = try withConnection { connection throws(PostgresFailure) in
            let result = try connection.execute(
                EventSQL.funnel,
                [
                    walkthrough, String(version),
                    String(since?.millisecondsSince1970 ?? Int64.min),
                ])
            return (0..<result.rowCount).map { row in
                (
                    part: Int(result.int64(row, 0) ?? 0), a: result.int64(row, 1) ?? 0,
                    b: result.int64(row, 2) ?? 0, c: result.int64(row, 3) ?? 0,
                    median: result.text(row, 4).flatMap(Double.init)
                )
            }
        }
        return EventSchema.funnel(
            walkthrough: walkthrough, version: version, pageCount: pageCount, rows: rows)
    }

    /// The event in `row` of a result selecting ``EventSQL/columns(hasVariants:)``.
    static func decodeEvent(
        _ result: PostgresResult, row: Int
    ) throws(PostgresFailure) -> WalkthroughEvent {
        func corrupt(_ detail: String) -> PostgresFailure {
            PostgresFailure(
                sqlState: "XX001", message: "the walkthrough_events table holds \(detail)",
                operation: .execute, connectionLost: false)
        }
        guard let time = result.int64(row, 0), let user = result.text(row, 1),
            let walkthrough = result.text(row, 2), let version = result.int64(row, 3),
            let name = result.text(row, 4), let page = result.int64(row, 5)
        else { throw corrupt("a NULL or non-numeric value") }
        guard updatedAtRange.contains(time) else { throw corrupt("a time out of range") }
        guard version >= 1, version <= Int64(Int.max) else { throw corrupt("a version below 1") }
        guard (0...Int64(Int32.max)).contains(page) else { throw corrupt("a page out of range") }
        let locale = result.text(row, 7)
        guard
            let kind = EventColumns.kind(
                name: name, outcome: result.text(row, 6),
                resumed: result.text(row, 8).map { $0 == "t" },
                forced: result.text(row, 9).map { $0 == "t" }, signal: result.text(row, 10),
                locale: locale)
        else { throw corrupt("an event it does not know") }
        return WalkthroughEvent(
            time: Timestamp(millisecondsSince1970: time), user: user, walkthrough: walkthrough,
            version: Int(version), kind: kind, page: Int(page), locale: locale,
            variant: result.text(row, 12), experiment: result.text(row, 13))
    }
}
