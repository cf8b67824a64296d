package import WalkthroughKit

// MARK: - db info, import

extension ReplicaSeenStore {
    /// The server's description (after pushing the outbox), with the replica's.
    package func info() throws(SeenStoreError) -> SeenStoreInfo {
        var info =
            try presentServer()?.info()
            ?? SeenStoreInfo(
                backend: SeenStoreBackend.postgresql.rawValue, location: location,
                schemaVersion: 0, records: 0, users: 0, serverVersion: nil)
        info.replica = try replicaInfo()
        return info
    }

    /// The replica's path, outbox and times, without asking the server.
    package func replicaInfo() throws(SeenStoreError) -> ReplicaInfo {
        func time(_ key: String) throws(SeenStoreError) -> Timestamp? {
            try readMeta(key).flatMap(Int64.init).map { Timestamp(millisecondsSince1970: $0) }
        }
        return ReplicaInfo(
            path: path, pending: try pendingCount(), refused: try refusedCount(),
            lastPush: try time("lastPush"), lastPull: try time("lastPull"))
    }

    /// `import`: pushes the outbox, then merges on the server.
    package func merge(
        _ records: [SeenRecord], dryRun: Bool
    ) throws(SeenStoreError) -> SeenMergeSummary {
        try requireServer().merge(records, dryRun: dryRun)
    }
}

extension PostgresSeenStore {
    /// Applies one pushed outbox entry in one transaction, once: the push id is claimed
    /// first, and an id the server already has applies nothing. A record or event stamped at
    /// or before a tombstone of its walkthrough is dropped, and a goal at or before a
    /// tombstone of all the user's walkthroughs, and so is a donation; a record is merged by
    /// the import rule
    /// (``SeenRecord/replaces(_:)``); a reset removes what was stamped up to its time (a reset
    /// of all the user's walkthroughs, the user's goals too) and leaves its tombstone.
    func apply(_ entry: OutboxEntry, pushID: String) throws(SeenStoreError) {
        try withConnection { connection throws(PostgresFailure) in
            try Self.makingPartitions(for: entry.events.map(\.time), on: connection) {
                () throws(PostgresFailure) in
                try apply(entry, pushID: pushID, on: connection)
            }
        }
    }

    /// The transaction of ``apply(_:pushID:)``.
    private func apply(
        _ entry: OutboxEntry, pushID: String, on connection: PostgresConnection
    ) throws(PostgresFailure) {
        try connection.transaction { () throws(PostgresFailure) in
            let claimed = try connection.execute(
                ReplicaServerSQL.claim, [pushID, entry.user, String(entry.stampedAt)])
            guard claimed.rowCount > 0 else { return }
            if let reset = entry.reset {
                let parameters = [entry.user, reset.walkthrough, String(reset.at)]
                try connection.execute(ReplicaServerSQL.bury, parameters)
                try connection.execute(ReplicaServerSQL.removeRecords, parameters)
                try connection.execute(ReplicaServerSQL.removeEvents, parameters)
                // The summaries of what is left: those of the events after the reset.
                let scope = [entry.user, reset.walkthrough]
                for sql in SummarySQL.remove(.postgresql, scoped: .user)
                    + SummarySQL.rebuild(.postgresql, scoped: .user)
                {
                    try connection.execute(sql, scope)
                }
                if reset.walkthrough.isEmpty,
                    try connection.execute(SeenSQL.mayResetGoals).text(0, 0) == "t"
                {
                    try connection.execute(ReplicaServerSQL.removeGoals, parameters)
                }
                if reset.walkthrough.isEmpty,
                    try connection.execute(DonationSQL.mayReset).text(0, 0) == "t"
                {
                    try connection.execute(ReplicaServerSQL.removeDonations, parameters)
                }
                return
            }
            var buried: [String: Int64] = [:]
            func resetAt(_ walkthrough: String) throws(PostgresFailure) -> Int64 {
                if let known = buried[walkthrough] { return known }
                let result = try connection.execute(
                    ReplicaServerSQL.tombstone, [entry.user, walkthrough])
                let value = result.int64(0, 0) ?? Int64.min
                buried[walkthrough] = value
                return value
            }
            if let record = entry.record, record.updatedAt > (try resetAt(record.walkthrough)) {
                try connection.execute(
                    SQL.merge,
                    [
                        entry.user, record.walkthrough, String(record.version),
                        record.outcome, String(record.lastPage), String(record.updatedAt),
                        record.snoozedUntil.map(String.init),
                    ])
            }
            if let goal = entry.goal, goal.time > (try resetAt("")) {
                try connection.execute(
                    ExperimentSQL.insertGoal, [String(goal.time), entry.user, goal.name])
            }
            if let donation = entry.donation, donation.time > (try resetAt("")) {
                let parameters = [entry.user, donation.name]
                try connection.execute(
                    DonationSQL.insert, [String(donation.time)] + parameters)
                try connection.execute(DonationSQL.prune, parameters)
            }
            // One summary merge per walkthrough and version the entry's events touch.
            var summaries: [(walkthrough: String, version: Int64, delta: SummarySQL.Delta)] =
                []
            for event in entry.events where event.time > (try resetAt(event.walkthrough)) {
                let version = Int64(event.version)
                var index = summaries.firstIndex {
                    $0.walkthrough == event.walkthrough && $0.version == version
                }
                if index == nil {
                    summaries.append((event.walkthrough, version, SummarySQL.Delta()))
                    index = summaries.count - 1
                }
                if let index {
                    summaries[index].delta.add(
                        event.event, page: event.page, outcome: event.outcome, time: event.time)
                }
                func flag(_ value: Bool?) -> String? { value.map { $0 ? "t" : "f" } }
                try connection.execute(
                    ReplicaServerSQL.insertEvent,
                    [
                        String(event.time), entry.user, event.walkthrough,
                        String(event.version), event.event, String(event.page),
                        event.outcome, event.locale, flag(event.resumed),
                        flag(event.forced), event.signal, event.variant, event.experiment,
                    ])
            }
            try Self.summarize(user: entry.user, events: summaries, on: connection)
        }
    }

    /// The user's tombstones: the walkthrough (`""` for all of the user's) and its `reset_at`.
    func tombstones(user: String) throws(SeenStoreError) -> [(walkthrough: String, at: Int64)] {
        try withConnection { connection throws(PostgresFailure) in
            let result = try connection.execute(ReplicaServerSQL.tombstones, [user])
            return (0..<result.rowCount).map { row in
                (result.text(row, 0) ?? "", result.int64(row, 1) ?? 0)
            }
        }
    }
}

extension ReplicaSeenStore: RowSecurityAdministration {
    /// Turns row security on at the server (an administrative view: it waits as libpq says).
    package func enableRowSecurity() throws(SeenStoreError) {
        try requireServer(pushing: false).enableRowSecurity()
    }

    /// Makes the months ahead at the server.
    package func makeEventPartitionsAhead() throws(SeenStoreError) {
        try requireServer(pushing: false).makeEventPartitionsAhead()
    }

    /// Grants at the server.
    package func grant(role: String, admin: Bool) throws(SeenStoreError) {
        try requireServer(pushing: false).grant(role: role, admin: admin)
    }
}
