/// The store's one write rule: when a finished outcome or a page of progress replaces the
/// stored record of a user's walkthrough, and when the stored record is kept.
///
/// Written once, as data: ``keeps(_:version:outcome:)`` reads it in Swift (the in-memory store,
/// and what a command says it recorded), and ``SeenSQL`` renders the same clauses as the
/// `WHERE` of each SQL dialect's upsert, so every backend follows one description.
///
/// - A finished outcome (`markSeen`) never replaces a seen record of a newer version, nor a
///   `completed` record of the same version with `skipped`: skipping a replay does not undo
///   having completed it.
/// - Progress (`saveProgress`) never downgrades a record already `completed` or `skipped` at
///   the same or a newer version: quitting a replay part-way still counts as seen.
/// - A snooze (the player's `z`, `walkthrough mark --snoozed`) follows the rule of progress: it
///   never replaces a seen record of the same or a newer version.
package enum SeenWriteRule: Sendable, Hashable {
    /// A finished outcome: `completed` or `skipped`.
    case seen
    /// Progress of an unfinished run.
    case progress
    /// An unfinished run put off until a time (`snoozed`).
    case snooze

    /// One condition on the stored record (`old`) and the incoming one (`new`).
    package enum Clause: Sendable, Hashable {
        /// The stored record is `completed` or `skipped`.
        case storedIsSeen
        /// The stored version compares with the new one as given.
        case storedVersion(Comparison)
        /// The stored record has this outcome.
        case storedOutcome(SeenRecord.Outcome)
        /// The incoming record has this outcome.
        case newOutcome(SeenRecord.Outcome)
    }

    /// How the stored version compares with the incoming one.
    package enum Comparison: String, Sendable, Hashable {
        case greater = ">"
        case greaterOrEqual = ">="
        case equal = "="
    }

    /// The stored record is kept when every clause of any one of these holds.
    package var keptWhen: [[Clause]] {
        switch self {
        case .seen:
            return [
                [.storedIsSeen, .storedVersion(.greater)],
                [.storedOutcome(.completed), .newOutcome(.skipped), .storedVersion(.equal)],
            ]
        case .progress, .snooze:
            return [[.storedIsSeen, .storedVersion(.greaterOrEqual)]]
        }
    }

    /// Whether `stored` is kept rather than replaced by a record of `version` with `outcome`.
    package func keeps(_ stored: SeenRecord?, version: Int, outcome: SeenRecord.Outcome) -> Bool {
        guard let stored else { return false }
        return keptWhen.contains { clauses in
            clauses.allSatisfy { clause in
                switch clause {
                case .storedIsSeen: return stored.outcome.countsAsSeen
                case .storedVersion(.greater): return stored.version > version
                case .storedVersion(.greaterOrEqual): return stored.version >= version
                case .storedVersion(.equal): return stored.version == version
                case .storedOutcome(let wanted): return stored.outcome == wanted
                case .newOutcome(let wanted): return outcome == wanted
                }
            }
        }
    }

    /// The record after applying a write to `stored`: `stored` itself when the rule keeps it,
    /// else the new record (a finished outcome keeps the stored `lastPage`; only a snooze has
    /// a `snoozedUntil`).
    package func applied(
        to stored: SeenRecord?, user: String, walkthrough: String, version: Int,
        outcome: SeenRecord.Outcome, page: Int, at stamp: Timestamp,
        snoozedUntil: Timestamp? = nil
    ) -> SeenRecord {
        if let stored, keeps(stored, version: version, outcome: outcome) { return stored }
        return SeenRecord(
            user: stored?.user ?? user, walkthrough: stored?.walkthrough ?? walkthrough,
            version: version, outcome: outcome,
            lastPage: self == .seen ? stored?.lastPage ?? 0 : page, updatedAt: stamp,
            snoozedUntil: self == .snooze ? snoozedUntil : nil)
    }
}
