import Testing
import WalkthroughKit
import WalkthroughTestSupport

/// The budget's count, `automaticShows(user:since:)`: one query per store (SQLite, PostgreSQL,
/// the replica, pgbouncer, in memory) that counts a user's automatic shows of every
/// walkthrough since a time, as the default walk through the events does.
struct AutomaticShowsTests {
    static let start = Timestamp(millisecondsSince1970: 1_796_083_200_000)

    @Test(arguments: StoreKind.allCases)
    func countsEveryWalkthroughsAutomaticShowsSinceATime(kind: StoreKind) throws {
        let clock = PolicyClock(Self.start)
        let store = try kind.make(now: clock.now).store
        func show(
            _ id: String, user: String = "alice", forced: Bool = false, at hour: Int64
        )
            throws
        {
            clock.set(
                Timestamp(
                    millisecondsSince1970: Self.start.millisecondsSince1970 + hour * 3_600_000))
            let walkthrough = Walkthrough(
                id: id,
                pages: [
                    Page(id: "p1", heading: "H", content: ""),
                    Page(id: "p2", heading: "H", content: ""),
                ])
            let session = try Session(
                walkthrough: walkthrough, user: user, store: store, forced: forced)
            try session.start()
            try session.next()  // a page event: not a show
            try session.quit()
        }
        try show("welcome", at: 1)
        try show("tips", at: 5)
        try show("tips", at: 6)  // resumed: a show again
        try show("news", forced: true, at: 7)  // forced: not a show
        try show("news", user: "bob", at: 8)  // another user's
        try show("welcome", at: 30)  // the next day

        let since = Timestamp(
            millisecondsSince1970: Self.start.millisecondsSince1970 + 5 * 3_600_000)
        #expect(try store.automaticShows(user: "alice", since: Self.start) == 4)
        #expect(try store.automaticShows(user: "alice", since: since) == 3)
        #expect(try store.automaticShows(user: "bob", since: Self.start) == 1)
        #expect(try store.automaticShows(user: "carol", since: Self.start) == 0)

        // The store's query agrees with the walk through the events.
        var walked = 0
        try store.forEachEvent(matching: EventFilter(user: "alice", since: since)) { event in
            if case .started(_, _, forced: false) = event.kind { walked += 1 }
        }
        #expect(walked == 3)
    }
}
