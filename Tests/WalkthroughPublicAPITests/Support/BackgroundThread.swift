import Foundation
import Synchronization

/// Runs blocking work (a player waiting for keys) on its own POSIX thread, so that it never
/// blocks the test runner's cooperative threads.
final class BackgroundThread: @unchecked Sendable {
    private var thread = pthread_t()

    /// Starts `work` at once.
    init(_ work: @escaping @Sendable () -> Void) {
        let box = Unmanaged.passRetained(WorkBox(work)).toOpaque()
        let status = pthread_create(
            &thread, nil,
            { raw in
                Unmanaged<WorkBox>.fromOpaque(raw!).takeRetainedValue().work()
                return nil
            }, box)
        precondition(status == 0, "pthread_create failed")
    }

    /// Waits for the work to end.
    func join() {
        pthread_join(thread, nil)
    }
}

private final class WorkBox {
    let work: @Sendable () -> Void

    init(_ work: @escaping @Sendable () -> Void) {
        self.work = work
    }
}

/// A value set by one thread and read by another.
final class Shared<Value: Sendable>: Sendable {
    private let storage = Mutex<Value?>(nil)

    func set(_ value: Value) {
        storage.withLock { $0 = value }
    }

    var value: Value? { storage.withLock { $0 } }

    /// Waits (polling, up to 20 seconds) for the value.
    func wait() -> Value? {
        let deadline = ContinuousClock.now + .seconds(20)
        while value == nil && ContinuousClock.now < deadline { usleep(5000) }
        return value
    }
}
