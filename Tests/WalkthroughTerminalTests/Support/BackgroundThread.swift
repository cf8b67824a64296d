@preconcurrency import Glibc
import Synchronization

/// Runs blocking work (a player waiting in `poll(2)`) on its own POSIX thread, so it never
/// blocks the test runner's cooperative threads.
final class BackgroundThread: @unchecked Sendable {
    private var thread = pthread_t()

    /// Starts `work` at once.
    init(_ work: @escaping @Sendable () -> Void) {
        let box = Unmanaged.passRetained(WorkBox(work)).toOpaque()
        let status = pthread_create(&thread, nil, runWorkBox, box)
        precondition(status == 0, "pthread_create failed")
    }

    /// Waits for the work to end.
    func join() {
        pthread_join(thread, nil)
    }
}

/// The value a background thread produced, once it has.
final class Outcome<Value: Sendable>: Sendable {
    private let storage = Mutex<Value?>(nil)

    func set(_ value: Value) {
        storage.withLock { $0 = value }
    }

    var value: Value? { storage.withLock { $0 } }
}

private final class WorkBox {
    let work: @Sendable () -> Void

    init(_ work: @escaping @Sendable () -> Void) {
        self.work = work
    }
}

private func runWorkBox(_ raw: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    guard let raw else { return nil }
    Unmanaged<WorkBox>.fromOpaque(raw).takeRetainedValue().work()
    return nil
}
