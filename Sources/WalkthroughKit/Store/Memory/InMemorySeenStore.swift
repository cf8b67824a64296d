/// A ``SeenStore`` that keeps its records in memory, for tests and for tools that want no file.
///
/// It follows exactly the rules of ``SQLiteSeenStore``; one shared test suite runs against both.
/// Like SQLite, it compares user names and walkthrough ids by their UTF-8 bytes (so `"é"` and
/// `"e\u{301}"` are two users, as they are two rows in SQLite, although Swift calls the strings
/// equal) and keeps `updatedAt` to the millisecond.
public final class InMemorySeenStore: EventRecordingStore {
    /// A record's key, compared and hashed by UTF-8 bytes, as SQLite's `BINARY` collation does.
    private struct Key: Hashable {
        var user: String
        var walkthrough: String

        static func == (lhs: Key, rhs: Key) -> Bool {
            lhs.user.utf8.elementsEqual(rhs.user.utf8)
                && lhs.walkthrough.utf8.elementsEqual(rhs.walkthrough.utf8)
        }

        func hash(into hasher: inout Hasher) {
            for byte in user.utf8 { hasher.combine(byte) }
            hasher.combine(user.utf8.count)
            for byte in walkthrough.utf8 { hasher.combine(byte) }
        }
    }

    private let storage = Locked<[Key: SeenRecord]>([:])
    /// The events, in the order written; taken only while holding `storage`'s lock when both
    /// change together.
    private let eventLog = Locked<[WalkthroughEvent]>([])
    /// The client step ids written (``write(batch:)``).
    private let clientSteps = Locked<Set<String>>([])
    /// The goals users reached, in the order recorded.
    let goalLog = Locked<[ReachedGoal]>([])
    /// The donations, in the order recorded: the user, the name and the time (milliseconds).
    let donationLog = Locked<[(user: String, name: String, time: Int64)]>([])
    let now: @Sendable () -> Timestamp

    /// Creates an empty store.
    ///
    /// - Parameter now: The clock that stamps `updatedAt`; tests may pass a fixed one.
    public init(now: @escaping @Sendable () -> Timestamp = { Timestamp.now }) {
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
    ///
    /// - Precondition: `version >= 1`.
    public func markSeen(
        user: String, walkthrough: String, version: Int, outcome: Navigator.FinishOutcome
    ) {
        precondition(version >= 1, "a walkthrough's version is 1 or more")
        let stamp = now()
        storage.withLock { records in
            Self.markSeen(
                &records, user: user, walkthrough: walkthrough, version: version,
                outcome: outcome, stamp: stamp)
        }
    }

    /// Records that the user is on page `page` of an unfinished run at `version`.
    ///
    /// - Precondition: `version >= 1` and `page >= 0`.
    public func saveProgress(user: String, walkthrough: String, version: Int, page: Int) {
        precondition(version >= 1, "a walkthrough's version is 1 or more")
        precondition(page >= 0, "page indices are 0-based")
        let stamp = now()
        storage.withLock { records in
            Self.saveProgress(
                &records, user: user, walkthrough: walkthrough, version: version, page: page,
                stamp: stamp)
        }
    }

    // MARK: - Events

    /// Writes each step, one with a client id only when that id was never written here.
    package func write(batch steps: [SessionStep]) -> [Bool] {
        steps.map { step in
            if let id = step.clientID {
                guard clientSteps.withLock({ $0.insert(id).inserted }) else { return false }
            }
            write(step)
            return true
        }
    }

    /// Applies the step's change and appends its events, under the records' lock.
    package func write(_ step: SessionStep) {
        let stamp = now()
        storage.withLock { records in
            switch step.change {
            case .progress(let page):
                precondition(page >= 0, "page indices are 0-based")
                Self.saveProgress(
                    &records, user: step.user, walkthrough: step.walkthrough,
                    version: step.version, page: page, stamp: stamp)
            case .seen(let outcome):
                Self.markSeen(
                    &records, user: step.user, walkthrough: step.walkthrough,
                    version: step.version, outcome: outcome, stamp: stamp)
            case .snoozed(let page, let until):
                precondition(page >= 0, "page indices are 0-based")
                let key = Key(user: step.user, walkthrough: step.walkthrough)
                records[key] = SeenWriteRule.snooze.applied(
                    to: records[key], user: step.user, walkthrough: step.walkthrough,
                    version: step.version, outcome: .snoozed, page: page, at: stamp,
                    snoozedUntil: until)
            case nil:
                break
            }
            eventLog.withLock { $0 += step.stamped(stamp) }
        }
    }

    /// Calls `body` with the events `filter` lets through, oldest first.
    package func forEachEvent(
        matching filter: EventFilter, _ body: (WalkthroughEvent) throws -> Void
    ) rethrows {
        // Appended in time order (one clock, under one lock): a stable sort keeps that order.
        let events = eventLog.withLock { $0.filter(filter.matches) }
        for event in events { try body(event) }
    }

    /// Counts the user's automatic shows at or after `since`, under the lock, copying nothing.
    package func automaticShows(user: String, since: Timestamp) -> Int {
        let from = since.millisecondsSince1970
        return eventLog.withLock { events in
            events.reduce(0) { count, event in
                guard case .started(_, _, forced: false) = event.kind,
                    event.time.millisecondsSince1970 >= from,
                    event.user.utf8.elementsEqual(user.utf8)
                else { return count }
                return count + 1
            }
        }
    }

    /// Removes the events older than `date`; with `dryRun`, only counts them.
    public func pruneEvents(before date: Timestamp, dryRun: Bool) -> Int {
        let limit = date.millisecondsSince1970
        return eventLog.withLock { events in
            let old = events.filter { $0.time.millisecondsSince1970 < limit }.count
            if !dryRun { events.removeAll { $0.time.millisecondsSince1970 < limit } }
            return old
        }
    }

    /// Removes the events of `user` (of `walkthrough` only, when given), or of everyone's
    /// `walkthrough` when `user` is `nil`.
    private func removeEvents(user: String?, walkthrough: String?) {
        eventLog.withLock { events in
            events.removeAll { event in
                (user.map { event.user.utf8.elementsEqual($0.utf8) } ?? true)
                    && (walkthrough.map { event.walkthrough.utf8.elementsEqual($0.utf8) } ?? true)
            }
        }
    }

    // MARK: - The rules, on the dictionary

    private static func markSeen(
        _ records: inout [Key: SeenRecord], user: String, walkthrough: String, version: Int,
        outcome: Navigator.FinishOutcome, stamp: Timestamp
    ) {
        let key = Key(user: user, walkthrough: walkthrough)
        records[key] = SeenWriteRule.seen.applied(
            to: records[key], user: user, walkthrough: walkthrough, version: version,
            outcome: SeenRecord.Outcome(outcome), page: 0, at: stamp)
    }

    private static func saveProgress(
        _ records: inout [Key: SeenRecord], user: String, walkthrough: String, version: Int,
        page: Int, stamp: Timestamp
    ) {
        let key = Key(user: user, walkthrough: walkthrough)
        records[key] = SeenWriteRule.progress.applied(
            to: records[key], user: user, walkthrough: walkthrough, version: version,
            outcome: .inProgress, page: page, at: stamp)
    }

    /// Removes the user's record of `walkthrough` and its events, or all the user's records,
    /// events, goals and donations when `nil`.
    @discardableResult
    public func reset(user: String, walkthrough: String?) -> Int {
        defer {
            removeEvents(user: user, walkthrough: walkthrough)
            if walkthrough == nil {
                goalLog.withLock { $0.removeAll { $0.user.utf8.elementsEqual(user.utf8) } }
                donationLog.withLock { $0.removeAll { $0.user.utf8.elementsEqual(user.utf8) } }
            }
        }
        return storage.withLock { records in
            if let walkthrough {
                return records.removeValue(forKey: Key(user: user, walkthrough: walkthrough))
                    == nil ? 0 : 1
            }
            let keys = records.keys.filter { $0.user.utf8.elementsEqual(user.utf8) }
            for key in keys { records.removeValue(forKey: key) }
            return keys.count
        }
    }

    /// Removes every user's record of `walkthrough`.
    @discardableResult
    public func resetAllUsers(walkthrough: String) -> Int {
        defer { removeEvents(user: nil, walkthrough: walkthrough) }
        return storage.withLock { records in
            let keys = records.keys.filter { $0.walkthrough.utf8.elementsEqual(walkthrough.utf8) }
            for key in keys { records.removeValue(forKey: key) }
            return keys.count
        }
    }

    /// The records of `user`, or of everyone, ordered by user then walkthrough.
    public func records(user: String?) -> [SeenRecord] {
        let all = storage.withLock { records in
            records.values.filter { user == nil || $0.user.utf8.elementsEqual(user!.utf8) }
        }
        return all.sorted { lhs, rhs in
            // Byte order, as SQLite's BINARY collation sorts.
            if !lhs.user.utf8.elementsEqual(rhs.user.utf8) {
                return lhs.user.utf8.lexicographicallyPrecedes(rhs.user.utf8)
            }
            return lhs.walkthrough.utf8.lexicographicallyPrecedes(rhs.walkthrough.utf8)
        }
    }
}
