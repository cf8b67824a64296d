import WalkthroughKit

// MARK: - A server that is down costs one launch

/// After a launch could not reach the server, the replica remembers it (in `replica_meta`), and
/// the launches that follow answer from what the replica holds without waiting, until a back-off
/// has passed: 30 s after the first failed contact, doubling with each failed contact after
/// that, never longer than `WALKTHROUGH_SYNC_INTERVAL`. Writes wait in the outbox meanwhile.
/// A contact that succeeds forgets the failures. The administrative views (`sync`, `db`, …)
/// ask the server whatever the back-off says.
extension ReplicaSeenStore {
    /// The first back-off: 30 s.
    static let firstBackoff = Duration.seconds(30)

    /// The failed contact the replica remembers, if any.
    struct FailedContact: Sendable, Hashable {
        /// When the contact failed, in milliseconds since 1970.
        var at: Int64
        /// How long it holds the next launches off, in milliseconds (before the cap of the
        /// sync interval in force then).
        var backoff: Int64
    }

    /// The remembered failed contact, read from the replica once per store.
    func failedContact() -> FailedContact? {
        contact.withLock { known in
            if let known { return known }
            let read = Self.readFailedContact(self)
            known = .some(read)
            return read
        }
    }

    private static func readFailedContact(_ store: ReplicaSeenStore) -> FailedContact? {
        guard let at = (try? store.readMeta("contactFailedAt")).flatMap(Int64.init),
            let backoff = (try? store.readMeta("contactBackoff")).flatMap(Int64.init)
        else { return nil }
        return FailedContact(at: at, backoff: backoff)
    }

    /// Until when the launches hold off, or `nil` when the server may be asked now.
    func backingOffUntil() -> Timestamp? {
        guard let failed = failedContact() else { return nil }
        let interval = settings.syncInterval.wholeMilliseconds
        let until = failed.at + min(failed.backoff, interval)
        let now = now().millisecondsSince1970
        // A clock set back since the failure (a failure "in the future") holds nothing off.
        guard now >= failed.at, now < until else { return nil }
        return Timestamp(millisecondsSince1970: until)
    }

    /// Remembers that the server could not be reached just now: the back-off doubles from the
    /// last one (30 s the first time), up to the sync interval.
    func rememberFailedContact() {
        guard !options.localOnly else { return }
        let interval = settings.syncInterval.wholeMilliseconds
        let first = Self.firstBackoff.wholeMilliseconds
        let backoff = failedContact().map { min($0.backoff * 2, interval) } ?? min(first, interval)
        let failed = FailedContact(at: now().millisecondsSince1970, backoff: max(backoff, 0))
        let written: Bool
        do {
            try local.transaction { transaction throws(SeenStoreError) in
                try Self.writeMeta("contactFailedAt", String(failed.at), in: transaction)
                try Self.writeMeta("contactBackoff", String(failed.backoff), in: transaction)
            }
            written = true
        } catch {
            written = false
        }
        if written { contact.withLock { $0 = .some(failed) } }
    }

    /// Forgets a remembered failed contact once the server answered (nothing is written when
    /// there is none).
    func forgetFailedContact() {
        guard !options.localOnly, failedContact() != nil else { return }
        do {
            try local.run(ReplicaLocalSQL.forgetFailedContact)
            contact.withLock { $0 = .some(nil) }
        } catch {
            // Kept: the next launch holds off once more, which costs it nothing.
        }
    }
}
