/// One line of `walkthrough events`: an event of a session, or a goal a user reached (the
/// `goal` event).
package enum RecordedEvent: Sendable, Hashable {
    /// An event a session wrote.
    case session(WalkthroughEvent)
    /// A goal reached (``ExperimentStore/recordGoal(_:user:)``).
    case goal(ReachedGoal)
}

extension ExperimentStore {
    /// Calls `body` with every event `filter` lets through and, in their place in time, the
    /// goals reached (after the events of their millisecond), oldest first: a page of each at a
    /// time. A filter naming a walkthrough lets no goal through: goals belong to none.
    package func forEachEventAndGoal(
        matching filter: EventFilter, _ body: (RecordedEvent) throws -> Void
    ) throws {
        var goals = GoalCursor(store: self, filter: filter)
        try forEachEvent(matching: filter) { event in
            while let goal = try goals.next(before: event.time.millisecondsSince1970) {
                try body(.goal(goal))
            }
            try body(.session(event))
        }
        while let goal = try goals.next(before: nil) { try body(.goal(goal)) }
    }
}

/// The goals of ``ExperimentStore/forEachEventAndGoal(matching:_:)``, read a page at a time as
/// the events reach them.
private struct GoalCursor<Store: ExperimentStore> {
    let store: Store
    let filter: EventFilter
    private var page: [(item: ReachedGoal, key: EventKey)] = []
    private var index = 0
    private var after = EventKey.start
    private var exhausted: Bool

    init(store: Store, filter: EventFilter) {
        self.store = store
        self.filter = filter
        exhausted = filter.walkthrough != nil
    }

    /// The next goal reached before `time` (milliseconds; `nil`: any time), or `nil`.
    mutating func next(before time: Int64?) throws -> ReachedGoal? {
        if index == page.count {
            guard !exhausted else { return nil }
            page = try store.goalPage(matching: filter, after: after, limit: KeysetPaging.pageSize)
            index = 0
            exhausted = page.count < KeysetPaging.pageSize
            guard let last = page.last else { return nil }
            guard last.key != after else {
                exhausted = true
                page = []
                return nil
            }
            after = last.key
        }
        let goal = page[index].item
        if let time, goal.time >= time { return nil }
        index += 1
        return goal
    }
}
