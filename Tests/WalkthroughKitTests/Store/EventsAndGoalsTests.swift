import Synchronization
import Testing
import WalkthroughTestSupport

@testable import WalkthroughKit

/// `walkthrough events` lists the goals reached as `goal` events in their place in time
/// (``ExperimentStore/forEachEventAndGoal(matching:_:)``): across pages of both, on the SQLite
/// store and the in-memory one, with the user and time filters; never for one walkthrough.
struct EventsAndGoalsTests {
    /// What was written, in the order `events` must list it: `page` events of alice, and goals
    /// named `goal:NAME` (alice's and bob's).
    private typealias Written = [(time: Int64, user: String, name: String)]

    /// 1,500 `page` events with 2,300 goals between them (a third of them bob's, one in five in
    /// the millisecond of the event before it), then 50 more goals: more than a page (1,000)
    /// of each.
    private static let written: Written = {
        var written: Written = []
        var time: Int64 = 1_800_000_000_000
        for index in 0..<1_500 {
            time += 10
            written.append((time, "alice", "page"))
            let user = index % 3 == 0 ? "bob" : "alice"
            for count in 0..<(index % 2 == 0 ? 1 : 2) {
                let tie = index % 5 == 0 && count == 0
                written.append((tie ? time : time + 1 + Int64(count), user, "goal:g\(index)"))
            }
        }
        for index in 0..<50 {
            written.append((time + 100 + Int64(index), "alice", "goal:late\(index)"))
        }
        return written
    }()

    enum Backend: String, CaseIterable { case sqlite, memory }

    /// A store holding ``written``: the SQLite file's rows inserted in one transaction, the
    /// in-memory store's recorded one by one on a clock that gives each its time.
    private func store(_ backend: Backend, _ folder: TemporaryFolder) throws -> any ExperimentStore
    {
        let times = Mutex(Self.written.map(\.time).makeIterator())
        let clock: @Sendable () -> Timestamp = {
            Timestamp(millisecondsSince1970: times.withLock { $0.next() } ?? 0)
        }
        switch backend {
        case .sqlite:
            let path = folder.file("seen.sqlite3")
            let store = try SQLiteSeenStore(path: path, now: clock)
            let raw = try RawDatabase(path)
            var sql = "BEGIN;"
            for row in Self.written {
                if row.name == "page" {
                    sql += """
                        INSERT INTO events (time, user, walkthrough, version, event, page)
                        VALUES (\(row.time), '\(row.user)', 'tour', 1, 'page', 0);
                        """
                } else {
                    sql += """
                        INSERT INTO goals (time, user, goal)
                        VALUES (\(row.time), '\(row.user)', '\(row.name.dropFirst(5))');
                        """
                }
            }
            try raw.exec(sql + "COMMIT;")
            return store
        case .memory:
            let store = InMemorySeenStore(now: clock)
            for row in Self.written {
                if row.name == "page" {
                    store.write(
                        SessionStep(
                            user: row.user, walkthrough: "tour", version: 1, change: nil,
                            events: [.init(.page, page: 0)]))
                } else {
                    store.recordGoal(String(row.name.dropFirst(5)), user: row.user)
                }
            }
            return store
        }
    }

    /// What `body` was called with, as `(time, name)`.
    private func listing(
        _ store: any ExperimentStore, _ filter: EventFilter
    ) throws -> [(time: Int64, name: String)] {
        var lines: [(Int64, String)] = []
        try store.forEachEventAndGoal(matching: filter) { recorded in
            switch recorded {
            case .session(let event):
                lines.append((event.time.millisecondsSince1970, event.kind.name))
            case .goal(let goal): lines.append((goal.time, "goal:" + goal.goal))
            }
        }
        return lines
    }

    @Test(arguments: Backend.allCases)
    func goalsComeInTheirPlaceInTimeAcrossPages(backend: Backend) throws {
        let folder = try TemporaryFolder()
        let store = try store(backend, folder)
        let written = Self.written

        let all = try listing(store, EventFilter())
        #expect(all.map(\.name) == written.map(\.name))
        #expect(all.map(\.time) == written.map(\.time))

        let alice = try listing(store, EventFilter(user: "alice"))
        #expect(alice.map(\.name) == written.filter { $0.user == "alice" }.map(\.name))

        let since = written[2_000].time
        let recent = try listing(store, EventFilter(since: Timestamp(millisecondsSince1970: since)))
        #expect(recent.map(\.name) == written.filter { $0.time >= since }.map(\.name))

        let tour = try listing(store, EventFilter(walkthrough: "tour"))
        #expect(tour.count == 1_500)
        #expect(tour.allSatisfy { $0.name == "page" }, "goals belong to no walkthrough")
    }
}
