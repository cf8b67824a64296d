import FoundationEssentials
import WalkthroughKit

/// The rules' decision for the command line (`due`, `play`, `list`): the library's one
/// decision (``DueDecision``), over a store opened read-only.
enum DueCheck {
    /// Whether `walkthrough` is due for `user`, reading the store at `path` read-only (a
    /// database that does not exist yet means nothing recorded; nothing is created). The quiet
    /// switch is read first: with it set the store is not opened.
    ///
    /// - Returns: The decision, and the user (bound by a row-secured store to its role).
    /// - Throws: ``SeenStoreError`` for a store that cannot be read.
    static func decide(
        _ walkthrough: Walkthrough, user: String, store options: StoreOptions, path: String,
        environment: [String: String]
    ) throws -> (DueDecision, user: String) {
        var user = user
        var history = ShowHistory()
        if QuietSwitch.reason(environment: environment) == nil {
            let seenStore = try SeenStores.openIfPresent(path, environment: environment)
            user = options.user(user, boundBy: seenStore)
            history = try ShowHistory.read(for: walkthrough, user: user, from: seenStore)
        }
        let decision = DueDecision.evaluate(
            walkthrough, user: user, history: history, environment: environment, now: Date())
        return (decision, user)
    }

    /// `onboarding is due for alice: 3 pages` or `onboarding is not due for alice: seen (…)`.
    static func sentence(_ decision: DueDecision, title: String) -> String {
        decision.isDue
            ? "\(title) is due for \(decision.user): \(decision.detail)."
            : "\(title) is not due for \(decision.user): \(decision.reason) (\(decision.detail))."
    }

    /// The `--json` object: exactly `walkthrough`, `user`, `due`, `reason`, `detail`, `pages`
    /// (1-based positions in the definition).
    static func json(_ decision: DueDecision) -> JSONText {
        .object([
            ("walkthrough", .string(decision.walkthrough)),
            ("user", .string(decision.user)),
            ("due", .bool(decision.isDue)),
            ("reason", .string(decision.reason.rawValue)),
            ("detail", .string(decision.detail)),
            ("pages", .array(decision.pages.map { .integer($0 + 1) })),
        ])
    }
}
