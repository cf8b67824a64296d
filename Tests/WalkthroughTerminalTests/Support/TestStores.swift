import FoundationEssentials
import WalkthroughKit

/// A store error as a real store would throw it.
struct StoreFailure: Error, Equatable {
    var message: String
}

/// A store that works in memory until told to fail its writes.
final class FailingStore: SeenStore, @unchecked Sendable {
    private let inner = InMemorySeenStore()
    /// Fails `saveProgress` for this page index.
    let failOnPage: Int

    init(failOnPage: Int) {
        self.failOnPage = failOnPage
    }

    func record(user: String, walkthrough: String) throws -> SeenRecord? {
        inner.record(user: user, walkthrough: walkthrough)
    }

    func markSeen(
        user: String, walkthrough: String, version: Int, outcome: Navigator.FinishOutcome
    ) throws {
        inner.markSeen(user: user, walkthrough: walkthrough, version: version, outcome: outcome)
    }

    func saveProgress(user: String, walkthrough: String, version: Int, page: Int) throws {
        if page == failOnPage { throw StoreFailure(message: "disk I/O error") }
        inner.saveProgress(user: user, walkthrough: walkthrough, version: version, page: page)
    }

    func reset(user: String, walkthrough: String?) throws -> Int {
        inner.reset(user: user, walkthrough: walkthrough)
    }

    func records(user: String?) throws -> [SeenRecord] {
        inner.records(user: user)
    }
}
