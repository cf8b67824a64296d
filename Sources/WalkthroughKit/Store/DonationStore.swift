/// A store that keeps donations: what a host told the engine the user did, by name, with the
/// time (`walkthrough donate NAME`, ``FirstRunGate/donate(_:)``, `POST
/// /v1/users/{user}/events/{name}`), for the rules of `when.events`.
///
/// ``SQLiteSeenStore``, ``InMemorySeenStore``, `PostgresSeenStore` and the fleet's replica
/// (`WalkthroughFleet`) conform; a host's own ``SeenStore`` does not, and then every
/// `when.events` rule reads a count of 0. Only the newest
/// ``DonationSchema/keptPerName`` donations of each user and name are kept.
package protocol DonationStore: SeenStore {
    /// Records that `user` did `name` now, removing that user's donations of `name` past the
    /// newest ``DonationSchema/keptPerName``. Durable when it returns, as every other write.
    ///
    /// - Returns: The time recorded.
    func donate(_ name: String, user: String) throws -> Timestamp

    /// How many times `user` donated each name at or after its earliest time (`nil`: ever),
    /// in the order given: one read of the store for them all.
    func donationCounts(
        user: String, of names: [(name: String, since: Timestamp?)]
    ) throws
        -> [Int]
}
