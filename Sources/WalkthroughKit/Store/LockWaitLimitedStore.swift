/// A store whose writes wait for another process's lock on a file (``SQLiteSeenStore``, and
/// the replica's SQLite file), able to make one write with less patience than its busy
/// timeout.
///
/// ``Session/interrupted(by:)`` writes through it: a signal asks the process to end, so the
/// `interrupted` event is tried for at most ``Session/interruptedLockWait`` rather than the
/// busy timeout (60 s by default); every other write keeps the store's usual patience.
package protocol LockWaitLimitedStore: EventRecordingStore {
    /// `EventRecordingStore.write(_:)`, waiting at most `limit` (and never longer than the
    /// busy timeout) for another process's lock.
    ///
    /// - Throws: ``SeenStoreError/locked(path:timeout:)`` naming `limit` when the lock was
    ///   still held; the store's other errors as `EventRecordingStore.write(_:)` throws them.
    func write(_ step: SessionStep, waitingAtMost limit: Duration) throws
}
