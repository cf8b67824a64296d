/// What an experiment shows so far: per group, who was exposed, completed and converted, each
/// variant against the control, and whether the groups are the sizes the weights promise.
///
/// ```swift
/// let result = try store.experimentResult(of: walkthrough)
/// for group in result.groups { print(group.variant, group.conversionRate ?? 0, group.pValue ?? 1) }
/// ```
///
/// The arithmetic, for a variant (x converted of n exposed) against the control (x₀ of n₀):
/// the difference d = x/n − x₀/n₀; its 95 % interval d ± 1.959964 × √(p(1−p)/n + p₀(1−p₀)/n₀)
/// (unpooled); the two-sided p-value of the two-proportion z-test, z = d / √(p̄(1−p̄)(1/n +
/// 1/n₀)) with the pooled p̄ = (x + x₀)/(n + n₀). The sample-ratio check is Pearson's
/// chi-square test of the exposed counts against the shares the holdout and the weights give.
package struct ExperimentResult: Sendable, Hashable {
    /// One group's figures.
    package struct Group: Sendable, Hashable {
        /// The variant's id, or `holdout`.
        package var variant: String
        /// Users exposed.
        package var exposed: Int
        /// Of those, users who completed the walkthrough after their exposure.
        package var completed: Int
        /// Of those, users who reached the goal at or after their exposure (without a goal:
        /// those who completed).
        package var converted: Int
        /// `completed / exposed`; `nil` with nobody exposed.
        package var completionRate: Double?
        /// `converted / exposed`; `nil` with nobody exposed.
        package var conversionRate: Double?
        /// The conversion rate minus the control's; `nil` for the control, or when either
        /// group has nobody exposed.
        package var difference: Double?
        /// The low end of the difference's 95 % interval.
        package var ciLow: Double?
        /// The high end of the difference's 95 % interval.
        package var ciHigh: Double?
        /// The two-sided p-value of the two-proportion z-test against the control.
        package var pValue: Double?
    }

    /// The sample-ratio-mismatch p-value below which the result is not to be trusted.
    package static let mismatchThreshold = 0.001
    /// The fewest users who converted, and who did not, each compared group needs before the
    /// normal approximation is trusted (the textbook np ≥ 10 and n(1 − p) ≥ 10).
    package static let minimumOutcomes = 10

    /// The walkthrough's id.
    package var walkthrough: String
    /// The experiment's id.
    package var experiment: String
    /// The goal conversions count; `nil`: the experiment has none, and converting means
    /// completing the walkthrough.
    package var goal: String?
    /// The p-value of Pearson's chi-square test of the exposed counts against the shares the
    /// holdout and weights give; `nil` with nobody exposed or a single group.
    package var srmPValue: Double?
    /// The variants in definition order (the control first), then the holdout when there is
    /// one.
    package var groups: [Group]

    /// Whether the groups' sizes are so far from the weights that the assignment or the
    /// recording is likely broken (``srmPValue`` below ``mismatchThreshold``).
    package var hasSampleRatioMismatch: Bool {
        (srmPValue ?? 1) < Self.mismatchThreshold
    }

    /// Computes the result from the store's counts.
    ///
    /// - Parameters:
    ///   - experiment: The definition's experiment: its groups and their shares.
    ///   - walkthrough: The walkthrough's id.
    ///   - goal: The goal counted; `nil` for none.
    ///   - counts: What ``ExperimentStore/experimentCounts(walkthrough:experiment:goal:)``
    ///     found; groups the definition no longer has are left out.
    package init(
        experiment: Experiment, walkthrough: String, goal: String?, counts: [ExperimentCounts]
    ) {
        self.walkthrough = walkthrough
        self.experiment = experiment.id
        self.goal = goal
        let byName = Dictionary(counts.map { ($0.variant, $0) }, uniquingKeysWith: { a, _ in a })
        groups = experiment.groupNames.map { name in
            let count =
                byName[name]
                ?? ExperimentCounts(variant: name, exposed: 0, completed: 0, converted: 0)
            let converted = goal == nil ? count.completed : count.converted
            let n = Double(count.exposed)
            return Group(
                variant: name, exposed: count.exposed, completed: count.completed,
                converted: converted,
                completionRate: count.exposed > 0 ? Double(count.completed) / n : nil,
                conversionRate: count.exposed > 0 ? Double(converted) / n : nil)
        }
        if let control = groups.first {
            for index in groups.indices.dropFirst() {
                Self.compare(&groups[index], with: control)
            }
        }
        srmPValue = Self.sampleRatioPValue(groups.map(\.exposed), shares: Self.shares(experiment))
    }

    /// Whether `group` and the control each have ``minimumOutcomes`` users who converted and
    /// who did not: below that, the interval and the p-value are not to be read.
    package func hasEnoughData(_ group: Group) -> Bool {
        guard let control = groups.first else { return false }
        return [group, control].allSatisfy {
            $0.converted >= Self.minimumOutcomes
                && $0.exposed - $0.converted >= Self.minimumOutcomes
        }
    }

    // MARK: - The arithmetic

    /// Fills in `group`'s comparison with `control`.
    private static func compare(_ group: inout Group, with control: Group) {
        guard group.exposed > 0, control.exposed > 0 else { return }
        let (x1, n1) = (Double(group.converted), Double(group.exposed))
        let (x0, n0) = (Double(control.converted), Double(control.exposed))
        let (p1, p0) = (x1 / n1, x0 / n0)
        let difference = p1 - p0
        let unpooled = (p1 * (1 - p1) / n1 + p0 * (1 - p0) / n0).squareRoot()
        group.difference = difference
        group.ciLow = difference - Statistics.z95 * unpooled
        group.ciHigh = difference + Statistics.z95 * unpooled
        let pooled = (x1 + x0) / (n1 + n0)
        let standardError = (pooled * (1 - pooled) * (1 / n1 + 1 / n0)).squareRoot()
        // Both groups all converted, or none did: no difference to test.
        group.pValue =
            standardError > 0 ? Statistics.twoSidedPValue(difference / standardError) : 1
    }

    /// Each group's expected share: the holdout its percentage, each variant its weight's part
    /// of the rest.
    static func shares(_ experiment: Experiment) -> [Double] {
        let total = Double(experiment.variants.reduce(0) { $0 + $1.weight })
        let rest = 1 - Double(experiment.holdout) / 100
        return experiment.variants.map { rest * Double($0.weight) / total }
            + (experiment.holdout > 0 ? [Double(experiment.holdout) / 100] : [])
    }

    /// The p-value of Pearson's chi-square test of `observed` against `shares`, with one
    /// degree of freedom fewer than the groups.
    static func sampleRatioPValue(_ observed: [Int], shares: [Double]) -> Double? {
        let total = Double(observed.reduce(0, +))
        guard total > 0, observed.count >= 2 else { return nil }
        var statistic = 0.0
        for (count, share) in zip(observed, shares) {
            let expected = total * share
            statistic += (Double(count) - expected) * (Double(count) - expected) / expected
        }
        return Statistics.chiSquareSurvival(statistic, degrees: observed.count - 1)
    }
}
