/// A store that keeps what experiments need: who was exposed to which variant, and the goals
/// users reached. ``SQLiteSeenStore`` and ``PostgresSeenStore`` conform.
///
/// Exposures are events (``WalkthroughEvent/Kind/exposed``), written by the player and the
/// one-call gate the first time a user is shown a variant or held out; goals are written by
/// ``recordGoal(_:user:)`` (`walkthrough goal NAME`, `Onboarding.recordGoal(_:)`).
public protocol ExperimentStore: EventRecordingStore {
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
}

/// What ``ExperimentStore/experimentCounts(walkthrough:experiment:goal:)`` counts for one
/// group of users.
public struct ExperimentCounts: Sendable, Hashable {
    /// The group: a variant's id, or `holdout`.
    public var variant: String
    /// Users exposed to it.
    public var exposed: Int
    /// Of those, users who completed the walkthrough after their exposure.
    public var completed: Int
    /// Of those, users who reached the goal at or after their exposure.
    public var converted: Int

    /// Creates counts.
    public init(variant: String, exposed: Int, completed: Int, converted: Int) {
        self.variant = variant
        self.exposed = exposed
        self.completed = completed
        self.converted = converted
    }
}

/// The experiment's queries, written once for both backends.
enum ExperimentQueries {
    /// The counts per group, for `events` and `goals` tables whose user column is
    /// `userColumn`; parameters: the walkthrough, the experiment and the goal (`NULL`: none).
    ///
    /// A user's exposure is their earliest `exposed` event (there is one, unless two processes
    /// exposed the same user at once; the group is the same in both). A completion counts
    /// when it comes at or after the exposure, a goal when it is reached at or after it.
    static func counts(
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
    static func exposure(events: String, userColumn: String, parameter: (Int) -> String)
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
