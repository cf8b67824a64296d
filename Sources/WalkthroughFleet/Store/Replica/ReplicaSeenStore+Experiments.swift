package import WalkthroughKit

// MARK: - Experiments through the replica

extension ReplicaSeenStore: ExperimentStore {
    /// The group this machine first exposed `user` to: exposures are events, written locally
    /// and pushed with the outbox. (A user first exposed on another machine is exposed again
    /// here, to the same group: assignment does not depend on the machine.)
    package func exposure(user: String, walkthrough: String, experiment: String) throws -> String? {
        try local.exposure(user: user, walkthrough: walkthrough, experiment: experiment)
    }

    /// Commits the goal to the replica with its outbox entry in one transaction (durable here
    /// when it returns), then pushes within the budget: a server out of reach gets it with
    /// the next command that reaches it (`walkthrough sync`, or any write), once, by the
    /// entry's id, with the time it was reached here.
    ///
    /// - Throws: ``SeenStoreError`` when the replica cannot be written, or the user is not the
    ///   one row security binds this role to.
    package func recordGoal(_ goal: String, user: String) throws(SeenStoreError) {
        try checkUser(user)
        let stamp = now().millisecondsSince1970
        try local.transaction { transaction throws(SeenStoreError) in
            try transaction.recordGoal(goal, user: user, stamp: stamp)
            try Self.enqueue(OutboxEntry(goal: goal, user: user, stamp: stamp), in: transaction)
        }
        pushWithinBudget()
    }

    /// The goals for `walkthrough events`: the server's, once this machine's outbox is pushed,
    /// for the administrative views (as the events); else this machine's.
    package func goalPage(
        matching filter: EventFilter, after: EventKey, limit: Int
    ) throws -> [(item: ReachedGoal, key: EventKey)] {
        if options.administrative {
            return try presentServer()?.goalPage(matching: filter, after: after, limit: limit) ?? []
        }
        return try local.goalPage(matching: filter, after: after, limit: limit)
    }

    /// The fleet's figures: the server's, once this machine's outbox is pushed.
    package func experimentCounts(
        walkthrough: String, experiment: String, goal: String?
    ) throws -> [ExperimentCounts] {
        try requireServer().experimentCounts(
            walkthrough: walkthrough, experiment: experiment, goal: goal)
    }
}
