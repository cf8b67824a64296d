extension SeenRecord {
    /// Where a user stands with one walkthrough.
    public enum Outcome: String, Sendable, Hashable, CaseIterable {
        /// Went through to the end and took the finish action.
        case completed
        /// Skipped the rest.
        case skipped
        /// Started and has not finished yet.
        case inProgress
        /// Put off by the user ("later": the player's `z`) until ``SeenRecord/snoozedUntil``:
        /// not seen, and not due until then; the run resumes where it stopped.
        case snoozed

        /// Whether this outcome counts as having seen the walkthrough.
        public var countsAsSeen: Bool { self == .completed || self == .skipped }

        /// Whether this outcome is an unfinished run (``inProgress`` or ``snoozed``), which a
        /// session of the same version resumes.
        public var isUnfinished: Bool { !countsAsSeen }

        /// The stored outcome of a finished walkthrough.
        public init(_ outcome: Navigator.FinishOutcome) {
            switch outcome {
            case .completed: self = .completed
            case .skipped: self = .skipped
            }
        }
    }
}

/// One user's state for one walkthrough, as a ``SeenStore`` keeps it.
public struct SeenRecord: Sendable, Hashable {
    /// The user the record belongs to.
    public var user: String
    /// The walkthrough's identifier.
    public var walkthrough: String
    /// The walkthrough version the outcome applies to.
    public var version: Int
    /// Completed, skipped, still in progress, or snoozed.
    public var outcome: SeenRecord.Outcome
    /// The last page shown, as a 0-based index (the command line shows it 1-based).
    public var lastPage: Int
    /// When the record last changed.
    public var updatedAt: Timestamp
    /// Until when a ``SeenRecord/Outcome/snoozed`` record keeps the walkthrough from being due;
    /// `nil` for every other outcome.
    public var snoozedUntil: Timestamp?

    /// Creates a record.
    public init(
        user: String, walkthrough: String, version: Int, outcome: SeenRecord.Outcome, lastPage: Int,
        updatedAt: Timestamp, snoozedUntil: Timestamp? = nil
    ) {
        self.snoozedUntil = snoozedUntil
        self.user = user
        self.walkthrough = walkthrough
        self.version = version
        self.outcome = outcome
        self.lastPage = lastPage
        self.updatedAt = updatedAt
    }

    /// Whether this record means the user has seen `version` (or a later one).
    public func isSeen(atLeast version: Int) -> Bool {
        outcome.countsAsSeen && self.version >= version
    }
}
