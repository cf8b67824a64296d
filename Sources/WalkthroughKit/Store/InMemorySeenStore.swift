public import FoundationEssentials
import Synchronization

/// A ``SeenStore`` that keeps its records in memory, for tests and for tools that want no file.
///
/// It follows exactly the rules of ``SQLiteSeenStore``; one shared test suite runs against both.
public final class InMemorySeenStore: SeenStore {
    private struct Key: Hashable {
        var user: String
        var walkthrough: String
    }

    private let storage = Mutex<[Key: SeenRecord]>([:])
    private let now: @Sendable () -> Date

    /// Creates an empty store.
    ///
    /// - Parameter now: The clock that stamps `updatedAt`; tests may pass a fixed one.
    public init(now: @escaping @Sendable () -> Date = { Date() }) {
        self.now = now
    }

    /// The user's record for `walkthrough`.
    public func record(user: String, walkthrough: String) -> SeenRecord? {
        storage.withLock { $0[Key(user: user, walkthrough: walkthrough)] }
    }

    /// Whether the user completed or skipped `walkthrough` at `version` or later.
    public func hasSeen(user: String, walkthrough: String, version: Int) -> Bool {
        record(user: user, walkthrough: walkthrough)?.isSeen(atLeast: version) ?? false
    }

    /// Records that the user finished `walkthrough` at `version`.
    public func markSeen(
        user: String, walkthrough: String, version: Int, outcome: FinishOutcome
    ) {
        let stamp = now()
        storage.withLock { records in
            let key = Key(user: user, walkthrough: walkthrough)
            let existing = records[key]
            if let existing, existing.outcome.countsAsSeen, existing.version > version { return }
            records[key] = SeenRecord(
                user: user, walkthrough: walkthrough, version: version,
                outcome: SeenOutcome(outcome), lastPage: existing?.lastPage ?? 0,
                updatedAt: stamp)
        }
    }

    /// Records that the user is on page `page` of an unfinished run at `version`.
    public func saveProgress(user: String, walkthrough: String, version: Int, page: Int) {
        let stamp = now()
        storage.withLock { records in
            let key = Key(user: user, walkthrough: walkthrough)
            if let existing = records[key], existing.isSeen(atLeast: version) { return }
            records[key] = SeenRecord(
                user: user, walkthrough: walkthrough, version: version, outcome: .inProgress,
                lastPage: page, updatedAt: stamp)
        }
    }

    /// Removes the user's record of `walkthrough`, or all the user's records when `nil`.
    public func reset(user: String, walkthrough: String?) -> Int {
        storage.withLock { records in
            if let walkthrough {
                return records.removeValue(forKey: Key(user: user, walkthrough: walkthrough))
                    == nil ? 0 : 1
            }
            let keys = records.keys.filter { $0.user == user }
            for key in keys { records.removeValue(forKey: key) }
            return keys.count
        }
    }

    /// Removes every user's record of `walkthrough`.
    public func resetAllUsers(walkthrough: String) -> Int {
        storage.withLock { records in
            let keys = records.keys.filter { $0.walkthrough == walkthrough }
            for key in keys { records.removeValue(forKey: key) }
            return keys.count
        }
    }

    /// The records of `user`, or of everyone, ordered by user then walkthrough.
    public func records(user: String?) -> [SeenRecord] {
        let all = storage.withLock { records in
            records.values.filter { user == nil || $0.user == user }
        }
        return all.sorted { lhs, rhs in
            // Byte order, as SQLite's BINARY collation sorts.
            if lhs.user != rhs.user {
                return lhs.user.utf8.lexicographicallyPrecedes(rhs.user.utf8)
            }
            return lhs.walkthrough.utf8.lexicographicallyPrecedes(rhs.walkthrough.utf8)
        }
    }
}
