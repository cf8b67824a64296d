@preconcurrency import Glibc

/// Runs work on its own POSIX thread: blocking work (a player waiting in `poll(2)`) that must
/// not hold a cooperative thread, or work done beside the caller's (the player decodes the first
/// page's picture while the store commits).
///
/// When no thread can be made (`pthread_create` fails, as at a process's thread limit), the work
/// runs at once on the caller's thread, before `init` returns: it is done either way, and
/// ``join()`` returns at once.
package final class BackgroundThread: @unchecked Sendable {
    // Written once, in `init`, before the value is shared.
    private var thread: pthread_t?

    /// Starts `work` at once.
    package init(_ work: @escaping @Sendable () -> Void) {
        let box = Unmanaged.passRetained(WorkBox(work))
        var created = pthread_t()
        if pthread_create(&created, nil, runWorkBox, box.toOpaque()) == 0 {
            thread = created
        } else {
            box.takeRetainedValue().work()
        }
    }

    /// Starts `work` on a thread of its own; `nil`, the work not done, when no thread can be
    /// made (for work that must not run on the caller's thread: a loop that ends only when
    /// told).
    package static func ifPossible(_ work: @escaping @Sendable () -> Void) -> BackgroundThread? {
        let box = Unmanaged.passRetained(WorkBox(work))
        var created = pthread_t()
        guard pthread_create(&created, nil, runWorkBox, box.toOpaque()) == 0 else {
            box.release()
            return nil
        }
        return BackgroundThread(running: created)
    }

    private init(running thread: pthread_t) {
        self.thread = thread
    }

    /// Waits for the work to end. Call it once.
    package func join() {
        guard let thread else { return }
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
