package import WalkthroughKit

// MARK: - Donations through the replica

extension ReplicaSeenStore: DonationStore {
    /// Commits the donation to the replica with its outbox entry in one transaction (durable
    /// here when it returns), then pushes within the budget: a server out of reach gets it
    /// with the next command that reaches it (`walkthrough sync`, or any write), once, by the
    /// entry's id, with the time it was made here.
    ///
    /// - Throws: ``SeenStoreError`` when the replica cannot be written, or the user is not the
    ///   one row security binds this role to.
    package func donate(_ name: String, user: String) throws(SeenStoreError) -> Timestamp {
        try checkUser(user)
        let stamp = now().millisecondsSince1970
        try local.transaction { transaction throws(SeenStoreError) in
            try transaction.donate(name, user: user, stamp: stamp)
            try Self.enqueue(
                OutboxEntry(donation: name, user: user, stamp: stamp), in: transaction)
        }
        pushWithinBudget()
        return Timestamp(millisecondsSince1970: stamp)
    }

    /// The counts from the replica: this machine's donations and, once the user's records
    /// were refreshed from the server, every machine's (a refresh brings the user's donations
    /// with the records). The administrative views ask the server, after pushing.
    package func donationCounts(
        user: String, of names: [(name: String, since: Timestamp?)]
    ) throws(SeenStoreError) -> [Int] {
        if options.administrative, let server = try presentServer() {
            return try server.donationCounts(user: user, of: names)
        }
        return try local.donationCounts(user: user, of: names)
    }
}
