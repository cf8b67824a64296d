extension DueDecision {
    /// Assigns `user` to the walkthrough's experiment, if it has one: sets ``group`` and, for
    /// the holdout, returns the decision ``DueDecision/Reason/holdout``.
    static func holdout(
        of walkthrough: Walkthrough, user: String, into decision: inout DueDecision
    ) -> DueDecision? {
        guard let experiment = walkthrough.experiment else { return nil }
        let bucket = experiment.bucket(of: user)
        let group = experiment.group(ofBucket: bucket)
        decision.group = group
        guard group == .holdout else { return nil }
        decision.reason = .holdout
        decision.detail =
            "\(user) is in the holdout of experiment \(experiment.id) (bucket \(bucket), below "
            + "\(experiment.holdoutBuckets)): shown nothing"
        return decision
    }

    /// The name of the user's group (a variant's id, or `holdout`), when the walkthrough has an
    /// experiment and the decision got as far as assigning it.
    public func groupName(in walkthrough: Walkthrough) -> String? {
        guard let group, let experiment = walkthrough.experiment else { return nil }
        return experiment.name(of: group)
    }
}
