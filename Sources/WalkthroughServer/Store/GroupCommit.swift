@preconcurrency import Glibc
import WalkthroughKit

/// Steps that arrive together, committed together: a thread of its own writes every step
/// waiting (``EventRecordingStore/write(pending:)``: one transaction, one sync, each step made
/// from the record it changes and answered with the record after), tells each step's caller
/// what became of it, and takes the group that gathered meanwhile. A lone step
/// is committed at once; no thread of the HTTP daemon waits for a sync (a step's connection
/// waits, suspended, for its answer).
final class GroupCommit: Sendable {
    /// Told once what became of a step: whether it was written now (`false`: its client id
    /// was written before) and the record after, or what the store threw for the commit that
    /// held it.
    typealias Done = @Sendable (Result<PendingStep.Outcome, any Error>) -> Void

    private let queue: StepQueue
    private let thread: BackgroundThread

    /// Commits into `store`, on a thread of its own.
    init(store: any EventRecordingStore) {
        let queue = StepQueue()
        self.queue = queue
        thread = BackgroundThread { queue.commitUntilStopped(into: store) }
    }

    deinit {
        // What is queued is committed first.
        queue.stop()
        thread.join()
    }

    /// Queues `step` for the next commit; `done` is told, on the committing thread, once it
    /// is durable or has failed.
    func submit(_ step: PendingStep, then done: @escaping Done) {
        queue.append(step, done)
    }

    /// ``submit(_:then:)``, waiting for the outcome.
    ///
    /// - Returns: Whether it was written now (`false`: its client id was written before), and
    ///   the record after.
    /// - Throws: What the store threw for the commit that held it.
    func commit(_ step: PendingStep) throws -> PendingStep.Outcome {
        let outcome = Locked<Result<PendingStep.Outcome, any Error>?>(nil)
        let arrived = Signal()
        submit(step) { result in
            outcome.withLock { $0 = result }
            arrived.fire()
        }
        arrived.wait()
        return try outcome.withLock { $0! }.get()
    }
}

/// The steps waiting for a commit, and the lock and condition the committing thread sleeps
/// on.
private final class StepQueue: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let arrived = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var waiting: [(step: PendingStep, done: GroupCommit.Done)] = []
    private var stopped = false

    init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(arrived, nil)
    }

    deinit {
        pthread_cond_destroy(arrived)
        pthread_mutex_destroy(mutex)
        arrived.deallocate()
        mutex.deallocate()
    }

    func append(_ step: PendingStep, _ done: @escaping GroupCommit.Done) {
        pthread_mutex_lock(mutex)
        waiting.append((step, done))
        pthread_cond_signal(arrived)
        pthread_mutex_unlock(mutex)
    }

    func stop() {
        pthread_mutex_lock(mutex)
        stopped = true
        pthread_cond_signal(arrived)
        pthread_mutex_unlock(mutex)
    }

    /// Commits every group as it gathers, until stopped and empty.
    func commitUntilStopped(into store: any EventRecordingStore) {
        while true {
            pthread_mutex_lock(mutex)
            while waiting.isEmpty, !stopped { pthread_cond_wait(arrived, mutex) }
            let batch = waiting
            waiting = []
            pthread_mutex_unlock(mutex)
            if batch.isEmpty { return }
            let outcomes: [Result<PendingStep.Outcome, any Error>]
            do {
                outcomes = try store.write(pending: batch.map(\.step)).map { .success($0) }
            } catch {
                outcomes = batch.map { _ in .failure(error) }
            }
            for (waiter, outcome) in zip(batch, outcomes) { waiter.done(outcome) }
        }
    }
}

/// A one-time event a thread waits for.
private final class Signal: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var fired = false

    init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    func fire() {
        pthread_mutex_lock(mutex)
        fired = true
        pthread_cond_broadcast(condition)
        pthread_mutex_unlock(mutex)
    }

    func wait() {
        pthread_mutex_lock(mutex)
        while !fired { pthread_cond_wait(condition, mutex) }
        pthread_mutex_unlock(mutex)
    }
}
