/// A session's place in its walkthrough's experiment: the group every event it writes
/// carries, and whether its start records the user's exposure.
package struct SessionExperiment: Sendable, Hashable {
    /// The experiment's id.
    public var experiment: String
    /// The user's group: a variant's id.
    public var variant: String
    /// Whether ``Session/start()`` writes an `exposed` event: the first time the user is shown
    /// a variant.
    public var exposesOnStart: Bool

    /// Creates a session's experiment.
    public init(experiment: String, variant: String, exposesOnStart: Bool) {
        self.experiment = experiment
        self.variant = variant
        self.exposesOnStart = exposesOnStart
    }
}

/// Exposure, as the player and the one-call gate record it: the first time a user is shown a
/// variant (in the session's first step) or is held out (an event of its own).
package enum ExperimentExposure {
    /// The experiment of a session about to show `walkthrough` to `user`: the variant the
    /// decision assigned (exposed on start when never exposed before). A forced replay, which
    /// no decision assigned, carries the variant only of a user already exposed.
    ///
    /// - Returns: `nil` without an experiment, or with a store that keeps none.
    /// - Throws: ``SeenStoreError`` when the store cannot be read.
    package static func sessionExperiment(
        for walkthrough: Walkthrough, decision: DueDecision?, user: String,
        store: any SeenStore
    ) throws -> SessionExperiment? {
        guard let experiment = walkthrough.experiment,
            let store = SeenStoreCapabilities.experiments(store)
        else { return nil }
        let exposed = try store.exposure(
            user: user, walkthrough: walkthrough.id, experiment: experiment.id)
        if let group = decision?.group, group != .holdout {
            return SessionExperiment(
                experiment: experiment.id, variant: experiment.name(of: group),
                exposesOnStart: exposed == nil)
        }
        return exposed.map {
            SessionExperiment(experiment: experiment.id, variant: $0, exposesOnStart: false)
        }
    }

    /// Records that `user` is held out of the walkthrough's experiment, unless already
    /// recorded: an `exposed` event with the variant `holdout`, on the first page.
    ///
    /// - Returns: Whether it wrote the exposure.
    /// - Throws: ``SeenStoreError`` when the store cannot be read or written.
    @discardableResult
    package static func recordHoldout(
        of walkthrough: Walkthrough, user: String, store: any SeenStore, recordsEvents: Bool
    ) throws -> Bool {
        guard recordsEvents, let experiment = walkthrough.experiment,
            let store = SeenStoreCapabilities.experiments(store),
            try store.exposure(user: user, walkthrough: walkthrough.id, experiment: experiment.id)
                == nil
        else { return false }
        try store.write(
            SessionStep(
                user: user, walkthrough: walkthrough.id, version: walkthrough.version,
                change: nil, events: [.init(.exposed, page: 0)], locale: walkthrough.locale,
                variant: Experiment.holdoutName, experiment: experiment.id))
        return true
    }
}
