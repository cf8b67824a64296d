/// What ``ExperimentStore/experimentCounts(walkthrough:experiment:goal:)`` counts for one
/// group of users.
package struct ExperimentCounts: Sendable, Hashable {
    /// The group: a variant's id, or `holdout`.
    package var variant: String
    /// Users exposed to it.
    package var exposed: Int
    /// Of those, users who completed the walkthrough after their exposure.
    package var completed: Int
    /// Of those, users who reached the goal at or after their exposure.
    package var converted: Int

    /// Creates counts.
    package init(variant: String, exposed: Int, completed: Int, converted: Int) {
        self.variant = variant
        self.exposed = exposed
        self.completed = completed
        self.converted = converted
    }
}
