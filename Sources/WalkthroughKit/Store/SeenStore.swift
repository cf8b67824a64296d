/// Remembers, per user and per walkthrough, whether the user has been through it.
///
/// This is `UserDefaults.standard.bool(forKey: "hasViewedWalkthrough")` of the iOS original,
/// made durable, multi-user and multi-process. ``SQLiteSeenStore`` is the default;
/// ``InMemorySeenStore`` keeps nothing on disk. A tool may bring its own conformance: only
/// ``record(user:walkthrough:)``, ``markSeen(user:walkthrough:version:outcome:)``,
/// ``saveProgress(user:walkthrough:version:page:)``, ``reset(user:walkthrough:)`` and
/// ``records(user:)`` must be written; the rest have default implementations.
///
/// Rules every store follows (the shared test suite checks them):
/// - `markSeen` upserts a `completed` or `skipped` record, keeping the stored `lastPage`; it never
///   replaces a seen record of a *newer* version, nor a `completed` one of the same version with
///   `skipped` (skipping a replay does not undo having completed it).
/// - `saveProgress` never downgrades: a record already `completed` or `skipped` at the same or a
///   newer version is left untouched, so quitting a replay part-way still counts as seen.
/// - Page indices are 0-based.
public protocol SeenStore: Sendable {
    /// The record for one user and walkthrough, or `nil` when there is none.
    func record(user: String, walkthrough: String) throws -> SeenRecord?

    /// Whether the user completed or skipped the walkthrough at `version` or a later one.
    func hasSeen(user: String, walkthrough: String, version: Int) throws -> Bool

    /// Records that the user finished the walkthrough at `version`. Durable when it returns.
    func markSeen(
        user: String, walkthrough: String, version: Int, outcome: Navigator.FinishOutcome) throws

    /// Records that the user is on page `page` (0-based) of an unfinished run at `version`.
    func saveProgress(user: String, walkthrough: String, version: Int, page: Int) throws

    /// Removes the user's record for `walkthrough`, or all of the user's records when
    /// `walkthrough` is `nil`.
    ///
    /// - Returns: The number of records removed.
    func reset(user: String, walkthrough: String?) throws -> Int

    /// Removes every user's record for `walkthrough`.
    ///
    /// - Returns: The number of records removed.
    func resetAllUsers(walkthrough: String) throws -> Int

    /// Every record of `user`, or of every user when `user` is `nil`, ordered by user then
    /// walkthrough.
    func records(user: String?) throws -> [SeenRecord]

    /// Calls `body` with every record of `user`, or of every user when `user` is `nil`, in the
    /// order of ``records(user:)``, without holding them all in memory at once where the store
    /// can avoid it: ``SQLiteSeenStore`` reads them a page at a time, so listing a store of a
    /// million records takes the memory of one page.
    ///
    /// - Throws: What reading throws, or what `body` throws (which ends the iteration).
    func forEachRecord(user: String?, _ body: (SeenRecord) throws -> Void) throws
}

extension SeenStore {
    /// Default: reads the record and compares.
    public func hasSeen(user: String, walkthrough: String, version: Int) throws -> Bool {
        try record(user: user, walkthrough: walkthrough)?.isSeen(atLeast: version) ?? false
    }

    /// Default: ``records(user:)``, one record at a time.
    public func forEachRecord(user: String?, _ body: (SeenRecord) throws -> Void) throws {
        for record in try records(user: user) { try body(record) }
    }

    /// Default: resets each user who has a record of `walkthrough`.
    public func resetAllUsers(walkthrough: String) throws -> Int {
        var removed = 0
        for record in try records(user: nil) where record.walkthrough == walkthrough {
            removed += try reset(user: record.user, walkthrough: walkthrough)
        }
        return removed
    }

    // MARK: - Walkthrough conveniences

    /// The user's record for `walkthrough`.
    public func record(user: String, walkthrough: Walkthrough) throws -> SeenRecord? {
        try record(user: user, walkthrough: walkthrough.id)
    }

    /// Whether the user has seen the current version of `walkthrough`.
    public func hasSeen(user: String, walkthrough: Walkthrough) throws -> Bool {
        try hasSeen(user: user, walkthrough: walkthrough.id, version: walkthrough.version)
    }

    /// Records that the user finished the current version of `walkthrough`.
    public func markSeen(
        user: String, walkthrough: Walkthrough, outcome: Navigator.FinishOutcome = .completed
    ) throws {
        try markSeen(
            user: user, walkthrough: walkthrough.id, version: walkthrough.version,
            outcome: outcome)
    }

    /// Records that the user is on page `page` (0-based) of the current version of `walkthrough`.
    public func saveProgress(user: String, walkthrough: Walkthrough, page: Int) throws {
        try saveProgress(
            user: user, walkthrough: walkthrough.id, version: walkthrough.version, page: page)
    }

    /// Removes the user's record of `walkthrough`.
    @discardableResult
    public func reset(user: String, walkthrough: Walkthrough) throws -> Int {
        try reset(user: user, walkthrough: walkthrough.id)
    }
}
