import WalkthroughKit

extension PlayCommand {
    /// Records the user's exposure to the holdout the first time `play` holds them out: the
    /// one write of a `play` that shows nothing.
    func recordHoldout(
        of definition: Walkthrough, user: String, path: String, in context: CommandContext
    ) throws {
        let environment = context.environment
        guard EventRecording.isEnabled(environment: environment) else { return }
        let seenStore = try SeenStores.open(path, environment: environment)
        try ExperimentExposure.recordHoldout(
            of: definition, user: user, store: seenStore, recordsEvents: true)
    }
}
