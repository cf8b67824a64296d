public import WalkthroughKit

extension Onboarding {
    /// Tells the engine that the user did `name` now (deployed, searched, opened the
    /// settings), for the walkthroughs whose `when.events` count it. Never throws: what
    /// happened comes back as a value, and the tool goes on with its work.
    ///
    /// ```swift
    /// Onboarding.donate("deployed")     // the current user, the default store
    /// ```
    ///
    /// ```json
    /// "when": {"events": {"deployed": {"min": 3, "within": "7d"}}}
    /// ```
    ///
    /// The donation is kept with its time (the newest 1,000 of each name), through the fleet's
    /// replica on a `postgresql://` store. `walkthrough donate NAME` does the same.
    ///
    /// - Parameters:
    ///   - name: What the user did: 1 to 64 letters, digits, `.`, `_` or `-`, starting with a
    ///     letter or digit (the id rules).
    ///   - user: Who did it; by default the login name.
    ///   - store: The store; by default `$WALKTHROUGH_DB`, else the default SQLite store.
    ///   - environment: The variables read for the defaults; the process's by default.
    /// - Returns: `DonationResult.recorded(user:time:)`, or why nothing was recorded.
    public static func donate(
        _ name: String, user: String? = nil, store: SeenStoreLocation = .defaultPath,
        environment: [String: String] = ProcessEnvironment.current()
    ) -> DonationResult {
        FirstRunGate(user: user, store: store, environment: environment).donate(name)
    }
}
