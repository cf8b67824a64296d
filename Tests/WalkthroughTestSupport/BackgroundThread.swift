@preconcurrency import Glibc

/// Runs blocking work (a player waiting in `poll(2)`) on its own POSIX thread, so that it never
/// blocks the test runner's cooperative threads.
package final class BackgroundThread: @unchecked Sendable {
    // Written once, by `pthread_create` in `init`, before the value is shared.
    private var thread = pthread_t()

    /// Starts `work` at once.
    package init(_ work: @escaping @Sendable () -> Void) {
        let box = Unmanaged.passRetained(WorkBox(work)).toOpaque()
        let status = pthread_create(&thread, nil, runWorkBox, box)
        precondition(status == 0, "pthread_create failed: \(status)")
    }

    /// Waits for the work to end. Call it once.
    package func join() {
        pthread_join(thread, nil)
    }
}

/// The work, carried through `pthread_create`'s untyped argument.
private final class WorkBox {
    let work: @Sendable () -> Void

    init(_ work: @escaping @Sendable () -> Void) {
        self.work = work
    }
}

/// The thread's entry point: runs the box's work and releases the box.
private func runWorkBox(_ raw: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    guard let raw else { return nil }
    Unmanaged<WorkBox>.fromOpaque(raw).takeRetainedValue().work()
    return nil
}
