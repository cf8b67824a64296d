// MARK: - Experiments through the replica

extension ReplicaSeenStore: ExperimentStore {
    /// The group this machine first exposed `user` to: exposures are events, written locally
    /// and pushed with the outbox. (A user first exposed on another machine is exposed again
    /// here, to the same group: assignment does not depend on the machine.)
    package func exposure(user: String, walkthrough: String, experiment: String) throws -> String? {
        try local.exposure(user: user, walkthrough: walkthrough, experiment: experiment)
    }

    /// Records the goal at the server, within the network budget: goals are what `stats
    /// --experiment` counts there.
    ///
    /// - Throws: ``SeenStoreError`` when the server cannot be reached within the budget.
    package func recordGoal(_ goal: String, user: String) throws {
        guard let server = serverWithinBudget() else {
            throw SeenStoreError.server(
                PostgresStoreError(
                    kind: .connectionFailed, location: location,
                    message: "the goal was not recorded: the server could not be reached within "
                        + "the network budget"))
        }
        try server.recordGoal(goal, user: user)
    }

    /// The fleet's figures: the server's, once this machine's outbox is pushed.
    package func experimentCounts(
        walkthrough: String, experiment: String, goal: String?
    ) throws -> [ExperimentCounts] {
        try requireServer().experimentCounts(
            walkthrough: walkthrough, experiment: experiment, goal: goal)
    }
}
