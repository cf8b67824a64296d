/// A goal a user reached (`walkthrough goal NAME`, `Onboarding.recordGoal`), as every store
/// keeps it in its goals table: who, which, and when (milliseconds since 1970, UTC).
///
/// `walkthrough events` lists it as a `goal` event, in its place in time among the sessions'
/// events (``ExperimentStore/forEachEventAndGoal(matching:_:)``); it belongs to no walkthrough,
/// so the funnel and a walkthrough's events never include it.
package struct ReachedGoal: Sendable, Hashable {
    /// When the goal was reached, in milliseconds since 1970.
    package var time: Int64
    /// Who reached it.
    package var user: String
    /// The goal's name.
    package var goal: String

    /// A goal reached by `user` at `time`.
    package init(time: Int64, user: String, goal: String) {
        self.time = time
        self.user = user
        self.goal = goal
    }
}
