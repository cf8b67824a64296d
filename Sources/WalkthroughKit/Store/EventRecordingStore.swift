/// A ``SeenStore`` that also keeps the events of every session, for the funnel
/// (``funnel(of:version:since:)``) and `walkthrough events`.
///
/// ``SQLiteSeenStore``, `PostgresSeenStore` (`WalkthroughFleet`) and ``InMemorySeenStore`` record events. A
/// ``Session`` whose store conforms writes each move as one `SessionStep`: the progress and
/// its events in one transaction. ``SeenStore/reset(user:walkthrough:)`` and
/// ``SeenStore/resetAllUsers(walkthrough:)`` remove the events of what they remove.
package protocol EventRecordingStore: SeenStore {
    /// Applies the step's change (if any) and appends its events, stamped with one time, in one
    /// transaction: both or neither. Durable when it returns, as the other writes are.
    func write(_ step: SessionStep) throws

    /// Writes `steps` in one transaction, with one sync (`walkthrough serve`'s steps that
    /// arrived together): each step that has a ``SessionStep/clientID`` only when no step with
    /// that id was ever written to this store, by any process.
    ///
    /// - Returns: For each step, whether it was written now (`false`: its id was written
    ///   before, and nothing was written again).
    func write(batch steps: [SessionStep]) throws -> [Bool]

    /// ``write(batch:)`` for steps made from the records they change: each pending step is
    /// made from the user's record, and the answer carries the record once the batch is
    /// written. On SQLite the reads are in the batch's transaction, so a step is made from its
    /// record as it stands just before it (an earlier step of the batch included) and no other
    /// writer comes between; the default reads each record before the batch and after it.
    ///
    /// - Returns: For each pending step, whether it was written now and the record after.
    func write(pending: [PendingStep]) throws -> [PendingStep.Outcome]

    /// Calls `body` with every event `filter` lets through, oldest first (in the order they
    /// were written when two share a millisecond).
    func forEachEvent(
        matching filter: EventFilter, _ body: (WalkthroughEvent) throws -> Void)
        throws

    /// Removes the events older than `date` (all users, all walkthroughs); with `dryRun`,
    /// removes nothing.
    ///
    /// - Returns: How many events were (or would be) removed.
    func pruneEvents(before date: Timestamp, dryRun: Bool) throws -> Int

    /// What the rules need of `user`'s events: the automatic shows of `walkthrough` at
    /// `version`, the last automatic show of any walkthrough, and the highest earlier version
    /// of `walkthrough` the user finished.
    func showSummary(user: String, walkthrough: String, version: Int) throws -> ShowSummary

    /// How many times any walkthrough was shown automatically to `user` (a `started` event
    /// that was not forced) at or after `since`: what the policy's `maxPerDay` counts, across
    /// every walkthrough of the store.
    func automaticShows(user: String, since: Timestamp) throws -> Int

    /// The funnel of `walkthrough` at `version`, counting the events at or after `since`, with
    /// pages `1...max(pageCount, the highest page in the events)` and no page ids.
    func funnelStats(
        walkthrough: String, version: Int, since: Timestamp?, pageCount: Int
    ) throws
        -> FunnelStats
}

extension EventRecordingStore {
    /// Default, for a store that keeps no ids (a fleet replica): each step written in its own
    /// transaction, every time it is sent.
    package func write(batch steps: [SessionStep]) throws -> [Bool] {
        for step in steps { try write(step) }
        return steps.map { _ in true }
    }

    /// Default: each record read before the batch is written (a step made from it does not
    /// see an earlier step of the same batch), the batch written as ``write(batch:)`` writes
    /// it, and the records read again.
    package func write(pending: [PendingStep]) throws -> [PendingStep.Outcome] {
        let steps = try pending.map {
            $0.make(try record(user: $0.user, walkthrough: $0.walkthrough))
        }
        let written = try write(batch: steps)
        return try zip(pending, written).map { item, written in
            PendingStep.Outcome(
                written: written, record: try record(user: item.user, walkthrough: item.walkthrough)
            )
        }
    }

    /// Default: every event, then `FunnelStats.init(walkthrough:version:pageCount:events:)`.
    public func funnelStats(
        walkthrough: String, version: Int, since: Timestamp?, pageCount: Int
    ) throws -> FunnelStats {
        var events: [WalkthroughEvent] = []
        try forEachEvent(matching: EventFilter(walkthrough: walkthrough, since: since)) {
            if $0.version == version { events.append($0) }
        }
        return FunnelStats(
            walkthrough: walkthrough, version: version, pageCount: pageCount, events: events)
    }

    /// The funnel of `walkthrough`: who started it, how many finished and how, and how far
    /// each page took them, with the definition's page ids.
    ///
    /// ```swift
    /// let stats = try store.funnel(of: walkthrough)
    /// for page in stats.pages { print(page.number, page.reached, page.dropped) }
    /// ```
    ///
    /// - Parameters:
    ///   - walkthrough: The definition whose funnel to count (its id, version and page ids).
    ///   - version: The version to count; by default the definition's.
    ///   - since: Count only events at or after this time.
    public func funnel(
        of walkthrough: Walkthrough, version: Int? = nil, since: Timestamp? = nil
    ) throws -> FunnelStats {
        let version = version ?? walkthrough.version
        var stats = try funnelStats(
            walkthrough: walkthrough.id, version: version, since: since,
            pageCount: walkthrough.pages.count)
        // Page ids belong to the definition as it is now: an older version may have had others.
        if version == walkthrough.version {
            for index in stats.pages.indices where index < walkthrough.pages.count {
                stats.pages[index].id = walkthrough.pages[index].id
            }
        }
        return stats
    }

    /// Every event `filter` lets through, oldest first.
    public func events(matching filter: EventFilter = EventFilter()) throws -> [WalkthroughEvent] {
        var events: [WalkthroughEvent] = []
        try forEachEvent(matching: filter) { events.append($0) }
        return events
    }
}

/// Whether sessions record events: `WALKTHROUGH_EVENTS=off` (or `0`, `false`, `no`, in any
/// case) turns them off; `on`, `1`, `true`, `yes`, an empty value or nothing leaves them on.
/// An embedding tool never fails on another value (events stay on); the `walkthrough` command
/// refuses it (exit 64).
package enum EventRecording {
    /// Whether `environment` lets sessions record events.
    package static func isEnabled(environment: some EnvironmentVariables) -> Bool {
        guard let value = environment["WALKTHROUGH_EVENTS"] else { return true }
        return self.value(of: value) ?? true
    }

    /// The switch `text` names: `true` for `1`, `true`, `yes`, `on` and an empty value,
    /// `false` for `0`, `false`, `no`, `off`, in any case; `nil` for anything else.
    package static func value(of text: String) -> Bool? {
        switch text.lowercased() {
        case "", "1", "true", "yes", "on": return true
        case "0", "false", "no", "off": return false
        default: return nil
        }
    }
}
