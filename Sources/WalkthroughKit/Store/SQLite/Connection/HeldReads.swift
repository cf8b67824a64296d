import CSQLite
@preconcurrency import Glibc

/// Read transactions kept open across calls, for a process that reads one store many thousand
/// times a second on several connections (`walkthrough serve`).
///
/// In the rollback journal, every read transaction takes SQLite's shared lock and, before its
/// first page, checks the file for a hot journal and a change (three `stat`s, a `pread`, the
/// `fcntl` locks): a fifth of the processor time of a single evaluation `walkthrough serve`
/// answers. A connection given to ``HeldReads``
/// (``SQLiteSeenStore/holdReads(in:)``) leaves its read transaction open after a call, and the
/// calls that follow read in it, until it is ``bound`` old:
///
/// - Nothing read is stale: while a connection holds the shared lock, no connection of any
///   process can commit to the file. A writer waits for the lock as for any reader's.
/// - A writer of this process (any connection given to the same ``HeldReads``) waits for no
///   held transaction: when it begins, the held transactions of connections between calls
///   end at once, those in a call end as the call returns, and none begins until it is done.
/// - A writer of another process waits little more than it would for a read in progress: a
///   call ends its transaction once ``bound`` old, and a thread of this type ends those of
///   connections no call uses (at most twice ``bound`` after they began); the writer's next
///   try then gets the lock. With no calls,
///   no transaction is held and the thread sleeps.
///
/// A call that writes outside `BEGIN IMMEDIATE`, or fails, ends its transaction before it
/// returns.
package final class HeldReads: @unchecked Sendable {
    /// How long a read transaction is kept open.
    package let bound: Duration
    private let boundNanoseconds: UInt64
    /// How many writers of this process are at work: read by every call without a lock.
    private let writers: UnsafeMutablePointer<Int>
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let opened: UnsafeMutablePointer<pthread_cond_t>
    // Guarded by `mutex`.
    private var open = 0
    private var stopped = false
    private var members: [@Sendable (_ olderThan: UInt64, _ waiting: Bool) -> Void] = []
    // Set in `init`, cleared by `stop()`.
    private var sweeper: BackgroundThread?

    /// Transactions kept open for at most `bound` (1 ms unless given), and the thread that ends
    /// those no call uses. When no thread can be made, no transaction is held.
    ///
    /// Call ``stop()`` when done: the thread keeps the value alive until then.
    package init(bound: Duration = .milliseconds(1)) {
        self.bound = bound
        let (seconds, attoseconds) = bound.components
        boundNanoseconds = UInt64(seconds) * 1_000_000_000 + UInt64(attoseconds / 1_000_000_000)
        writers = .allocate(capacity: 1)
        writers.initialize(to: 0)
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        opened = .allocate(capacity: 1)
        opened.initialize(to: pthread_cond_t())
        // Its timed waits count on the monotonic clock, as ``MonotonicClock`` does.
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(opened, &attributes)
        pthread_condattr_destroy(&attributes)
        sweeper = BackgroundThread.ifPossible { [self] in sweepUntilStopped() }
        // Without the thread, a transaction no call ends would be held for ever.
        if sweeper == nil { walkthrough_atomic_add(writers, 1) }
    }

    deinit {
        pthread_cond_destroy(opened)
        pthread_mutex_destroy(mutex)
        opened.deallocate()
        mutex.deallocate()
        writers.deallocate()
    }

    /// Ends every held transaction, waiting for calls in progress, and the thread; calls made
    /// after it hold nothing. Call it once.
    package func stop() {
        // A writer that never ends: no call begins to hold, every call in progress ends its.
        walkthrough_atomic_add(writers, 1)
        pthread_mutex_lock(mutex)
        stopped = true
        pthread_cond_signal(opened)
        pthread_mutex_unlock(mutex)
        sweeper?.join()
        sweeper = nil
    }

    // MARK: - Connections

    /// Adds a connection's release: called from any thread with an age in nanoseconds, it ends
    /// the connection's held transaction if that old, skipping a connection a call is using
    /// unless told to wait for it.
    func add(_ release: @escaping @Sendable (_ olderThan: UInt64, _ waiting: Bool) -> Void) {
        pthread_mutex_lock(mutex)
        members.append(release)
        pthread_mutex_unlock(mutex)
    }

    /// Whether a call may begin to hold its transaction now: not stopped, no writer at work.
    var mayHold: Bool { walkthrough_atomic_load(writers) == 0 }

    /// Whether a transaction that began at `start` must end now: it is ``bound`` old, a
    /// writer is at work, or holding has stopped.
    func mustEnd(heldSince start: UInt64) -> Bool {
        walkthrough_atomic_load(writers) != 0
            || MonotonicClock.nanoseconds() &- start >= boundNanoseconds
    }

    /// A connection began to hold a transaction.
    func didBegin() {
        pthread_mutex_lock(mutex)
        open += 1
        if open == 1 { pthread_cond_signal(opened) }
        pthread_mutex_unlock(mutex)
    }

    /// A connection ended its held transaction.
    func didEnd() {
        pthread_mutex_lock(mutex)
        open -= 1
        pthread_mutex_unlock(mutex)
    }

    // MARK: - Writers

    /// A writer of this process begins: held transactions end (those of connections between
    /// calls at once), and none begins until ``writerEnded()``.
    func writerBegan() {
        walkthrough_atomic_add(writers, 1)
        release(olderThan: 0, waiting: false)
    }

    /// The writer that began last is done.
    func writerEnded() {
        walkthrough_atomic_add(writers, -1)
    }

    // MARK: - The thread

    /// Each member's release.
    private func release(olderThan age: UInt64, waiting: Bool) {
        pthread_mutex_lock(mutex)
        let releases = members
        pthread_mutex_unlock(mutex)
        for release in releases { release(age, waiting) }
    }

    /// Sleeps while nothing is held; otherwise, every ``bound``, ends the transactions that old
    /// of connections between calls. On stop, ends every one.
    private func sweepUntilStopped() {
        while true {
            pthread_mutex_lock(mutex)
            while open == 0, !stopped { pthread_cond_wait(opened, mutex) }
            if !stopped {
                // The pause, cut short by `stop()`.
                let wake = MonotonicClock.nanoseconds() + boundNanoseconds
                var deadline = timespec(
                    tv_sec: Int(wake / 1_000_000_000), tv_nsec: Int(wake % 1_000_000_000))
                _ = pthread_cond_timedwait(opened, mutex, &deadline)
            }
            let done = stopped
            pthread_mutex_unlock(mutex)
            if done { break }
            release(olderThan: boundNanoseconds, waiting: false)
        }
        release(olderThan: 0, waiting: true)
    }
}
