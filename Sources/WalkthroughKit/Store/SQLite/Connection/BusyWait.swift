import CSQLite
@preconcurrency import Glibc

/// The busy handler of a ``Connection``: how long, and how, a statement that meets another
/// connection's lock waits before it fails with `SQLITE_BUSY`.
///
/// SQLite calls ``callback`` each time the lock it wants is held, with how many times it has
/// called it for this wait. The first call starts the clock; every call pauses 1 to 4 ms (chosen
/// at random, so that waiting processes do not retry in step) and asks SQLite to try again,
/// until the timeout has passed. Every waiter retries as often as every other, old or new, so
/// under heavy contention the lock goes round instead of going to the newest arrival.
package final class BusyWait {
    /// How many waits for a lock have begun on this connection.
    package let waits = WaitCount()

    /// How long one wait may last. Zero: fail at once.
    package var timeout: Duration = .zero
    /// When the current wait began (set by the first call of each wait).
    private var start: ContinuousClock.Instant = .now

    /// SQLite's busy handler: returns 1 to try again, 0 to give up.
    package static let callback: @convention(c) (UnsafeMutableRawPointer?, Int32) -> Int32 = {
        context, count in
        guard let context else { return 0 }
        let wait = Unmanaged<BusyWait>.fromOpaque(context).takeUnretainedValue()
        return wait.shouldRetry(count: count) ? 1 : 0
    }

    /// Whether to try again after this (the `count`-th) refusal, pausing first.
    private func shouldRetry(count: Int32) -> Bool {
        let now = ContinuousClock.now
        if count == 0 {
            start = now
            waits.increment()
        }
        let remaining = timeout - (now - start)
        guard remaining > .zero else { return false }
        let pause = Duration.microseconds(Int64.random(in: 1_000...4_000))
        let (seconds, attoseconds) = min(pause, remaining).components
        usleep(UInt32(seconds * 1_000_000 + attoseconds / 1_000_000_000_000))
        return true
    }
}

/// How many times a connection has begun to wait for another's lock: readable from any thread
/// while the connection itself is busy waiting, so that a test can release a lock once a writer
/// is really waiting for it, instead of sleeping and hoping.
package final class WaitCount: Sendable {
    private let value = Locked(0)

    /// Every connection's waits in this process, counted together.
    package static let process = WaitCount()

    /// The number of waits begun so far.
    package var current: Int { value.withLock { $0 } }

    package func increment() {
        value.withLock { $0 += 1 }
        if self !== Self.process { Self.process.increment() }
    }
}
