/// A step whose change depends on the user's record as it stands when the step is written
/// (`walkthrough serve`'s steps: whether one resumes an unfinished run), for
/// ``EventRecordingStore/write(pending:)``.
package struct PendingStep: Sendable {
    /// What became of a pending step.
    package struct Outcome: Sendable, Hashable {
        /// Whether it was written now (`false`: its client id was written before).
        package var written: Bool
        /// The user's record of the walkthrough once the batch was written.
        package var record: SeenRecord?

        /// An outcome.
        package init(written: Bool, record: SeenRecord?) {
            self.written = written
            self.record = record
        }
    }

    /// The user the step is for.
    package var user: String
    /// The walkthrough whose record ``make`` is given.
    package var walkthrough: String
    /// The step to write, given the user's record of ``walkthrough`` just before it (an
    /// earlier step of the same batch included).
    package var make: @Sendable (SeenRecord?) -> SessionStep

    /// A pending step.
    package init(
        user: String, walkthrough: String, make: @escaping @Sendable (SeenRecord?) -> SessionStep
    ) {
        self.user = user
        self.walkthrough = walkthrough
        self.make = make
    }
}
