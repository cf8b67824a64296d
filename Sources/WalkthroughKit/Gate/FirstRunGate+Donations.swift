extension FirstRunGate {
    /// Tells the engine that ``user`` did `name` now (deployed, searched, opened settings), for
    /// the walkthroughs whose `when.events` count it: kept with its time in the store, the
    /// newest 1,000 of each name. Never throws: what happened comes back as a value.
    ///
    /// ```swift
    /// FirstRunGate().donate("deployed")     // the current user, the default store
    /// ```
    ///
    /// ```json
    /// "when": {"events": {"deployed": {"min": 3, "within": "7d"}}}
    /// ```
    ///
    /// The store is created when missing; through a `postgresql://` store the donation is
    /// committed to this machine's replica and pushed, or queued while the server is out of
    /// reach. `walkthrough donate NAME` does the same.
    ///
    /// - Parameter name: What the user did: 1 to 64 letters, digits, `.`, `_` or `-`,
    ///   starting with a letter or digit (the id rules).
    /// - Returns: ``DonationResult/recorded(user:time:)``, or why nothing was recorded.
    public func donate(_ name: String) -> DonationResult {
        guard DefinitionFormat.isValidID(name) else { return .invalidName(name) }
        do {
            try UserName.validate(user)
        } catch {
            return .failed(.invalidUser(name: user, problem: error))
        }
        do {
            guard
                let opened = try store.open(
                    environment: variables, mode: .create, policy: policyInForce())
            else {
                preconditionFailure("a store opened to create is never missing")
            }
            guard let donations = SeenStoreCapabilities.donations(opened) else { return .notKept }
            // The user a row-secured store binds this role to, as every other write.
            let acting = Self.actingUser(chosen: chosenUser, login: user, store: opened)
            let time = try donations.donate(name, user: acting)
            return .recorded(user: acting, time: time)
        } catch {
            return .failed(.store(error))
        }
    }
}
