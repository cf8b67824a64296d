import Testing
import WalkthroughServer

/// 100 requests a second per user token's user, on a clock the test moves: no sleeping.
@Suite struct TokenBucketTests {
    static let start = ContinuousClock.now

    @Test func aHundredAtOnceThenRetryAfterOneSecond() {
        let bucket = TokenBucket()
        for index in 0..<100 {
            #expect(bucket.take("alice", at: Self.start) == .allowed, "request \(index + 1)")
        }
        #expect(bucket.take("alice", at: Self.start) == .limited(retryAfter: 1))
        #expect(bucket.take("alice", at: Self.start) == .limited(retryAfter: 1))
    }

    @Test func timeGivesRequestsBack() {
        let bucket = TokenBucket()
        for _ in 0..<100 { _ = bucket.take("alice", at: Self.start) }
        #expect(bucket.take("alice", at: Self.start) == .limited(retryAfter: 1))
        // 100 a second: 10 ms brings one back.
        let soon = Self.start + .milliseconds(10)
        #expect(bucket.take("alice", at: soon) == .allowed)
        #expect(bucket.take("alice", at: soon) == .limited(retryAfter: 1))
        // A second later the bucket is full again, and holds no more than 100.
        let later = Self.start + .seconds(5)
        for index in 0..<100 {
            #expect(bucket.take("alice", at: later) == .allowed, "request \(index + 1)")
        }
        #expect(bucket.take("alice", at: later) == .limited(retryAfter: 1))
    }

    @Test func eachUserHasTheirOwnBucket() {
        let bucket = TokenBucket()
        for _ in 0..<100 { _ = bucket.take("alice", at: Self.start) }
        #expect(bucket.take("alice", at: Self.start) == .limited(retryAfter: 1))
        #expect(bucket.take("bob", at: Self.start) == .allowed)
    }

    @Test func aSlowerRateAsksForALongerWait() {
        let bucket = TokenBucket(capacity: 2, refillPerSecond: 1)
        #expect(bucket.take("alice", at: Self.start) == .allowed)
        #expect(bucket.take("alice", at: Self.start) == .allowed)
        #expect(bucket.take("alice", at: Self.start) == .limited(retryAfter: 1))
        let slow = TokenBucket(capacity: 1, refillPerSecond: 1)
        #expect(slow.take("alice", at: Self.start) == .allowed)
        #expect(slow.take("alice", at: Self.start + .milliseconds(100)) == .limited(retryAfter: 1))
    }

    @Test func idleBucketsAreForgotten() {
        let bucket = TokenBucket()
        for user in 0..<1000 { _ = bucket.take("user\(user)", at: Self.start) }
        #expect(bucket.trackedUsers == 1000)
        _ = bucket.take("late", at: Self.start + .seconds(10))
        #expect(bucket.trackedUsers == 1)
        // A forgotten user starts with a full bucket, as they would have had anyway.
        for _ in 0..<100 {
            #expect(bucket.take("user1", at: Self.start + .seconds(10)) == .allowed)
        }
    }

    @Test func concurrentRequestsShareOneBucket() async {
        let bucket = TokenBucket()
        let allowed = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    var count = 0
                    for _ in 0..<50 where bucket.take("alice", at: Self.start) == .allowed {
                        count += 1
                    }
                    return count
                }
            }
            return await group.reduce(0, +)
        }
        #expect(allowed == 100)
    }
}
