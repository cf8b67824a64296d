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
