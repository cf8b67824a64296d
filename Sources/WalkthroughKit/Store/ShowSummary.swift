/// What a store's events say of a user's automatic shows; see
/// `EventRecordingStore.showSummary(user:walkthrough:version:)`.
package struct ShowSummary: Sendable, Hashable {
    /// Automatic shows (`started`, not forced) of the walkthrough at the version.
    public var shows: Int
    /// The last automatic show of any walkthrough to the user.
    public var lastShow: Timestamp?
    /// The highest version below the one asked that the user finished.
    public var finishedVersion: Int?

    /// A summary.
    public init(shows: Int = 0, lastShow: Timestamp? = nil, finishedVersion: Int? = nil) {
        self.shows = shows
        self.lastShow = lastShow
        self.finishedVersion = finishedVersion
    }
}

extension EventRecordingStore {
    /// Default: the user's events, one at a time.
    public func showSummary(
        user: String, walkthrough: String, version: Int
    ) throws -> ShowSummary {
        var summary = ShowSummary()
        try forEachEvent(matching: EventFilter(user: user)) { event in
            switch event.kind {
            case .started(_, _, forced: false):
                if summary.lastShow.map({ event.time > $0 }) ?? true {
                    summary.lastShow = event.time
                }
                if event.walkthrough == walkthrough, event.version == version {
                    summary.shows += 1
                }
            case .finished where event.walkthrough == walkthrough && event.version < version:
                summary.finishedVersion = max(summary.finishedVersion ?? 0, event.version)
            default:
                break
            }
        }
        return summary
    }

    /// Default: the user's events, one at a time.
    package func automaticShows(user: String, since: Timestamp) throws -> Int {
        var count = 0
        try forEachEvent(matching: EventFilter(user: user, since: since)) { event in
            if case .started(_, _, forced: false) = event.kind { count += 1 }
        }
        return count
    }
}
