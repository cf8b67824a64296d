// MARK: - Donations

extension InMemorySeenStore: DonationStore {
    /// Appends the donation, stamped now, and forgets the user's donations of `name` past the
    /// newest 1,000 (by time, then the order recorded), as the SQL stores do.
    package func donate(_ name: String, user: String) -> Timestamp {
        let stamp = now().millisecondsSince1970
        donationLog.withLock { log in
            log.append((user, name, stamp))
            let mine = log.indices.filter {
                log[$0].user.utf8.elementsEqual(user.utf8)
                    && log[$0].name.utf8.elementsEqual(name.utf8)
            }
            guard mine.count > DonationSchema.keptPerName else { return }
            // Oldest first: by time, then position; drop all but the newest.
            let oldest = mine.sorted { (log[$0].time, $0) < (log[$1].time, $1) }
                .prefix(mine.count - DonationSchema.keptPerName)
            for index in oldest.sorted(by: >) { log.remove(at: index) }
        }
        return Timestamp(millisecondsSince1970: stamp)
    }

    /// The counts, by the bytes of the user and the names, as the SQL stores compare them.
    package func donationCounts(
        user: String, of names: [(name: String, since: Timestamp?)]
    ) -> [Int] {
        let log = donationLog.withLock { $0 }
        return names.map { entry in
            let earliest = entry.since?.millisecondsSince1970 ?? Int64.min
            return log.filter {
                $0.user.utf8.elementsEqual(user.utf8) && $0.name.utf8.elementsEqual(entry.name.utf8)
                    && $0.time >= earliest
            }.count
        }
    }
}
