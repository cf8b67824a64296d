import WalkthroughKit

/// How many requests each user token's user may make: a token bucket per user, 100 requests
/// at once and 100 more each second by default (DESIGN: **Limits**); past that the answer is
/// 429 with `Retry-After`.
///
/// Thread-safe (one ``Locked`` dictionary). Memory stays bounded by the users active in the
/// last few seconds: a bucket that has had time to fill up again is the same as no bucket, so
/// at most once a second every bucket idle for longer than ``idleLimit`` is forgotten.
///
/// The time is given to each call (a monotonic `ContinuousClock` instant), so tests move it on
/// without waiting.
package final class TokenBucket: Sendable {
    /// The answer to one request.
    package enum Decision: Sendable, Hashable {
        /// The request may go on.
        case allowed
        /// The request is refused: a whole number of seconds (at least 1) after which one
        /// will be allowed, for `Retry-After`.
        case limited(retryAfter: Int)
    }

    /// One user's bucket.
    private struct Bucket {
        var tokens: Double
        var updated: ContinuousClock.Instant
    }

    private struct State {
        var buckets: [String: Bucket] = [:]
        var lastSweep: ContinuousClock.Instant?
    }

    /// The most requests at once.
    package let capacity: Double
    /// Requests added back each second.
    package let refillPerSecond: Double
    /// How long a bucket is kept without requests: by then it is full again.
    package let idleLimit: Duration

    private let state = Locked(State())

    /// A limiter allowing `capacity` requests at once and `refillPerSecond` a second after
    /// that, per user.
    package init(capacity: Int = 100, refillPerSecond: Int = 100) {
        precondition(capacity > 0 && refillPerSecond > 0, "a bucket must hold and refill")
        self.capacity = Double(capacity)
        self.refillPerSecond = Double(refillPerSecond)
        // The time to fill from empty, rounded up, and a second more.
        idleLimit = .seconds((capacity + refillPerSecond - 1) / refillPerSecond + 1)
    }

    /// Takes one request from `user`'s bucket at `now`.
    package func take(_ user: String, at now: ContinuousClock.Instant) -> Decision {
        state.withLock { state in
            sweep(&state, at: now)
            var bucket = state.buckets[user] ?? Bucket(tokens: capacity, updated: now)
            let elapsed = max(0, Self.seconds(now - bucket.updated))
            bucket.tokens = min(capacity, bucket.tokens + elapsed * refillPerSecond)
            bucket.updated = max(bucket.updated, now)
            let decision: Decision
            if bucket.tokens >= 1 {
                bucket.tokens -= 1
                decision = .allowed
            } else {
                let wait = ((1 - bucket.tokens) / refillPerSecond).rounded(.up)
                decision = .limited(retryAfter: max(1, Int(wait)))
            }
            state.buckets[user] = bucket
            return decision
        }
    }

    /// How many users have a bucket now (for tests of the memory bound).
    package var trackedUsers: Int {
        state.withLock { $0.buckets.count }
    }

    /// Forgets the buckets idle longer than ``idleLimit``, at most once a second.
    private func sweep(_ state: inout State, at now: ContinuousClock.Instant) {
        if let last = state.lastSweep, now - last < .seconds(1) { return }
        state.lastSweep = now
        state.buckets = state.buckets.filter { now - $0.value.updated <= idleLimit }
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    }
}
