/// Where users stop: the funnel of one walkthrough at one version, from the events a store
/// recorded.
///
/// The users counted are those who **started** it (a `started` event in the period); each is
/// `completed` (finished by completing it, at any time), else `skipped`, else `inProgress`, so
/// the three add up to ``users``. For each page, ``Page/reached`` counts the users who were
/// shown it and ``Page/dropped`` those still in progress whose furthest page it is: where the
/// funnel loses them. `walkthrough stats` prints these figures; a host tool may show them its
/// own way.
package struct FunnelStats: Sendable, Hashable {
    /// One page's figures.
    public struct Page: Sendable, Hashable {
        /// The page's 1-based position in the definition.
        public var number: Int
        /// The page's id in the definition, when the figures are of the definition's version.
        public var id: String?
        /// Users who were shown the page.
        public var reached: Int
        /// Users who went no further than this page and have not finished.
        public var dropped: Int

        /// Creates a page's figures.
        public init(number: Int, id: String? = nil, reached: Int, dropped: Int) {
            self.number = number
            self.id = id
            self.reached = reached
            self.dropped = dropped
        }
    }

    /// The walkthrough's id.
    public var walkthrough: String
    /// The version counted.
    public var version: Int
    /// Users who started it.
    public var users: Int
    /// Of those, users who completed it.
    public var completed: Int
    /// Users who skipped it and never completed it.
    public var skipped: Int
    /// Users who neither completed nor skipped it.
    public var inProgress: Int
    /// The median time from a user's first `started` to their first completion, in seconds
    /// (to the millisecond); `nil` when nobody completed it.
    public var medianSecondsToComplete: Double?
    /// Every page of the definition, in order (and any later page the events mention).
    public var pages: [Page]

    /// `completed ÷ users`, or `nil` when nobody started it.
    public var completionRate: Double? {
        users == 0 ? nil : Double(completed) / Double(users)
    }

    /// Creates figures.
    public init(
        walkthrough: String, version: Int, users: Int, completed: Int, skipped: Int,
        inProgress: Int, medianSecondsToComplete: Double?, pages: [Page]
    ) {
        self.walkthrough = walkthrough
        self.version = version
        self.users = users
        self.completed = completed
        self.skipped = skipped
        self.inProgress = inProgress
        self.medianSecondsToComplete = medianSecondsToComplete
        self.pages = pages
    }
}

// MARK: - Counting

extension FunnelStats {
    /// One user's part of the funnel, as the SQL stores aggregate it too.
    package struct UserSummary: Sendable {
        package var startedAt: Int64?
        package var completedAt: Int64?
        package var skipped = false
        package var furthest: Int?
        package var pages: Set<Int> = []

        package init() {}
    }

    /// Counts the funnel from `events` (those of other walkthroughs or versions are ignored):
    /// the rules every store's figures follow, and the reference the tests compare the SQL
    /// stores with.
    public init(
        walkthrough: String, version: Int, pageCount: Int, events: [WalkthroughEvent]
    ) {
        var summaries: [[UInt8]: UserSummary] = [:]
        for event in events
        where event.version == version && event.walkthrough.utf8.elementsEqual(walkthrough.utf8) {
            let time = event.time.millisecondsSince1970
            summaries[Array(event.user.utf8), default: UserSummary()].add(
                event.kind, page: event.page, time: time)
        }
        self.init(
            walkthrough: walkthrough, version: version, pageCount: pageCount,
            summaries: Array(summaries.values))
    }

    /// The funnel from each user's summary.
    package init(
        walkthrough: String, version: Int, pageCount: Int, summaries: [UserSummary]
    ) {
        let cohort = summaries.filter { $0.startedAt != nil }
        var completed = 0
        var skipped = 0
        var durations: [Int64] = []
        var reached: [Int: Int] = [:]
        var dropped: [Int: Int] = [:]
        for user in cohort {
            for page in user.pages { reached[page, default: 0] += 1 }
            if let end = user.completedAt, let start = user.startedAt {
                completed += 1
                durations.append(max(end - start, 0))
            } else if user.skipped {
                skipped += 1
            } else if let furthest = user.furthest {
                dropped[furthest, default: 0] += 1
            }
        }
        let highest = max(pageCount, (reached.keys.max() ?? -1) + 1, (dropped.keys.max() ?? -1) + 1)
        self.init(
            walkthrough: walkthrough, version: version, users: cohort.count,
            completed: completed, skipped: skipped, inProgress: cohort.count - completed - skipped,
            medianSecondsToComplete: Self.median(milliseconds: durations),
            pages: (0..<highest).map {
                Page(number: $0 + 1, reached: reached[$0] ?? 0, dropped: dropped[$0] ?? 0)
            })
    }

    /// The median of `values` (milliseconds) in seconds: the middle value, or the mean of
    /// the two middle ones; `nil` for none.
    package static func median(milliseconds values: [Int64]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        let milliseconds =
            sorted.count % 2 == 1
            ? Double(sorted[middle]) : (Double(sorted[middle - 1]) + Double(sorted[middle])) / 2
        return milliseconds / 1000
    }
}

extension FunnelStats.UserSummary {
    /// Adds one event of the user's.
    mutating func add(_ kind: WalkthroughEvent.Kind, page: Int, time: Int64) {
        switch kind {
        case .started:
            startedAt = min(startedAt ?? time, time)
        case .page:
            pages.insert(page)
            furthest = max(furthest ?? page, page)
        case .finished(.completed):
            completedAt = min(completedAt ?? time, time)
        case .finished(.skipped):
            skipped = true
        case .quit, .interrupted, .exposed, .snoozed:
            break
        }
    }
}
