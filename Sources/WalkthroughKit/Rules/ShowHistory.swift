/// What the store knows of a user that the rules need: the record of the walkthrough, which
/// walkthroughs of `when.after` are finished, the automatic shows the events count, and how
/// often the user did what `when.events` names.
///
/// ``read(for:user:from:policy:now:)`` fills it with the fewest reads: the record alone when the
/// user has seen the current version; the `after` records only when there is an `after`; the
/// events only for `maxShows`, `minInterval` (the definition's or the policy's), or an
/// unfinished run of "what's new"; today's shows only under a `maxPerDay`; the donations, in
/// one query, only for `when.events`.
package struct ShowHistory: Sendable, Hashable {
    /// The user's record of the walkthrough, of any version.
    public var record: SeenRecord?
    /// The ids of `when.after` the user completed or skipped (any version).
    public var finished: Set<String>
    /// How many times the current version was shown automatically (a `started` event that was
    /// not forced).
    public var shows: Int
    /// When any walkthrough was last shown automatically to the user.
    public var lastShow: Timestamp?
    /// The highest version before the current one that the user finished, by the events: what
    /// an unfinished run of "what's new" counts from, once the record holds the new version.
    public var finishedVersion: Int?
    /// How many walkthroughs (any of the store) were shown automatically to the user since
    /// the local day began: what the policy's `maxPerDay` counts. Read only under one.
    package var showsToday = 0
    /// For each name of `when.events`: how many times the user donated it within the rule's
    /// window (absent: none, or a store that keeps no donations).
    package var donations: [String: Int] = [:]

    /// A history.
    public init(
        record: SeenRecord? = nil, finished: Set<String> = [], shows: Int = 0,
        lastShow: Timestamp? = nil, finishedVersion: Int? = nil, showsToday: Int = 0,
        donations: [String: Int] = [:]
    ) {
        self.record = record
        self.finished = finished
        self.shows = shows
        self.lastShow = lastShow
        self.finishedVersion = finishedVersion
        self.showsToday = showsToday
        self.donations = donations
    }

    /// Reads what the rules of `walkthrough` need from `store` (`nil`: nothing is recorded).
    ///
    /// - Parameters:
    ///   - policy: The administrator's policy: its `minInterval` and `maxPerDay` read events.
    ///   - now: The clock: the day `maxPerDay` counts, and where the windows of `when.events`
    ///     end.
    /// - Throws: What the store throws.
    public static func read(
        for walkthrough: Walkthrough, user: String, from store: (any SeenStore)?,
        policy: AdministratorPolicy = AdministratorPolicy(), now: Timestamp = .now
    ) throws -> ShowHistory {
        guard let store else { return ShowHistory() }
        return try read(for: walkthrough, user: user, from: store, policy: policy, now: now) {
            try store.record(user: user, walkthrough: $0)
        }
    }

    /// Reads what the rules of `walkthrough` need, taking the user's records from `records`
    /// (a walkthrough id to its record, or `nil`) and the events from `store`: several
    /// walkthroughs' histories from the records one statement read.
    ///
    /// - Throws: What `records` or the store throws.
    static func read(
        for walkthrough: Walkthrough, user: String, from store: any SeenStore,
        policy: AdministratorPolicy = AdministratorPolicy(), now: Timestamp = .now,
        records: (String) throws -> SeenRecord?
    ) throws -> ShowHistory {
        var history = ShowHistory()
        history.record = try records(walkthrough.id)
        if history.record?.isSeen(atLeast: walkthrough.version) == true { return history }
        for id in walkthrough.when.after {
            if let outcome = try records(id)?.outcome, outcome.countsAsSeen {
                history.finished.insert(id)
            }
        }
        let rules = walkthrough.when
        if !rules.events.isEmpty, let donations = SeenStoreCapabilities.donations(store) {
            let counts = try donations.donationCounts(
                user: user, of: rules.events.map { ($0.name, $0.earliest(at: now)) })
            for (rule, count) in zip(rules.events, counts) { history.donations[rule.name] = count }
        }
        let resumesWhatsNew =
            history.record?.outcome.isUnfinished == true
            && history.record?.version == walkthrough.version
            && walkthrough.pages.contains { $0.since > 1 }
        let readsShows =
            rules.maxShows != nil || rules.minInterval != nil || policy.minInterval != nil
            || resumesWhatsNew
        // Most walkthroughs need no event: the store is then not even asked whether it keeps
        // them.
        guard policy.maxPerDay != nil || readsShows,
            let events = SeenStoreCapabilities.eventRecording(store)
        else { return history }
        if policy.maxPerDay != nil {
            history.showsToday = try events.automaticShows(
                user: user, since: policy.timeZone.startOfDay(containing: now))
        }
        guard readsShows else { return history }
        let summary = try events.showSummary(
            user: user, walkthrough: walkthrough.id, version: walkthrough.version)
        history.shows = summary.shows
        history.lastShow = summary.lastShow
        history.finishedVersion = summary.finishedVersion
        return history
    }
}
