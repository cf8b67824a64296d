import Foundation
import Testing
import WalkthroughTestSupport

/// Says whether the PostgreSQL tests run here, and why not when they do not.
///
/// Where PostgreSQL is not installed, every PostgreSQL test is left out (the behavioural suite
/// runs on the other stores only) and this test prints why. With `WALKTHROUGH_REQUIRE_POSTGRES=1`
/// (as `.ci/run` sets it) a missing server fails the run instead.
struct PostgresAvailabilityTests {
    @Test func postgresTestsRunOrSayWhyNot() {
        guard let reason = TestPostgres.unavailableReason else { return }
        let required = ProcessInfo.processInfo.environment["WALKTHROUGH_REQUIRE_POSTGRES"] == "1"
        if required {
            Issue.record("the PostgreSQL tests did not run: \(reason)")
        } else {
            print("note: the PostgreSQL tests did not run: \(reason)")
        }
    }
}
