public import WalkthroughKit

extension Onboarding {
    /// Records that the user reached `goal` (the thing the onboarding is for: a first pin, a
    /// first project), for the walkthroughs' experiments that are judged by it.
    ///
    /// ```swift
    /// try Onboarding.recordGoal("first-pin")     // the current user, the default store
    /// ```
    ///
    /// A goal counts for an experiment when it comes at or after the user's exposure to it
    /// (`walkthrough stats ID --experiment --goal first-pin`). Nothing is recorded when
    /// `WALKTHROUGH_EVENTS` turns events off.
    ///
    /// - Parameters:
    ///   - goal: The goal's name, as the definition's `experiment.goals` lists it.
    ///   - user: Who reached it; by default the login name.
    ///   - store: The store; by default the SQLite store at the default path.
    ///   - environment: The variables read for the defaults; the process's by default.
    /// - Throws: ``OnboardingError/invalidUser(name:problem:)`` or
    ///   ``OnboardingError/store(_:)``.
    public static func recordGoal(
        _ goal: String, user: String? = nil, store: SeenStoreLocation = .defaultPath,
        environment: [String: String] = ProcessEnvironment.current()
    ) throws(OnboardingError) {
        guard EventRecording.isEnabled(environment: environment) else { return }
        do {
            try FirstRunGate(user: user, store: store, environment: environment).recordGoal(goal)
        } catch {
            throw OnboardingError(error)
        }
    }
}
