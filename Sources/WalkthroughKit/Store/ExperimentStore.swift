/// A store that keeps what experiments need: who was exposed to which variant, and the goals
/// users reached. ``SQLiteSeenStore``, `PostgresSeenStore` (`WalkthroughFleet`), ``InMemorySeenStore`` and the
/// replica conform; a host's own ``SeenStore`` does not (its sessions still carry their
/// variant, and write the `exposed` event when it records events).
///
/// Package, not public: hosts record goals with ``FirstRunGate/recordGoal(_:)`` (and
/// `Onboarding.recordGoal`), and read the result with `walkthrough stats ID --experiment
/// --json`.
///
/// Exposures are events (`WalkthroughEvent.Kind.exposed`), written by the player and the
/// one-call gate the first time a user is shown a variant or held out; goals are written by
/// ``recordGoal(_:user:)`` (`walkthrough goal NAME`, `Onboarding.recordGoal(_:)`).
package protocol ExperimentStore: EventRecordingStore {
    /// The group (a variant's id, or `holdout`) `user` was first exposed to in `experiment`
    /// of `walkthrough`, or `nil` when never exposed.
    func exposure(user: String, walkthrough: String, experiment: String) throws -> String?

    /// Records that `user` reached `goal` now. Durable when it returns.
    func recordGoal(_ goal: String, user: String) throws

    /// Per group: the users exposed, those of them who completed the walkthrough after their
    /// exposure, and those who reached `goal` at or after their exposure (`nil` goal: none).
    func experimentCounts(
        walkthrough: String, experiment: String, goal: String?
    ) throws -> [ExperimentCounts]

    /// Up to `limit` goals reached after `after` (their time, then the order they were
    /// written), oldest first, each with its key; only the user and the earliest time of
    /// `filter` apply (a goal belongs to no walkthrough). A store that predates goals, or a
    /// PostgreSQL role that may not read them, has none.
    func goalPage(
        matching filter: EventFilter, after: EventKey, limit: Int
    ) throws -> [(item: ReachedGoal, key: EventKey)]
}

extension ExperimentStore {
    /// The result of the walkthrough's experiment so far.
    ///
    /// - Parameters:
    ///   - walkthrough: The definition, with its `experiment`.
    ///   - goal: The goal to count; by default the experiment's first (with none, converting
    ///     means completing the walkthrough).
    /// - Returns: `nil` when the definition has no experiment.
    /// - Throws: Whatever the store throws when reading.
    package func experimentResult(
        of walkthrough: Walkthrough, goal: String? = nil
    ) throws -> ExperimentResult? {
        guard let experiment = walkthrough.experiment else { return nil }
        let goal = goal ?? experiment.goals.first
        let counts = try experimentCounts(
            walkthrough: walkthrough.id, experiment: experiment.id, goal: goal)
        return ExperimentResult(
            experiment: experiment, walkthrough: walkthrough.id, goal: goal, counts: counts)
    }
}

/// The experiment's queries, written once for both backends.
package enum ExperimentQueries {
    /// The counts per group, for `events` and `goals` tables whose user column is
    /// `userColumn`; parameters: the walkthrough, the experiment and the goal (`NULL`: none).
    ///
    /// A user's exposure is their earliest `exposed` event (there is one, unless two processes
    /// exposed the same user at once; the group is the same in both). A completion counts
    /// when it comes at or after the exposure, a goal when it is reached at or after it.
    package static func counts(
        events: String, goals: String, userColumn: String, parameter: (Int) -> String
    ) -> String {
        """
        WITH exposure AS (
            SELECT \(userColumn) AS u, min(time) AS t, min(variant) AS v FROM \(events)
            WHERE walkthrough = \(parameter(1)) AND experiment = \(parameter(2))
                AND event = 'exposed'
            GROUP BY \(userColumn)
        ),
        completion AS (
            SELECT \(userColumn) AS u, max(time) AS t FROM \(events)
            WHERE walkthrough = \(parameter(1)) AND experiment = \(parameter(2))
                AND event = 'finished' AND outcome = 'completed'
            GROUP BY \(userColumn)
        ),
        conversion AS (
            SELECT \(userColumn) AS u, max(time) AS t FROM \(goals)
            WHERE goal = \(parameter(3))
            GROUP BY \(userColumn)
        )
        SELECT x.v, count(*),
            coalesce(sum(CASE WHEN c.t >= x.t THEN 1 ELSE 0 END), 0),
            coalesce(sum(CASE WHEN g.t >= x.t THEN 1 ELSE 0 END), 0)
        FROM exposure x
            LEFT JOIN completion c ON c.u = x.u
            LEFT JOIN conversion g ON g.u = x.u
        GROUP BY x.v
        ORDER BY x.v
        """
    }

    /// The group of a user's first exposure; parameters: walkthrough, experiment, user.
    package static func exposure(
        events: String, userColumn: String, parameter: (Int) -> String
    )
        -> String
    {
        """
        SELECT variant FROM \(events)
        WHERE walkthrough = \(parameter(1)) AND experiment = \(parameter(2))
            AND \(userColumn) = \(parameter(3)) AND event = 'exposed'
        ORDER BY time, id LIMIT 1
        """
    }
}
