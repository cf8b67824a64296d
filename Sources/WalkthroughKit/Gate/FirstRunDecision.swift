/// What ``FirstRunGate/decide(_:restart:force:recordsEvents:allPages:)`` answered.
///
/// ```swift
/// switch try gate.decide("foodpin") {
/// case .alreadySeen(let record):
///     print("seen version \(record.version) (\(record.outcome))")
/// case .show(let session):
///     if session.isResuming { print("resuming at page \(session.resumedAt + 1)") }
///     // play the session
/// }
/// ```
public enum FirstRunDecision {
    /// The user completed or skipped this version of the walkthrough, or a later one: show
    /// nothing. The record says when and how.
    case alreadySeen(SeenRecord)
    /// Show nothing: a rule of the definition's `when`, or the quiet switch, holds it back (any
    /// reason but ``DueDecision/Reason/seen``, which is ``alreadySeen(_:)``).
    case notDue(DueDecision)
    /// Show the walkthrough with this session: on its first page, or, when an unfinished run of
    /// the same version is stored, on the page it stopped at (``Session/resumedAt``).
    case show(Session)

    /// The session to play, when the walkthrough is to be shown.
    public var session: Session? {
        if case .show(let session) = self { return session }
        return nil
    }

    /// The page (0-based) an unfinished run resumes at, or `nil` when the walkthrough starts on
    /// its first page or is not to be shown.
    public var resumePage: Int? {
        guard let session, session.isResuming else { return nil }
        return session.resumedAt
    }
}

extension FirstRunGate {
    /// What ``FirstRunGate/status(of:)`` found, read-only: the walkthrough, the user's record, and
    /// what the gate would do.
    public struct Status: Sendable, Hashable {
        /// The walkthrough, loaded and checked.
        public var walkthrough: Walkthrough
        /// The user asked about.
        public var user: String
        /// The user's record of the walkthrough, of any version, or `nil` when there is none.
        public var record: SeenRecord?

        /// Creates a status.
        public init(walkthrough: Walkthrough, user: String, record: SeenRecord?) {
            self.walkthrough = walkthrough
            self.user = user
            self.record = record
        }

        /// Whether the user completed or skipped the current version (or a later one): the
        /// walkthrough would not be shown.
        public var isSeen: Bool { record?.isSeen(atLeast: walkthrough.version) ?? false }

        /// The page (0-based) an unfinished run of the current version would resume at, or `nil`
        /// when it would start on its first page (or is seen).
        public var resumePage: Int? {
            guard let record, record.outcome.isUnfinished, record.version == walkthrough.version
            else { return nil }
            let page = min(max(record.lastPage, 0), walkthrough.pages.count - 1)
            return page > 0 ? page : nil
        }
    }
}
