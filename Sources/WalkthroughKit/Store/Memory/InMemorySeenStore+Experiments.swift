// MARK: - Experiments

extension InMemorySeenStore: ExperimentStore {
    /// The group of the user's first `exposed` event in `experiment` of `walkthrough`, or
    /// `nil` when never exposed: the rule of the SQL stores (``ExperimentQueries``).
    package func exposure(user: String, walkthrough: String, experiment: String) -> String? {
        var first: String?
        // Oldest first: the first exposed event is the user's exposure.
        forEachEvent(matching: EventFilter(walkthrough: walkthrough, user: user)) { event in
            guard first == nil, event.kind == .exposed,
                event.experiment.map({ $0.utf8.elementsEqual(experiment.utf8) }) == true
            else { return }
            first = event.variant
        }
        return first
    }

    /// Appends the goal, stamped now.
    package func recordGoal(_ goal: String, user: String) {
        let stamp = now().millisecondsSince1970
        goalLog.withLock { $0.append(ReachedGoal(time: stamp, user: user, goal: goal)) }
    }

    /// A page of the goals `filter`'s user and time let through, in the order recorded (the
    /// position in the log is the key's id).
    package func goalPage(
        matching filter: EventFilter, after: EventKey, limit: Int
    ) -> [(item: ReachedGoal, key: EventKey)] {
        let earliest = filter.since?.millisecondsSince1970 ?? Int64.min
        let goals = goalLog.withLock { $0 }.enumerated().compactMap {
            (offset, goal) -> (item: ReachedGoal, key: EventKey)? in
            let key = EventKey(time: goal.time, id: Int64(offset))
            guard (key.time, key.id) > (after.time, after.id), goal.time >= earliest,
                filter.user.map({ $0.utf8.elementsEqual(goal.user.utf8) }) ?? true
            else { return nil }
            return (goal, key)
        }
        let ordered = goals.sorted { ($0.key.time, $0.key.id) < ($1.key.time, $1.key.id) }
        return Array(ordered.prefix(limit))
    }

    /// The counts per group, as the SQL stores' one query counts them: a user's exposure is
    /// their earliest `exposed` event; a completion counts when it comes at or after it, a goal
    /// when it is reached at or after it. Groups in byte order of their names.
    package func experimentCounts(
        walkthrough: String, experiment: String, goal: String?
    ) -> [ExperimentCounts] {
        let exposed = exposures(walkthrough: walkthrough, experiment: experiment)
        var completed: [[UInt8]: Int64] = [:]
        forEachEvent(matching: EventFilter(walkthrough: walkthrough)) { event in
            guard event.experiment.map({ $0.utf8.elementsEqual(experiment.utf8) }) == true,
                event.kind == .finished(.completed)
            else { return }
            let time = event.time.millisecondsSince1970
            completed[Array(event.user.utf8)] = max(completed[Array(event.user.utf8)] ?? time, time)
        }
        var reached: [[UInt8]: Int64] = [:]
        if let goal {
            for entry in goalLog.withLock({ $0 }) where entry.goal.utf8.elementsEqual(goal.utf8) {
                reached[Array(entry.user.utf8)] = max(
                    reached[Array(entry.user.utf8)] ?? entry.time, entry.time)
            }
        }
        var groups: [[UInt8]: ExperimentCounts] = [:]
        for (user, exposure) in exposed {
            let key = Array(exposure.variant.utf8)
            var counts =
                groups[key]
                ?? ExperimentCounts(
                    variant: exposure.variant, exposed: 0, completed: 0, converted: 0)
            counts.exposed += 1
            if let time = completed[user], time >= exposure.time { counts.completed += 1 }
            if let time = reached[user], time >= exposure.time { counts.converted += 1 }
            groups[key] = counts
        }
        return groups.sorted { $0.key.lexicographicallyPrecedes($1.key) }.map(\.value)
    }

    /// Per user (by UTF-8 bytes): the time of the earliest `exposed` event of `experiment` in
    /// `walkthrough`, and the smallest group name among them.
    private func exposures(
        walkthrough: String, experiment: String
    ) -> [[UInt8]: (time: Int64, variant: String)] {
        var found: [[UInt8]: (time: Int64, variant: String)] = [:]
        forEachEvent(matching: EventFilter(walkthrough: walkthrough)) { event in
            guard event.kind == .exposed,
                event.experiment.map({ $0.utf8.elementsEqual(experiment.utf8) }) == true
            else { return }
            let key = Array(event.user.utf8)
            let time = event.time.millisecondsSince1970
            let variant = event.variant ?? ""
            guard let known = found[key] else {
                found[key] = (time, variant)
                return
            }
            let smaller = variant.utf8.lexicographicallyPrecedes(known.variant.utf8)
            found[key] = (min(known.time, time), smaller ? variant : known.variant)
        }
        return found
    }
}
