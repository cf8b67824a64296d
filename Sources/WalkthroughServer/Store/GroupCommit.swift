@preconcurrency import Glibc
import WalkthroughKit

/// Steps that arrive together, committed together: while one transaction commits (and
/// syncs), the steps that arrive wait; the next commit takes them all, in one transaction and
/// one sync. Each step's request is answered once its own commit returned.
///
/// The first waiting request that finds no commit running leads the next one; the others
/// sleep on a condition until theirs is done. No thread of its own, no timer: a lone step is
/// committed at once.
final class GroupCommit: @unchecked Sendable {
    /// One step waiting for its commit, and then what became of it.
    private final class Ticket {
        let step: SessionStep
        var outcome: Result<Bool, any Error>?
        init(_ step: SessionStep) { self.step = step }
    }

    private let store: any EventRecordingStore
    private var mutex = pthread_mutex_t()
    private var committed = pthread_cond_t()
    private var waiting: [Ticket] = []
    private var committing = false

    /// Commits into `store`.
    init(store: any EventRecordingStore) {
        self.store = store
        pthread_mutex_init(&mutex, nil)
        pthread_cond_init(&committed, nil)
    }

    deinit {
        pthread_cond_destroy(&committed)
        pthread_mutex_destroy(&mutex)
    }

    /// Writes `step` (``EventRecordingStore/write(batch:)``) with the others waiting, and
    /// returns once it is durable.
    ///
    /// - Returns: Whether it was written now (`false`: its client id was written before).
    /// - Throws: What the store threw for the commit that held it.
    func commit(_ step: SessionStep) throws -> Bool {
        let ticket = Ticket(step)
        pthread_mutex_lock(&mutex)
        waiting.append(ticket)
        while true {
            if let outcome = ticket.outcome {
                pthread_mutex_unlock(&mutex)
                return try outcome.get()
            }
            guard !committing else {
                pthread_cond_wait(&committed, &mutex)
                continue
            }
            // Lead the next commit: every step waiting now, this one among them.
            committing = true
            let batch = waiting
            waiting = []
            pthread_mutex_unlock(&mutex)
            let outcomes: [Result<Bool, any Error>]
            do {
                outcomes = try store.write(batch: batch.map(\.step)).map { .success($0) }
            } catch {
                outcomes = batch.map { _ in .failure(error) }
            }
            pthread_mutex_lock(&mutex)
            for (waiter, outcome) in zip(batch, outcomes) { waiter.outcome = outcome }
            committing = false
            pthread_cond_broadcast(&committed)
        }
    }
}
